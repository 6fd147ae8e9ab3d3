import { NODE_KINDS } from '../format/schema.js';
import { agentLocation, agentOf, parentOf } from '../model/queries.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { floorSummary, type SearchTree } from './nested-tree.js';
import { isExpandableInTree, type View, visibleWithTree } from './visible.js';

const KIND_RANK = new Map<string, number>(NODE_KINDS.map((kind, rank) => [kind, rank]));

type RenderedNode = {
  id: string;
  kind: string;
  relation?: string;
  attributes?: Record<string, unknown>;
  state?: Record<string, string>;
  affordances?: string[];
};

/**
 * The view as compact, deterministic JSON for a prompt: the visible nodes (no positions), the
 * visible hierarchy as parent -> children lists (an object's `relation` is to its parent), where
 * the agent is, which visible nodes can be expanded and which are. Costs O(size of the view). The
 * tree is the scene's search tree, or the flat one while search-tree.ts measures it.
 */
export function renderWithTree(graph: SceneGraph, view: View, tree: SearchTree): string {
  const { nodes: visible, groups } = visibleWithTree(graph, view, tree);
  const shown = new Set([...visible, ...groups]);
  const expanded = new Set(view.expanded);
  const hierarchy = new Map<string, string[]>();
  const navigation: [string, string, number][] = [];
  for (const id of groups) {
    const up = tree.groups.get(id)!.parent;
    if (shown.has(up)) addChild(hierarchy, up, id);
  }
  for (const id of visible) {
    const up = tree.parents.get(id) ?? parentOf(graph, id)?.parent;
    if (up !== undefined && shown.has(up)) addChild(hierarchy, up, id);
    if (graph.getNodeAttribute(id, 'kind') === 'pose')
      graph.forEachUndirectedEdge(id, (_edge, attributes, source, target) => {
        const other = source === id ? target : source;
        const counted = graph.getNodeAttribute(other, 'kind') !== 'pose' || id < other; // each edge once
        if (attributes.kind === 'navigation' && counted && shown.has(other))
          navigation.push(
            id < other ? [id, other, round(attributes.distance)] : [other, id, round(attributes.distance)],
          );
      });
  }
  for (const children of hierarchy.values()) children.sort(compareText);
  navigation.sort((a, b) => compareText(a[0], b[0]) || compareText(a[1], b[1]));
  const all = [...visible, ...groups];
  return JSON.stringify({
    nodes: sortByKind(visible, graph)
      .map((id) => renderNode(graph, id, tree))
      .concat(groups.map((id) => renderGroup(tree, id))),
    hierarchy: Object.fromEntries(hierarchy),
    ...(navigation.length > 0 ? { navigation } : {}),
    ...agentAt(graph),
    expandable: all.filter(
      (id) => !expanded.has(id) && (tree.groups.has(id) || isExpandableIn(graph, tree, id)),
    ),
    expanded: view.expanded.filter((id) => shown.has(id)),
  });
}

// The flat view marks every room, asset and object with anything beneath it as expandable.
function isExpandableIn(graph: SceneGraph, tree: SearchTree, id: string): boolean {
  if (tree.flat) return isExpandableFlat(graph, id);
  return isExpandableInTree(graph, tree, id);
}

function isExpandableFlat(graph: SceneGraph, id: string): boolean {
  const kind = graph.getNodeAttribute(id, 'kind');
  return (kind === 'room' || kind === 'asset' || kind === 'object') && graph.outDegree(id) > 0;
}

function renderGroup(tree: SearchTree, id: string): RenderedNode {
  const group = tree.groups.get(id)!;
  return { id, kind: 'group', attributes: { rooms: group.rooms, room_types: group.roomTypes } };
}

/** The whole scene in the same compact form, for comparison with a view (SayPlan's full graph). */
export function renderFullScene(graph: SceneGraph): string {
  const hierarchy = new Map<string, string[]>();
  const navigation: [string, string, number][] = [];
  graph.forEachEdge((_edge, attributes, source, target) => {
    if (attributes.kind === 'hierarchy') addChild(hierarchy, source, target);
    else if (attributes.kind === 'navigation')
      navigation.push(
        source < target
          ? [source, target, round(attributes.distance)]
          : [target, source, round(attributes.distance)],
      );
  });
  for (const children of hierarchy.values()) children.sort();
  navigation.sort((a, b) => compareText(a[0], b[0]) || compareText(a[1], b[1]));
  return JSON.stringify({
    nodes: sortByKind(graph.nodes(), graph).map((id) => renderNode(graph, id)),
    hierarchy: Object.fromEntries([...hierarchy].sort((a, b) => compareText(a[0], b[0]))),
    navigation,
    ...agentAt(graph),
  });
}

function renderNode(graph: SceneGraph, id: string, tree?: SearchTree): RenderedNode {
  const { kind, attributes, state, affordances } = graph.getNodeAttributes(id);
  const out: RenderedNode = { id, kind };
  const relation = kind === 'object' ? parentOf(graph, id)?.relation : undefined;
  if (relation !== undefined) out.relation = relation;
  // A floor of a nested view says what it holds, as its groups do, so the model can choose one.
  const summary = kind === 'floor' && tree && !tree.flat ? floorSummary(tree, id) : undefined;
  const all = summary ? { ...attributes, ...summary } : attributes;
  if (all && Object.keys(all).length > 0) out.attributes = sortedKeys(all);
  if (state && Object.keys(state).length > 0) out.state = sortedKeys(state);
  if (affordances && affordances.length > 0) out.affordances = affordances;
  return out;
}

function agentAt(graph: SceneGraph): { at?: Record<string, string> } {
  const agent = agentOf(graph);
  const place = agentLocation(graph);
  return agent !== undefined && place !== undefined ? { at: { [agent]: place } } : {};
}

function addChild(hierarchy: Map<string, string[]>, parent: string, child: string): void {
  const children = hierarchy.get(parent);
  if (children) children.push(child);
  else hierarchy.set(parent, [child]);
}

function sortByKind(ids: readonly string[], graph: SceneGraph): string[] {
  const rank = (id: string) => KIND_RANK.get(graph.getNodeAttribute(id, 'kind')) ?? 0;
  return ids
    .map((id) => ({ id, rank: rank(id) }))
    .sort((a, b) => a.rank - b.rank || compareText(a.id, b.id))
    .map((entry) => entry.id);
}

// Keys are data: a null-prototype record keeps a key such as "constructor" as an ordinary entry.
function sortedKeys<V>(record: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = Object.create(null);
  for (const key of Object.keys(record).sort()) out[key] = record[key]!;
  return out;
}

function round(distance: number): number {
  return Math.round(distance * 10) / 10;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
