import type { NodeKind } from '../format/schema.js';
import { indexedNodes } from '../model/kind-index.js';
import { agentLocation, agentOf, childrenOf, hasChildren, heldObject, parentOf } from '../model/queries.js';
import type { SceneGraph } from '../model/scene-graph.js';
import type { SearchTree } from './nested-tree.js';

/**
 * What the LLM currently sees of a scene, as SayPlan's semantic search builds it: the expanded
 * nodes and every node ever expanded (its memory), both sorted. Small, serializable, cheap to keep
 * in a Temporal workflow; never a copy of the graph.
 */
export type View = { expanded: string[]; memory: string[] };

/** The kinds a collapsed view always shows: the hierarchy down to rooms. */
export const SKELETON_KINDS: readonly NodeKind[] = ['campus', 'building', 'floor', 'room'];

/** What the view shows with the given search tree: scene nodes and groups, each sorted. */
export function visibleWithTree(
  graph: SceneGraph,
  view: View,
  tree: SearchTree,
): { nodes: string[]; groups: string[] } {
  const visible = new Set<string>();
  const groups: string[] = [];
  if (tree.flat) {
    for (const kind of SKELETON_KINDS) for (const id of indexedNodes(graph, kind) ?? []) visible.add(id);
    for (const id of view.expanded) for (const child of childrenOf(graph, id)) visible.add(child);
  } else {
    const expanded = new Set(view.expanded);
    const stack = [...tree.roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (tree.groups.has(id)) groups.push(id);
      else visible.add(id);
      const inTree = tree.children.get(id);
      if (inTree) {
        if (expanded.has(id) || opensItself(graph, tree, id)) stack.push(...inTree);
      } else if (expanded.has(id)) stack.push(...childrenOf(graph, id));
    }
  }
  const agent = agentOf(graph);
  if (agent !== undefined) {
    visible.add(agent);
    const place = agentLocation(graph);
    if (place !== undefined) visible.add(place);
    const held = heldObject(graph);
    if (held !== undefined) visible.add(held);
  }
  return { nodes: [...visible].sort(), groups: groups.sort() };
}

// In a nested tree the top campus or building always shows what it holds (at most GROUP_SIZE
// members); everything below, buildings of a campus included, opens when expanded.
export function opensItself(graph: SceneGraph, tree: SearchTree, id: string): boolean {
  if (tree.groups.has(id) || tree.parents.has(id) || parentOf(graph, id)) return false;
  const kind = graph.getNodeAttribute(id, 'kind');
  return kind === 'campus' || kind === 'building';
}

/** Whether expanding the node or group would reveal something, in the given search tree. */
export function isExpandableInTree(graph: SceneGraph, tree: SearchTree, id: string): boolean {
  if (tree.groups.has(id)) return true;
  if (!graph.hasNode(id)) return false;
  const kind = graph.getNodeAttribute(id, 'kind');
  if (kind === 'floor' || kind === 'building' || kind === 'campus')
    return !tree.flat && (tree.children.get(id)?.length ?? 0) > 0 && !opensItself(graph, tree, id);
  return (kind === 'room' || kind === 'asset' || kind === 'object') && hasChildren(graph, id);
}
