import type { NodeKind } from '@groundplan/scene-graph';
import { cosine } from './embedder.js';
import type { SceneIndex } from './scene-index.js';

export type RankOptions = {
  /** Only nodes of these kinds (default: every indexed kind). */
  kinds?: readonly NodeKind[];
  /** Only these node ids (e.g. the nodes the search has made visible); unknown ids are left out. */
  candidates?: readonly string[];
  /** At most this many results (default: all). */
  limit?: number;
  /**
   * How much a container (room, asset, floor) takes from the best match among what it holds:
   * score = own + contents * max(0, best inside - own). 0 ranks by the node's own text only;
   * 1 scores a room as high as the banana in it. The default is the measured best (README).
   */
  contents?: number;
};

/** One ranked node; score is a cosine similarity in [-1, 1]. */
export type RankedNode = { id: string; kind: NodeKind; score: number };

/** The default weight of contents in a container's score, chosen on the 90 SayPlan tasks. */
export const DEFAULT_CONTENTS_WEIGHT = 0.75;

/** Ranks the scene's nodes by similarity to the instruction, best first; equal scores by id. */
export async function rankNodes(
  index: SceneIndex,
  instruction: string,
  options: RankOptions = {},
): Promise<RankedNode[]> {
  const [query] = await index.embedder.embed([instruction]);
  if (!query) return [];
  return rankByVector(index, query, options);
}

/** rankNodes with the instruction already embedded (one query ranked several ways embeds once). */
export function rankByVector(
  index: SceneIndex,
  query: Float32Array,
  options: RankOptions = {},
): RankedNode[] {
  const weight = options.contents ?? DEFAULT_CONTENTS_WEIGHT;
  const own = index.vectors.map((vector) => cosine(vector, query));
  const score = weight > 0 ? withContents(index, own, weight) : own;
  const kinds = options.kinds ? new Set(options.kinds) : undefined;
  const wanted = options.candidates ? new Set(options.candidates) : undefined;
  const ranked: RankedNode[] = [];
  index.nodes.forEach((node, i) => {
    if (kinds && !kinds.has(node.kind)) return;
    if (wanted && !wanted.has(node.id)) return;
    ranked.push({ id: node.id, kind: node.kind, score: score[i] as number });
  });
  ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return options.limit === undefined ? ranked : ranked.slice(0, Math.max(0, options.limit));
}

/** Each node's own score raised toward the best score in its subtree. */
function withContents(index: SceneIndex, own: number[], weight: number): number[] {
  const position = new Map(index.nodes.map((node, i) => [node.id, i]));
  const best = [...own];
  // Children before parents: walk each node's chain upwards, lifting every ancestor's best.
  index.nodes.forEach((node, i) => {
    let parent = node.parent === undefined ? undefined : position.get(node.parent);
    for (let depth = 0; parent !== undefined && depth < 10_000; depth++) {
      if ((best[parent] as number) < (own[i] as number)) best[parent] = own[i] as number;
      const up = index.nodes[parent]?.parent;
      parent = up === undefined ? undefined : position.get(up);
    }
  });
  return own.map((score, i) => score + weight * Math.max(0, (best[i] as number) - score));
}
