import { err, kindOf, ok, type Result, type SceneGraph } from '@groundplan/scene-graph';
import type { NavigationIndex } from './navigation-index.js';
import type { Unreachable } from './unreachable.js';

/**
 * A node resolved to the navigation node the robot drives to: rooms and poses are themselves;
 * assets and objects are their room (going to the fridge means going to the kitchen, since the
 * robot reaches an asset from inside its room); a held object or the agent is where the agent is.
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
    case 'asset':
    case 'object': {
      const holder = containerChain(graph, id).find(
        (n) => kindOf(graph, n) === 'room' || kindOf(graph, n) === 'agent',
      );
      if (holder !== undefined && kindOf(graph, holder) === 'agent')
        return placeOfAgent(graph, index, holder, id);
      const room = holder === undefined ? undefined : index.numberOf.get(holder);
      if (holder === undefined || room === undefined) {
        return err({
          reason: 'not_a_place',
          node: id,
          message: `${id} is an ${kind} that is not in any room, so the robot has nowhere to go to reach it`,
        });
      }
      return ok({ requested: id, node: holder, number: room });
    }
    case 'agent':
      return placeOfAgent(graph, index, id, id);
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

/** The navigation node the agent is at (its `at` edge), resolved as a place for `requested`. */
function placeOfAgent(
  graph: SceneGraph,
  index: NavigationIndex,
  agent: string,
  requested: string,
): Result<Place, Unreachable> {
  const at = agentLocation(graph, agent);
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

/** Where the agent is: the target of its `at` edge, or undefined when the scene does not say. */
export function agentLocation(graph: SceneGraph, agent: string): string | undefined {
  if (!graph.hasNode(agent)) return undefined;
  return graph.findOutNeighbor(agent, (place) => {
    const edge = graph.directedEdge(agent, place);
    return edge !== undefined && graph.getEdgeAttribute(edge, 'kind') === 'at';
  });
}

/** The agent the scene holds, when it holds exactly one; undefined otherwise. */
export function soleAgent(graph: SceneGraph): string | undefined {
  const agents = graph.filterNodes((_id, attributes) => attributes.kind === 'agent');
  return agents.length === 1 ? agents[0] : undefined;
}

/** The hierarchy parents of a node, nearest first (fridge -> kitchen -> floor1 -> ...). */
export function containerChain(graph: SceneGraph, id: string): string[] {
  const chain: string[] = [];
  const visited = new Set([id]);
  let current: string | undefined = id;
  while (current !== undefined) {
    const from: string = current;
    current = graph.findInNeighbor(from, (parent) => {
      const edge = graph.directedEdge(parent, from);
      return edge !== undefined && graph.getEdgeAttribute(edge, 'kind') === 'hierarchy';
    });
    if (current === undefined || visited.has(current)) break;
    visited.add(current);
    chain.push(current);
  }
  return chain;
}
