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
  /** How each index was obtained since the cache was made, and how many texts were embedded. */
  readonly counts: { memory: number; disk: number; embedded: number; textsEmbedded: number };
}

export type SceneIndexCacheOptions = {
  embedder: Embedder;
  /** Where indexes are kept across restarts; without it, memory only. */
  dir?: string;
  /** How many indexes to keep in memory, least recently used dropped first (default 16). */
  keep?: number;
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

/**
 * Makes the cache a worker keeps for its lifetime. Concurrent requests for one scene share one
 * embedding; a new version of a scene (the robot's belief after a step) embeds only the node
 * texts that no index kept in memory already has.
 */
export function createSceneIndexCache({ embedder, dir, keep = 16 }: SceneIndexCacheOptions): SceneIndexCache {
  // Insertion order is recency order: a hit moves its entry to the end, the oldest goes first.
  const memory = new Map<string, Promise<SceneIndex>>();
  const done = new Map<string, SceneIndex>();
  const counts = { memory: 0, disk: 0, embedded: 0, textsEmbedded: 0 };
  const fileOf = (sceneRef: string) =>
    dir === undefined
      ? undefined
      : join(dir, `${sceneRef.replace(/[^a-zA-Z0-9]+/g, '-')}.${embedder.model}.json`);

  const embedNew = async (nodes: NodeText[]): Promise<Float32Array[]> => {
    const known = new Map<string, Float32Array>();
    for (const index of done.values())
      index.nodes.forEach((node, i) => {
        known.set(node.text, index.vectors[i] as Float32Array);
      });
    const missing = [...new Set(nodes.map((node) => node.text).filter((text) => !known.has(text)))];
    const fresh = await embedder.embed(missing);
    missing.forEach((text, i) => {
      known.set(text, fresh[i] as Float32Array);
    });
    counts.textsEmbedded += missing.length;
    return nodes.map((node) => known.get(node.text) as Float32Array);
  };

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
    const vectors = await embedNew(nodes);
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
        memory.delete(key);
        memory.set(key, known);
        return known;
      }
      const pending = build(sceneRef, scene);
      memory.set(key, pending);
      pending.then(
        (index) => {
          if (memory.get(key) === pending) done.set(key, index);
        },
        () => memory.delete(key),
      );
      while (memory.size > Math.max(1, keep)) {
        const oldest = memory.keys().next().value as string;
        memory.delete(oldest);
        done.delete(oldest);
      }
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
