import {
  agentLocation,
  agentOf,
  err,
  kindOf,
  ok,
  type Result,
  roomOf,
  type SceneGraph,
} from '@groundplan/scene-graph';
import type { NavigationIndex } from './navigation-index.js';
import type { Unreachable } from './unreachable.js';

/**
 * A node resolved to the navigation node the robot drives to: rooms and poses are themselves;
 * assets and objects are their room (going to the fridge means going to the kitchen, since the
 * robot reaches an asset from inside its room); the agent, or an object it holds, is the room or
 * pose where the agent is.
 */
export type Place = { requested: string; node: string; number: number };

/** Resolves a node id to the navigation node that serves as its place, or says why it has none. */
export function resolvePlace(
  graph: SceneGraph,
  index: NavigationIndex,
  id: string,
): Result<Place, Unreachable> {
  const kind = kindOf(graph, id);
  if (kind === undefined) {
    return err({
      reason: 'unknown_node',
      node: id,
      message: `there is no node "${id}" in the scene; use the id of a room, pose, asset or object that exists`,
    });
  }
  const direct = index.numberOf.get(id);
  if (direct !== undefined) return ok({ requested: id, node: id, number: direct });

  switch (kind) {
    case 'agent':
      return placeOfAgent(graph, index, id);
    case 'asset':
    case 'object': {
      if (isHeld(graph, id)) return placeOfAgent(graph, index, id);
      const room = roomOf(graph, id);
      const number = room === undefined ? undefined : index.numberOf.get(room);
      if (room === undefined || number === undefined) {
        return err({
          reason: 'not_a_place',
          node: id,
          message: `${id} is an ${kind} that is not in any room, so the robot has nowhere to go to reach it`,
        });
      }
      return ok({ requested: id, node: room, number });
    }
    default: {
      const rooms = graph
        .outNeighbors(id)
        .filter((n) => kindOf(graph, n) === 'room')
        .slice(0, 3);
      const hint =
        rooms.length > 0 ? `; go to one of its rooms instead (for example ${rooms.join(', ')})` : '';
      return err({
        reason: 'not_a_place',
        node: id,
        message: `${id} is a ${kind}, not a place the robot can go to${hint}`,
      });
    }
  }
}

/** Whether the node hangs, through its hierarchy parents, under the agent (it is in the gripper). */
function isHeld(graph: SceneGraph, id: string): boolean {
  const agent = agentOf(graph);
  if (agent === undefined) return false;
  let current = id;
  for (let depth = 0; depth < 10_000; depth++) {
    const parent = graph.findInNeighbor(current, (p) => {
      const edge = graph.directedEdge(p, current);
      return edge !== undefined && graph.getEdgeAttribute(edge, 'kind') === 'hierarchy';
    });
    if (parent === undefined) return false;
    if (parent === agent) return true;
    current = parent;
  }
  return false;
}

/** The navigation node the agent is at (its `at` edge), as the place of `requested`. */
export function placeOfAgent(
  graph: SceneGraph,
  index: NavigationIndex,
  requested: string,
): Result<Place, Unreachable> {
  const agent = agentOf(graph);
  if (agent === undefined) {
    return err({
      reason: 'no_agent_location',
      message: 'the scene has no agent, so there is no place to start from',
    });
  }
  const at = agentLocation(graph);
  const number = at === undefined ? undefined : index.numberOf.get(at);
  if (at === undefined || number === undefined) {
    return err({
      reason: 'no_agent_location',
      node: agent,
      message:
        at === undefined
          ? `the location of ${agent} is unknown: the scene has no "at" edge from it to a room or pose`
          : `${agent} is at ${at}, which is not a room or pose on the navigation layer`,
    });
  }
  return ok({ requested, node: at, number });
}
