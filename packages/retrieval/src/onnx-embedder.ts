import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { err, ok, type Result } from '@groundplan/scene-graph';
import { Tokenizer } from '@huggingface/tokenizers';
import ort from 'onnxruntime-node';
import type { Embedder } from './embedder.js';

/** Node texts are one short line; 128 word pieces is far more than any of them needs. */
const MAX_TOKENS = 128;
/** Texts per forward pass: big enough to amortise a call, small enough to pad little. */
const BATCH = 32;

export type LoadEmbedderOptions = {
  /** Threads of the ONNX session; default 1, since the machine is shared with the LLM worker. */
  threads?: number;
};

/**
 * Loads a sentence-transformers model exported to ONNX from a directory holding `model.onnx`
 * and the model's `tokenizer.json` (what scripts/install-model.sh installs). A missing or
 * corrupt file is a one-line error, so a worker can refuse to start instead of failing mid-run.
 */
export async function loadEmbedder(
  dir: string,
  options: LoadEmbedderOptions = {},
): Promise<Result<Embedder, string>> {
  const modelPath = join(dir, 'model.onnx');
  const tokenizerPath = join(dir, 'tokenizer.json');
  const hint = 'install it with `bash packages/retrieval/scripts/install-model.sh`';
  for (const path of [modelPath, tokenizerPath]) {
    const found = await stat(path).catch(() => undefined);
    if (!found?.isFile()) return err(`embedding model file ${path} is missing; ${hint}`);
  }
  let tokenizer: Tokenizer;
  try {
    tokenizer = new Tokenizer(JSON.parse(await readFile(tokenizerPath, 'utf8')), {});
  } catch (cause) {
    return err(`embedding tokenizer ${tokenizerPath} is corrupt (${firstLine(cause)}); ${hint}`);
  }
  let session: ort.InferenceSession;
  try {
    const threads = options.threads ?? 1;
    session = await ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
  } catch (cause) {
    return err(`embedding model ${modelPath} is corrupt or not an ONNX model (${firstLine(cause)}); ${hint}`);
  }
  const tokenStates = session.outputNames.find((name) => {
    const meta = session.outputMetadata.find((m) => m.name === name);
    return meta?.isTensor === true && meta.type === 'float32' && meta.shape.length === 3;
  });
  const dimension = tokenStates === undefined ? undefined : lastDimension(session, tokenStates);
  const problem =
    tokenStates === undefined || dimension === undefined
      ? 'has no [batch, tokens, dimension] float32 output; it is not a sentence encoder'
      : !session.inputNames.includes('input_ids') || !session.inputNames.includes('attention_mask')
        ? 'does not take input_ids and attention_mask; it is not a BERT-style encoder'
        : undefined;
  if (problem !== undefined || tokenStates === undefined || dimension === undefined) {
    await session.release();
    return err(`embedding model ${modelPath} ${problem}`);
  }
  const withTokenTypes = session.inputNames.includes('token_type_ids');

  const embedBatch = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const encoded = texts.map((text) => {
      const ids = tokenizer.encode(text).ids;
      // Cut a long text but keep its closing [SEP], as the model was trained to see one.
      return ids.length <= MAX_TOKENS
        ? ids
        : [...ids.slice(0, MAX_TOKENS - 1), ids[ids.length - 1] as number];
    });
    const width = Math.max(1, ...encoded.map((ids) => ids.length));
    const ids = new BigInt64Array(texts.length * width);
    const mask = new BigInt64Array(texts.length * width);
    encoded.forEach((row, r) => {
      row.forEach((id, c) => {
        ids[r * width + c] = BigInt(id);
        mask[r * width + c] = 1n;
      });
    });
    const shape = [texts.length, width];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', ids, shape),
      attention_mask: new ort.Tensor('int64', mask, shape),
    };
    if (withTokenTypes) feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(ids.length), shape);
    const output = await session.run(feeds, [tokenStates]);
    const states = output[tokenStates]?.data as Float32Array;
    return encoded.map((row, r) => meanPoolNormalised(states, r, row.length, width, dimension));
  };

  return ok({
    model: basename(dir),
    dimension,
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += BATCH)
        vectors.push(...(await embedBatch(texts.slice(start, start + BATCH))));
      return vectors;
    },
    close: () => session.release(),
  });
}

/** sentence-transformers pooling for these models: the mean of the real tokens' states, then L2. */
function meanPoolNormalised(
  states: Float32Array,
  row: number,
  tokens: number,
  width: number,
  dimension: number,
): Float32Array {
  const vector = new Float32Array(dimension);
  for (let t = 0; t < tokens; t++) {
    const offset = (row * width + t) * dimension;
    for (let d = 0; d < dimension; d++) vector[d] = (vector[d] as number) + (states[offset + d] as number);
  }
  let norm = 0;
  for (let d = 0; d < dimension; d++) norm += (vector[d] as number) ** 2;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let d = 0; d < dimension; d++) vector[d] = (vector[d] as number) * scale;
  return vector;
}

function lastDimension(session: ort.InferenceSession, output: string): number | undefined {
  const meta = session.outputMetadata.find((m) => m.name === output);
  const last = meta?.isTensor ? meta.shape[meta.shape.length - 1] : undefined;
  return typeof last === 'number' ? last : undefined;
}

const firstLine = (cause: unknown) =>
  (cause instanceof Error ? cause.message : String(cause)).split('\n')[0]?.trim() ?? 'unknown error';
