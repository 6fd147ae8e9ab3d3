import { agentLocation, heldObject, parentOf } from '../model/queries.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { err, ok, type Result } from '../result.js';
import { closestIds } from './closest-ids.js';
import type { SearchTree } from './nested-tree.js';
import { renderWithTree } from './render.js';
import { isGroup, searchParentOf, searchTree } from './search-tree.js';
import { isExpandableInTree, opensItself, SKELETON_KINDS, type View, visibleWithTree } from './visible.js';

/** The collapsed view: campus, buildings, floors and rooms, the agent and where it is; nothing expanded. */
export function collapse(_graph: SceneGraph): View {
  return { expanded: [], memory: [] };
}

/**
 * The scene nodes a collapsed view shows, sorted; uses the kind index, never scans the graph. In
 * a large building (see search-tree.ts) these stop at the floors or their first groups.
 */
export function collapsedNodes(graph: SceneGraph): string[] {
  return visibleWithTree(graph, collapse(graph), searchTree(graph)).nodes;
}

/** Every scene node the view shows, sorted: the collapsed nodes plus what expanded nodes reveal. */
export function visibleNodes(graph: SceneGraph, view: View): string[] {
  return visibleWithTree(graph, view, searchTree(graph)).nodes;
}

/** The groups of rooms the view shows (large buildings only; see search-tree.ts), sorted. */
export function visibleGroups(graph: SceneGraph, view: View): string[] {
  return visibleWithTree(graph, view, searchTree(graph)).groups;
}

/** Whether the view shows the node or group; O(depth), no scan. */
export function isVisible(graph: SceneGraph, view: View, id: string): boolean {
  const tree = searchTree(graph);
  if (tree.groups.has(id)) return isShownInTree(graph, view, tree, id);
  if (!graph.hasNode(id)) return false;
  const kind = graph.getNodeAttribute(id, 'kind');
  if (kind === 'agent' || id === agentLocation(graph) || id === heldObject(graph)) return true;
  if (tree.flat) {
    if (SKELETON_KINDS.includes(kind)) return true;
    const up = parentOf(graph, id);
    return up !== undefined && includesSorted(view.expanded, up.parent);
  }
  return isShownInTree(graph, view, tree, id);
}

function isShownInTree(graph: SceneGraph, view: View, tree: SearchTree, id: string): boolean {
  for (let current = id, depth = 0; depth < 10_000; depth++) {
    if (tree.roots.includes(current)) return true;
    const parent = tree.parents.get(current) ?? parentOf(graph, current)?.parent;
    if (parent === undefined) return false;
    if (!includesSorted(view.expanded, parent) && !opensItself(graph, tree, parent)) return false;
    current = parent;
  }
  return false;
}

/** Whether expanding the node or group would reveal something. */
export function isExpandable(graph: SceneGraph, id: string): boolean {
  return isExpandableInTree(graph, searchTree(graph), id);
}

/** The view as compact, deterministic JSON for a prompt (see renderWithTree). Costs O(size of the view). */
export function renderView(graph: SceneGraph, view: View): string {
  return renderWithTree(graph, view, searchTree(graph));
}

/** Reveals a room's assets and objects, or what lies on or in an asset or object. */
export function expand(graph: SceneGraph, view: View, id: string): Result<View, string> {
  if (!graph.hasNode(id) && !isGroup(graph, id)) return err(unknownNode(graph, view, id));
  if (!isVisible(graph, view, id)) return err(notVisible(graph, view, id));
  if (includesSorted(view.expanded, id)) return err(`"${id}" is already expanded; its contents are in view`);
  if (!isExpandable(graph, id)) return err(nothingToExpand(graph, id));
  return ok({ expanded: insertSorted(view.expanded, id), memory: insertSorted(view.memory, id) });
}

/** Hides what expanding the node revealed, and anything expanded beneath it; memory keeps it. */
export function contract(graph: SceneGraph, view: View, id: string): Result<View, string> {
  if (!includesSorted(view.expanded, id)) {
    if (!graph.hasNode(id) && !isGroup(graph, id)) return err(unknownNode(graph, view, id));
    const open =
      view.expanded.length === 0 ? 'nothing is expanded' : `expanded now: ${quoted(view.expanded)}`;
    return err(`"${id}" is not expanded, so there is nothing to contract (${open})`);
  }
  const expanded = view.expanded.filter((other) => other !== id && !isBeneath(graph, other, id));
  return ok({ expanded, memory: view.memory });
}

function isBeneath(graph: SceneGraph, id: string, ancestor: string): boolean {
  let current = searchParentOf(graph, id);
  for (let depth = 0; current !== undefined && depth < 10_000; depth++) {
    if (current === ancestor) return true;
    current = searchParentOf(graph, current);
  }
  return false;
}

function unknownNode(graph: SceneGraph, view: View, id: string): string {
  const shown = visibleWithTree(graph, view, searchTree(graph));
  const near = closestIds(id, [...shown.nodes, ...shown.groups], 3);
  const hint = near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
  return `there is no node "${id}" in the scene${hint}`;
}

function notVisible(graph: SceneGraph, view: View, id: string): string {
  if (graph.hasNode(id) && graph.getNodeAttribute(id, 'kind') === 'pose')
    return `pose "${id}" is a navigation waypoint, not part of the search view; search rooms instead`;
  let hidden = id;
  let up = searchParentOf(graph, hidden);
  while (up !== undefined && !isVisible(graph, view, up)) {
    hidden = up;
    up = searchParentOf(graph, hidden);
  }
  const where = up !== undefined ? `; expand "${up}" first` : '';
  return `"${id}" is not visible in the current view${where}`;
}

function nothingToExpand(graph: SceneGraph, id: string): string {
  const kind = graph.getNodeAttribute(id, 'kind');
  switch (kind) {
    case 'campus':
    case 'building':
      return `${kind} "${id}" has nothing to expand: its contents are always shown; expand one of its rooms`;
    case 'floor':
      return searchTree(graph).flat
        ? `floor "${id}" has nothing to expand: its contents are always shown; expand one of its rooms`
        : `floor "${id}" has no rooms`;
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
