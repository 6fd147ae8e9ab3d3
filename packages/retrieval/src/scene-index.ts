import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { NodeKind, type SceneGraph } from '@groundplan/scene-graph';
import { z } from 'zod';
import type { Embedder } from './embedder.js';
import { type NodeText, nodeTexts } from './node-texts.js';

/** A scene's node texts and their embeddings, for one scene ref and one model. */
export type SceneIndex = {
  sceneRef: string;
  model: string;
  /** The encoder that made the vectors; rankNodes embeds the instruction with it. */
  embedder: Embedder;
  nodes: NodeText[];
  /** vectors[i] is the unit embedding of nodes[i].text. */
  vectors: Float32Array[];
};

/** Scene indexes computed once per scene ref and model, kept in memory and on disk. */
export interface SceneIndexCache {
  /** The index of the scene with that ref: from memory, else the cache dir, else embedded now. */
  indexFor(sceneRef: string, scene: SceneGraph): Promise<SceneIndex>;
  /** How each index was obtained since the cache was made (for tests and logs). */
  readonly counts: { memory: number; disk: number; embedded: number };
}

export type SceneIndexCacheOptions = {
  embedder: Embedder;
  /** Where indexes are kept across restarts; without it, memory only. */
  dir?: string;
};

const FORMAT = 'groundplan.scene-index';
const VERSION = 1;
const StoredIndex = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  sceneRef: z.string(),
  model: z.string(),
  dimension: z.number().int().positive(),
  nodes: z.array(
    z.object({ id: z.string(), kind: NodeKind, text: z.string(), parent: z.string().optional() }),
  ),
  /** Every vector, concatenated in node order, as little-endian float32 in base64. */
  vectors: z.string(),
});

/** Makes the cache a worker keeps for its lifetime; concurrent requests for one scene share one embedding. */
export function createSceneIndexCache({ embedder, dir }: SceneIndexCacheOptions): SceneIndexCache {
  const memory = new Map<string, Promise<SceneIndex>>();
  const counts = { memory: 0, disk: 0, embedded: 0 };
  const fileOf = (sceneRef: string) =>
    dir === undefined
      ? undefined
      : join(dir, `${sceneRef.replace(/[^a-zA-Z0-9]+/g, '-')}.${embedder.model}.json`);

  const build = async (sceneRef: string, scene: SceneGraph): Promise<SceneIndex> => {
    const nodes = nodeTexts(scene);
    const file = fileOf(sceneRef);
    if (file !== undefined) {
      const stored = await readStored(file, sceneRef, embedder, nodes);
      if (stored) {
        counts.disk++;
        return stored;
      }
    }
    const vectors = await embedder.embed(nodes.map((node) => node.text));
    counts.embedded++;
    const index: SceneIndex = { sceneRef, model: embedder.model, embedder, nodes, vectors };
    if (file !== undefined) await writeStored(file, index);
    return index;
  };

  return {
    counts,
    indexFor(sceneRef, scene) {
      const key = `${sceneRef}\n${embedder.model}`;
      const known = memory.get(key);
      if (known) {
        counts.memory++;
        return known;
      }
      const pending = build(sceneRef, scene);
      memory.set(key, pending);
      pending.catch(() => memory.delete(key));
      return pending;
    },
  };
}

/** The stored index, or undefined when absent, unreadable, or made from other texts (a newer text recipe). */
async function readStored(
  file: string,
  sceneRef: string,
  embedder: Embedder,
  nodes: NodeText[],
): Promise<SceneIndex | undefined> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  const parsed = StoredIndex.safeParse(data);
  if (!parsed.success) return undefined;
  const stored = parsed.data;
  if (
    stored.sceneRef !== sceneRef ||
    stored.model !== embedder.model ||
    stored.dimension !== embedder.dimension
  )
    return undefined;
  if (
    stored.nodes.length !== nodes.length ||
    stored.nodes.some((n, i) => n.text !== nodes[i]?.text || n.id !== nodes[i]?.id)
  )
    return undefined;
  const bytes = Buffer.from(stored.vectors, 'base64');
  if (bytes.length !== nodes.length * stored.dimension * 4) return undefined;
  const all = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const vectors = nodes.map((_, i) => all.slice(i * stored.dimension, (i + 1) * stored.dimension));
  return { sceneRef, model: embedder.model, embedder, nodes, vectors };
}

/** Written to a temporary name and renamed, so a reader never sees half a file. */
async function writeStored(file: string, index: SceneIndex): Promise<void> {
  const dimension = index.embedder.dimension;
  const all = new Float32Array(index.vectors.length * dimension);
  index.vectors.forEach((vector, i) => {
    all.set(vector, i * dimension);
  });
  const stored: z.infer<typeof StoredIndex> = {
    format: FORMAT,
    version: VERSION,
    sceneRef: index.sceneRef,
    model: index.model,
    dimension,
    nodes: index.nodes,
    vectors: Buffer.from(all.buffer).toString('base64'),
  };
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(stored));
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}
