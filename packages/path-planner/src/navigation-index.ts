import type { SceneGraph } from '@groundplan/scene-graph';
import { MinHeap } from './min-heap.js';

/**
 * The navigation layer of one scene version, compacted for search: room and pose nodes numbered
 * 0..n-1, their undirected navigation edges in CSR form (both directions stored), positions where
 * known, and connected components so a disconnected query is answered without searching.
 */
export type NavigationIndex = {
  /** Dense number -> node id. */
  readonly ids: readonly string[];
  /** Node id -> dense number, for navigation nodes only. */
  readonly numberOf: ReadonlyMap<string, number>;
  /** Neighbours of node i are targets[offsets[i] .. offsets[i+1]), with weights alongside. */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly weights: Float64Array;
  /** x, y, z of node i at 3i..3i+2; NaN where the scene gives no position. */
  readonly positions: Float64Array;
  /** Connected component of each node; equal numbers mean a path exists. */
  readonly components: Int32Array;
  /**
   * True when every node has a position and every edge is at least as long as the straight line
   * between its ends: only then is the Euclidean heuristic admissible, so A* stays exact.
   */
  readonly euclideanAdmissible: boolean;
  /** Scratch space reused by every query on this index (queries are synchronous, so never shared). */
  readonly workspace: SearchWorkspace;
};

/** Per-query arrays, valid for a node only when its stamp equals the current query's stamp. */
export type SearchWorkspace = {
  readonly distance: Float64Array;
  readonly parent: Int32Array;
  readonly seen: Uint32Array;
  readonly settled: Uint32Array;
  readonly goal: Uint32Array;
  readonly heap: MinHeap;
  stamp: number;
};

const NAVIGATION_KINDS = new Set(['room', 'pose']);

// Relative slack for comparing an edge with the straight line, so rounding in Math.hypot never
// turns an edge derived from positions into one "shorter than the straight line".
const ROUNDING_SLACK = 1e-12;

/** Builds the compact navigation index of a scene graph; prefer navigationIndexOf, which caches it. */
export function buildNavigationIndex(graph: SceneGraph): NavigationIndex {
  const ids: string[] = [];
  const numberOf = new Map<string, number>();
  const number = (id: string): number => {
    let n = numberOf.get(id);
    if (n === undefined) {
      n = ids.length;
      ids.push(id);
      numberOf.set(id, n);
    }
    return n;
  };
  const known: number[] = []; // x, y, z per node in number order, NaN where unknown
  const remember = (position: readonly number[] | undefined) => {
    if (position) known.push(position[0]!, position[1]!, position[2]!);
    else known.push(Number.NaN, Number.NaN, Number.NaN);
  };
  graph.forEachNode((id, attributes) => {
    if (!NAVIGATION_KINDS.has(attributes.kind)) return;
    number(id);
    remember(attributes.position);
  });

  // Navigation edges are few kinds of edge among many, so collect them once before sizing arrays.
  const sources: number[] = [];
  const ends: number[] = [];
  const lengths: number[] = [];
  graph.forEachUndirectedEdge((_edge, attributes, source, target) => {
    if (attributes.kind !== 'navigation') return;
    sources.push(number(source));
    ends.push(number(target));
    lengths.push(attributes.distance);
  });

  const n = ids.length;
  const offsets = new Int32Array(n + 1);
  for (let e = 0; e < sources.length; e++) {
    offsets[sources[e]! + 1]!++;
    offsets[ends[e]! + 1]!++;
  }
  for (let i = 0; i < n; i++) offsets[i + 1]! += offsets[i]!;
  const fill = offsets.slice(0, n);
  const targets = new Int32Array(2 * sources.length);
  const weights = new Float64Array(2 * sources.length);
  for (let e = 0; e < sources.length; e++) {
    const a = sources[e]!;
    const b = ends[e]!;
    const w = lengths[e]!;
    targets[fill[a]!] = b;
    weights[fill[a]!++] = w;
    targets[fill[b]!] = a;
    weights[fill[b]!++] = w;
  }

  // Endpoints of navigation edges that are not rooms or poses were numbered after the scan.
  for (let i = known.length / 3; i < n; i++) remember(graph.getNodeAttribute(ids[i]!, 'position'));
  const positions = Float64Array.from(known);
  const allPositioned = !positions.some(Number.isNaN);

  return {
    ids,
    numberOf,
    offsets,
    targets,
    weights,
    positions,
    components: labelComponents(offsets, targets),
    euclideanAdmissible:
      allPositioned && edgesNoShorterThanStraightLines(offsets, targets, weights, positions),
    workspace: {
      distance: new Float64Array(n),
      parent: new Int32Array(n),
      seen: new Uint32Array(n),
      settled: new Uint32Array(n),
      goal: new Uint32Array(n),
      heap: new MinHeap(n),
      stamp: 0,
    },
  };
}

function edgesNoShorterThanStraightLines(
  offsets: Int32Array,
  targets: Int32Array,
  weights: Float64Array,
  positions: Float64Array,
): boolean {
  const n = offsets.length - 1;
  for (let a = 0; a < n; a++) {
    for (let e = offsets[a]!; e < offsets[a + 1]!; e++) {
      const b = targets[e]!;
      const straight = Math.hypot(
        positions[3 * a]! - positions[3 * b]!,
        positions[3 * a + 1]! - positions[3 * b + 1]!,
        positions[3 * a + 2]! - positions[3 * b + 2]!,
      );
      if (weights[e]! < straight * (1 - ROUNDING_SLACK)) return false;
    }
  }
  return true;
}

function labelComponents(offsets: Int32Array, targets: Int32Array): Int32Array {
  const n = offsets.length - 1;
  const components = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let next = 0;
  for (let start = 0; start < n; start++) {
    if (components[start] !== -1) continue;
    const label = next++;
    components[start] = label;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const v = stack[--top]!;
      for (let e = offsets[v]!; e < offsets[v + 1]!; e++) {
        const u = targets[e]!;
        if (components[u] === -1) {
          components[u] = label;
          stack[top++] = u;
        }
      }
    }
  }
  return components;
}

const cache = new WeakMap<SceneGraph, NavigationIndex>();

/**
 * The navigation index of a graph, built on first use and reused until the navigation layer
 * changes (a room or pose added or dropped, a navigation edge added, dropped or re-weighted, a
 * position moved). State changes, hierarchy edges and the agent's moves keep the index.
 */
export function navigationIndexOf(graph: SceneGraph): NavigationIndex {
  let index = cache.get(graph);
  if (index === undefined) {
    if (!watched.has(graph)) watchNavigationLayer(graph);
    index = buildNavigationIndex(graph);
    cache.set(graph, index);
  }
  return index;
}

const watched = new WeakSet<SceneGraph>();

function watchNavigationLayer(graph: SceneGraph): void {
  watched.add(graph);
  const forget = () => cache.delete(graph);
  const isNavigationNode = (attributes: { kind?: unknown } | undefined) =>
    attributes !== undefined && NAVIGATION_KINDS.has(attributes.kind as string);
  graph.on('nodeAdded', ({ attributes }) => {
    if (isNavigationNode(attributes)) forget();
  });
  graph.on('nodeDropped', ({ attributes }) => {
    if (isNavigationNode(attributes)) forget();
  });
  graph.on('edgeAdded', ({ attributes }) => {
    if (attributes.kind === 'navigation') forget();
  });
  graph.on('edgeDropped', ({ attributes }) => {
    if (attributes.kind === 'navigation') forget();
  });
  graph.on('edgeAttributesUpdated', ({ attributes }) => {
    if (attributes.kind === 'navigation') forget();
  });
  graph.on('nodeAttributesUpdated', (payload) => {
    // Only a navigation node's position or kind (or a whole-object update, which may hold them) matters.
    const index = cache.get(graph);
    const navigates = index?.numberOf.has(payload.key) || isNavigationNode(payload.attributes);
    if (!navigates) return;
    if ('name' in payload) {
      if (payload.name === 'position' || payload.name === 'kind') forget();
    } else if (payload.type !== 'merge' || 'position' in payload.data || 'kind' in payload.data) {
      forget();
    }
  });
  graph.on('cleared', forget);
  graph.on('edgesCleared', forget);
}
