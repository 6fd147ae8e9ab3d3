/** A sentence encoder: texts in, one unit-length vector per text out (cosine = dot product). */
export interface Embedder {
  /** The model's name, part of every cache key so two models never share cached vectors. */
  readonly model: string;
  readonly dimension: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Frees the native session; the embedder is unusable afterwards. */
  close(): Promise<void>;
}

/** Cosine similarity of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
