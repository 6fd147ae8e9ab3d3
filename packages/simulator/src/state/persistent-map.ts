const BUCKETS = 32;

/**
 * An immutable string-keyed map whose `set` copies one of 32 small buckets instead of the whole
 * map, so a plan that changes k nodes costs O(k / 32) per change and every earlier state stays
 * valid. A plan's changes are few, so this is enough; a HAMT library would be the next step.
 */
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(new Array(BUCKETS).fill(undefined), 0);
  }

  private constructor(
    private readonly buckets: readonly (ReadonlyMap<string, V> | undefined)[],
    readonly size: number,
  ) {}

  get(key: string): V | undefined {
    return this.buckets[bucketOf(key)]?.get(key);
  }

  has(key: string): boolean {
    return this.buckets[bucketOf(key)]?.has(key) ?? false;
  }

  /** A new map with the key set; this one is unchanged. */
  with(key: string, value: V): PersistentMap<V> {
    const index = bucketOf(key);
    const old = this.buckets[index];
    const bucket = new Map(old);
    bucket.set(key, value);
    const buckets = this.buckets.slice();
    buckets[index] = bucket;
    return new PersistentMap(buckets, this.size + (old?.has(key) ? 0 : 1));
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, value] of this) callback(value, key, this);
  }

  *entries(): MapIterator<[string, V]> {
    for (const bucket of this.buckets) if (bucket !== undefined) yield* bucket.entries();
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}

/** FNV-1a over the id's characters, folded onto a bucket. */
function bucketOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}
