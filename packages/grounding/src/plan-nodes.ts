import { roomOf, type SceneGraph, type View } from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  type ActionSpec,
  type Goal,
  goalNodes,
  parentIn,
  type SimState,
} from '@groundplan/simulator';
import { toolNodes } from './tool-nodes.js';

/**
 * The nodes a plan for these goals needs: the goals' own nodes, the tools their states need, and
 * every node above each of them up to its room (the containers to open, the assets to access).
 * The classical planner searches over the nodes it is given; over every explored node its greedy
 * search ran out of its budget on one-placement goals ("put the document on Will's desk"). What the
 * agent holds is one of them, with an open surface in a goal's room: a plan that needs the gripper
 * puts it down there first.
 */
export function planNodes(
  graph: SceneGraph,
  state: SimState,
  goals: readonly Goal[],
  actions: readonly ActionSpec[] = ACTION_SPECS,
): string[] {
  const nodes = new Set<string>();
  const withAncestors = (id: string) => {
    for (let at: string | undefined = id; at !== undefined && !nodes.has(at); ) {
      if (!graph.hasNode(at)) return;
      nodes.add(at);
      if (graph.getNodeAttribute(at, 'kind') === 'room') return;
      at = parentIn(graph, state, at)?.parent;
    }
  };
  for (const goal of goals) for (const id of goalNodes(goal)) withAncestors(id);
  for (const id of toolNodes(graph, goals, actions)) withAncestors(id);
  if (state.holding !== null) {
    nodes.add(state.holding);
    // Somewhere to put it down while the gripper works: an open surface in a room the goals are in.
    const rooms = [...nodes].filter((id) => graph.getNodeAttribute(id, 'kind') === 'room');
    const surface = rooms
      .flatMap((room) => graph.outNeighbors(room))
      .sort()
      .find((id) => isOpenSurface(graph, id));
    if (surface !== undefined) nodes.add(surface);
  }
  return [...nodes].sort();
}

/** An asset things can be put on without opening it: no door. */
function isOpenSurface(graph: SceneGraph, id: string): boolean {
  if (graph.getNodeAttribute(id, 'kind') !== 'asset') return false;
  const state = (graph.getNodeAttribute(id, 'state') ?? {}) as Record<string, unknown>;
  return !Object.hasOwn(state, 'door');
}

/** Every room, asset and object of the building: planScope whole-building. */
export function buildingNodes(graph: SceneGraph): string[] {
  return graph
    .filterNodes((_, attributes) => ['room', 'asset', 'object'].includes(attributes.kind as string))
    .sort();
}

/**
 * Every node in the rooms a search explored: each room the view expanded, or an asset of which it
 * expanded, with all the assets and objects in it. With planScope explored-rooms the planner gets
 * these as well as the goals' nodes, and may move what is in the way, use another surface, or
 * wander: the evaluation measures which.
 */
export function exploredRoomNodes(graph: SceneGraph, view: Pick<View, 'expanded'>): string[] {
  const rooms = new Set(view.expanded.flatMap((id) => roomOf(graph, id) ?? []));
  return graph
    .filterNodes(
      (id, attributes) =>
        ['room', 'asset', 'object'].includes(attributes.kind as string) && rooms.has(roomOf(graph, id) ?? ''),
    )
    .sort();
}
