import type { NodeKind } from '../format/schema.js';
import { indexedNodes } from '../model/kind-index.js';
import { agentLocation, agentOf, childrenOf, hasChildren, heldObject, parentOf } from '../model/queries.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { err, ok, type Result } from '../result.js';
import { closestIds } from './closest-ids.js';

/**
 * What the LLM currently sees of a scene, as SayPlan's semantic search builds it: the expanded
 * nodes and every node ever expanded (its memory), both sorted. Small, serializable, cheap to keep
 * in a Temporal workflow; never a copy of the graph.
 */
export type View = { expanded: string[]; memory: string[] };

/** The kinds a collapsed view always shows: the hierarchy down to rooms. */
const SKELETON_KINDS: readonly NodeKind[] = ['campus', 'building', 'floor', 'room'];

/** The collapsed view: campus, buildings, floors and rooms, the agent and where it is; nothing expanded. */
export function collapse(_graph: SceneGraph): View {
  return { expanded: [], memory: [] };
}

/** The nodes a collapsed view shows, sorted; uses the kind index, never scans the graph. */
export function collapsedNodes(graph: SceneGraph): string[] {
  const nodes: string[] = [];
  for (const kind of SKELETON_KINDS) nodes.push(...(indexedNodes(graph, kind) ?? []));
  const agent = agentOf(graph);
  if (agent !== undefined) {
    nodes.push(agent);
    const place = agentLocation(graph);
    if (place !== undefined && graph.getNodeAttribute(place, 'kind') !== 'room') nodes.push(place);
    const held = heldObject(graph);
    if (held !== undefined) nodes.push(held);
  }
  return nodes.sort();
}

/** Every node the view shows, sorted: the collapsed nodes plus the children of expanded nodes. */
export function visibleNodes(graph: SceneGraph, view: View): string[] {
  const visible = new Set(collapsedNodes(graph));
  for (const id of view.expanded) for (const child of childrenOf(graph, id)) visible.add(child);
  return [...visible].sort();
}

/** Whether the view shows the node; O(depth), no scan. */
export function isVisible(graph: SceneGraph, view: View, id: string): boolean {
  if (!graph.hasNode(id)) return false;
  const kind = graph.getNodeAttribute(id, 'kind');
  if (SKELETON_KINDS.includes(kind) || kind === 'agent') return true;
  if (id === agentLocation(graph) || id === heldObject(graph)) return true;
  const up = parentOf(graph, id);
  return up !== undefined && includesSorted(view.expanded, up.parent);
}

/** Whether expanding the node would reveal something. */
export function isExpandable(graph: SceneGraph, id: string): boolean {
  if (!graph.hasNode(id)) return false;
  const kind = graph.getNodeAttribute(id, 'kind');
  return (kind === 'room' || kind === 'asset' || kind === 'object') && hasChildren(graph, id);
}

/** Reveals a room's assets and objects, or what lies on or in an asset or object. */
export function expand(graph: SceneGraph, view: View, id: string): Result<View, string> {
  if (!graph.hasNode(id)) return err(unknownNode(graph, view, id));
  if (!isVisible(graph, view, id)) return err(notVisible(graph, view, id));
  if (includesSorted(view.expanded, id)) return err(`"${id}" is already expanded; its contents are in view`);
  if (!isExpandable(graph, id)) return err(nothingToExpand(graph, id));
  return ok({ expanded: insertSorted(view.expanded, id), memory: insertSorted(view.memory, id) });
}

/** Hides what expanding the node revealed, and anything expanded beneath it; memory keeps it. */
export function contract(graph: SceneGraph, view: View, id: string): Result<View, string> {
  if (!includesSorted(view.expanded, id)) {
    if (!graph.hasNode(id)) return err(unknownNode(graph, view, id));
    const open =
      view.expanded.length === 0 ? 'nothing is expanded' : `expanded now: ${quoted(view.expanded)}`;
    return err(`"${id}" is not expanded, so there is nothing to contract (${open})`);
  }
  const expanded = view.expanded.filter((other) => other !== id && !isBeneath(graph, other, id));
  return ok({ expanded, memory: view.memory });
}

function isBeneath(graph: SceneGraph, id: string, ancestor: string): boolean {
  if (!graph.hasNode(id)) return false;
  let current = parentOf(graph, id)?.parent;
  for (let depth = 0; current !== undefined && depth < 10_000; depth++) {
    if (current === ancestor) return true;
    current = parentOf(graph, current)?.parent;
  }
  return false;
}

function unknownNode(graph: SceneGraph, view: View, id: string): string {
  const near = closestIds(id, visibleNodes(graph, view), 3);
  const hint = near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
  return `there is no node "${id}" in the scene${hint}`;
}

function notVisible(graph: SceneGraph, view: View, id: string): string {
  if (graph.getNodeAttribute(id, 'kind') === 'pose')
    return `pose "${id}" is a navigation waypoint, not part of the search view; search rooms instead`;
  let hidden = id;
  let up = parentOf(graph, hidden);
  while (up && !isVisible(graph, view, up.parent)) {
    hidden = up.parent;
    up = parentOf(graph, hidden);
  }
  const where = up ? `; expand "${up.parent}" first` : '';
  return `"${id}" is not visible in the current view${where}`;
}

function nothingToExpand(graph: SceneGraph, id: string): string {
  const kind = graph.getNodeAttribute(id, 'kind');
  switch (kind) {
    case 'campus':
    case 'building':
    case 'floor':
      return `${kind} "${id}" has nothing to expand: its contents are always shown; expand one of its rooms`;
    case 'pose':
      return `pose "${id}" has nothing to expand: poses are navigation waypoints and hold nothing`;
    case 'agent':
      return `the agent "${id}" has nothing to expand; what it holds is always shown`;
    default:
      return `${kind} "${id}" has nothing to expand: nothing is ${kind === 'room' ? 'in' : 'on or inside'} it`;
  }
}

function quoted(ids: readonly string[]): string {
  const shown = ids.slice(0, 20).map((id) => `"${id}"`);
  if (ids.length > shown.length) shown.push(`and ${ids.length - shown.length} more`);
  return shown.join(', ');
}

function indexOfSorted(list: readonly string[], id: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

function includesSorted(list: readonly string[], id: string): boolean {
  return list[indexOfSorted(list, id)] === id;
}

function insertSorted(list: readonly string[], id: string): string[] {
  const at = indexOfSorted(list, id);
  if (list[at] === id) return [...list];
  return [...list.slice(0, at), id, ...list.slice(at)];
}
