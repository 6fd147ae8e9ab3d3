import { indexedNodes } from '../model/kind-index.js';
import { parentOf } from '../model/queries.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { countTokens } from '../tokens/count-tokens.js';
import { flatTree, groupRooms, nestedTree, type SearchTree } from './nested-tree.js';
import { renderWithTree } from './render.js';

/**
 * A building keeps the flat view while its flat collapsed view costs at most this many tokens: the
 * office (1,065) and the home (649) do; with the search prompt's 640 a step-0 prompt stays under
 * 2,000 tokens. Past FLAT_MAX_ROOMS rooms the view is nested without counting.
 */
export const FLAT_VIEW_TOKENS = 1_200;
const FLAT_MAX_ROOMS = 100;

const trees = new WeakMap<SceneGraph, SearchTree>();
const watched = new WeakSet<SceneGraph>();

/** The search tree of a scene, built once and kept until the scene adds, drops or re-links a node. */
export function searchTree(graph: SceneGraph): SearchTree {
  let tree = trees.get(graph);
  if (!tree) {
    tree = chooseTree(graph);
    trees.set(graph, tree);
    watch(graph);
  }
  return tree;
}

/** Whether the id names a group of the scene's search tree. */
export function isGroup(graph: SceneGraph, id: string): boolean {
  return searchTree(graph).groups.has(id);
}

/** The rooms beneath a group of the scene's search tree; none for an id that is not a group. */
export function roomsOfGroup(graph: SceneGraph, id: string): string[] {
  return groupRooms(searchTree(graph), id);
}

// The flat tree while its collapsed view is small enough to show whole, else the nested one.
function chooseTree(graph: SceneGraph): SearchTree {
  const rooms = indexedNodes(graph, 'room') ?? [];
  const flat = flatTree();
  if (
    rooms.length <= FLAT_MAX_ROOMS &&
    countTokens(renderWithTree(graph, { expanded: [], memory: [] }, flat)) <= FLAT_VIEW_TOKENS
  )
    return flat;
  return nestedTree(graph);
}

function watch(graph: SceneGraph): void {
  if (watched.has(graph)) return;
  watched.add(graph);
  const forget = () => trees.delete(graph);
  for (const event of ['nodeAdded', 'nodeDropped', 'cleared', 'edgesCleared'] as const)
    graph.on(event, forget);
  // Objects moving (the simulator's every step) leave the tree as it is; rooms and corridors do not.
  const edgeChanged = (event: { target: string; attributes: { kind: string } }) => {
    if (event.attributes.kind === 'navigation') forget();
    else if (event.attributes.kind === 'hierarchy') {
      const kind = graph.hasNode(event.target) ? graph.getNodeAttribute(event.target, 'kind') : undefined;
      if (kind !== 'asset' && kind !== 'object') forget();
    }
  };
  graph.on('edgeAdded', edgeChanged);
  graph.on('edgeDropped', edgeChanged);
}

/** The search parent of a node or group: its group, floor or building in a nested tree, else its scene parent. */
export function searchParentOf(graph: SceneGraph, id: string): string | undefined {
  const tree = searchTree(graph);
  return tree.parents.get(id) ?? (graph.hasNode(id) ? parentOf(graph, id)?.parent : undefined);
}
