import type { NodeKind } from '../format/schema.js';
import type { SceneGraph } from './scene-graph.js';

// Kinds few enough to index: the skeleton a collapsed view shows, plus the agent.
const INDEXED_KINDS: ReadonlySet<NodeKind> = new Set(['campus', 'building', 'floor', 'room', 'agent']);

const indexes = new WeakMap<SceneGraph, Map<NodeKind, string[]>>();

/**
 * The ids of an indexed kind (campus, building, floor, room, agent), sorted. Built by one scan on
 * first use and kept until the graph adds, drops or re-kinds a node, so views never rescan a
 * large graph; state and position updates (what the simulator does) keep it.
 */
export function indexedNodes(graph: SceneGraph, kind: NodeKind): readonly string[] | undefined {
  if (!INDEXED_KINDS.has(kind)) return undefined;
  let index = indexes.get(graph);
  if (!index) {
    index = buildIndex(graph);
    indexes.set(graph, index);
    watch(graph);
  }
  return index.get(kind) ?? [];
}

function buildIndex(graph: SceneGraph): Map<NodeKind, string[]> {
  const index = new Map<NodeKind, string[]>();
  graph.forEachNode((id, attributes) => {
    if (!INDEXED_KINDS.has(attributes.kind)) return;
    const list = index.get(attributes.kind);
    if (list) list.push(id);
    else index.set(attributes.kind, [id]);
  });
  for (const list of index.values()) list.sort();
  return index;
}

const watched = new WeakSet<SceneGraph>();

function watch(graph: SceneGraph): void {
  if (watched.has(graph)) return;
  watched.add(graph);
  const forget = () => indexes.delete(graph);
  graph.on('nodeAdded', forget);
  graph.on('nodeDropped', forget);
  graph.on('cleared', forget);
  graph.on(
    'nodeAttributesUpdated',
    (event: { type: string; name?: string; data?: Record<string, unknown> }) => {
      if (event.type === 'set' || event.type === 'remove') {
        if (event.name === 'kind') forget();
      } else if (event.type === 'merge') {
        if (event.data && 'kind' in event.data) forget();
      } else forget();
    },
  );
}
