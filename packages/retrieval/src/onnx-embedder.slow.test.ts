import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine, type Embedder } from './embedder.js';
import { embeddingModelDir } from './model-catalogue.js';
import { loadEmbedder } from './onnx-embedder.js';

const modelDir = embeddingModelDir() as string;

describe('loadEmbedder with the installed all-MiniLM-L6-v2', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    const loaded = await loadEmbedder(modelDir);
    if (!loaded.ok) throw new Error(loaded.error);
    embedder = loaded.value;
  });
  afterAll(() => embedder.close());

  it('names the model by its directory and gives 384-dimensional unit vectors', async () => {
    const [vector] = await embedder.embed(['a mug on the coffee table']);
    expect(embedder.model).toBe('all-MiniLM-L6-v2-int8');
    expect(embedder.dimension).toBe(384);
    expect(vector).toHaveLength(384);
    expect(cosine(vector as Float32Array, vector as Float32Array)).toBeCloseTo(1, 5);
  });

  it('puts paraphrases closer than unrelated sentences (the reference pair scores about 0.755)', async () => {
    const [food, bread, baby] = (await embedder.embed([
      'A man is eating food.',
      'A man is eating a piece of bread.',
      'The girl is carrying a baby.',
    ])) as [Float32Array, Float32Array, Float32Array];
    expect(cosine(food, bread)).toBeGreaterThan(0.7);
    expect(cosine(food, bread)).toBeLessThan(0.8);
    expect(cosine(food, baby)).toBeLessThan(0.1);
  });

  it('gives a text the same vector alone and inside a padded batch of 40', async () => {
    const texts = Array.from({ length: 40 }, (_, i) =>
      i === 37 ? 'banana' : `a much longer text number ${i} about the kitchen bench`,
    );
    const batch = await embedder.embed(texts);
    const [alone] = await embedder.embed(['banana']);
    expect(batch).toHaveLength(40);
    expect(cosine(batch[37] as Float32Array, alone as Float32Array)).toBeCloseTo(1, 4);
  });

  it('cuts a text at 128 word pieces: texts that differ only after that get the same vector', async () => {
    const words = Array.from({ length: 200 }, (_, i) => `item${i}`).join(' ');
    const [a, b, short] = (await embedder.embed([
      `${words} kitchen`,
      `${words} garage`,
      'item0 kitchen',
    ])) as [Float32Array, Float32Array, Float32Array];
    expect(cosine(a, b)).toBeCloseTo(1, 5);
    expect(cosine(a, short)).toBeLessThan(0.99);
  });

  it('embeds nothing for no texts', async () => {
    expect(await embedder.embed([])).toEqual([]);
  });
});

describe('loadEmbedder on a bad model directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundplan-embedder-'));
  });

  it('says in one line which file is missing and how to install it', async () => {
    const loaded = await loadEmbedder(join(dir, 'nothing-here'));
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toContain(join(dir, 'nothing-here', 'model.onnx'));
    expect(loaded.error).toContain('install-model.sh');
    expect(loaded.error).not.toContain('\n');
  });

  it('says in one line that a model.onnx which is not ONNX is corrupt', async () => {
    const bad = join(dir, 'corrupt-model');
    await mkdir(bad);
    await writeFile(join(bad, 'model.onnx'), 'this is not a protobuf');
    await copyFile(join(modelDir, 'tokenizer.json'), join(bad, 'tokenizer.json'));
    const loaded = await loadEmbedder(bad);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatch(/^embedding model .*model\.onnx is corrupt or not an ONNX model/);
    expect(loaded.error).not.toContain('\n');
  });

  it('says in one line that a truncated model.onnx is corrupt', async () => {
    const bad = join(dir, 'truncated-model');
    await mkdir(bad);
    const whole = await readFile(join(modelDir, 'model.onnx'));
    await writeFile(join(bad, 'model.onnx'), whole.subarray(0, whole.length >> 1));
    await copyFile(join(modelDir, 'tokenizer.json'), join(bad, 'tokenizer.json'));
    const loaded = await loadEmbedder(bad);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatch(/^embedding model .*model\.onnx is corrupt or not an ONNX model/);
    expect(loaded.error).not.toContain('\n');
  });

  it('says in one line that a tokenizer.json which is not JSON is corrupt', async () => {
    const bad = join(dir, 'corrupt-tokenizer');
    await mkdir(bad);
    await copyFile(join(modelDir, 'model.onnx'), join(bad, 'model.onnx'));
    await writeFile(join(bad, 'tokenizer.json'), '{"truncated": ');
    const loaded = await loadEmbedder(bad);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatch(/^embedding tokenizer .*tokenizer\.json is corrupt/);
    expect(loaded.error).not.toContain('\n');
  });
});
