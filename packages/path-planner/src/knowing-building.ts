// The exploration benchmark's explorers that know the building (issue 16): the oracle, which
// knows where the targets are, and full-graph, SayPlan's setting (the whole graph known, rooms
// chosen by the retrieval prior). They drive the true world's shortest routes, each room once.
import { agentLocation, roomOf, type SceneGraph } from '@groundplan/scene-graph';
import type { FrontierRoom } from './frontier.js';
import { shortestPath } from './shortest-path.js';

/** Per target, the rooms full-graph may look in, best first (the retrieval prior over the whole graph). */
export type RoomCandidates = { target: string; rooms: string[] }[];

/**
 * The next room of an explorer that knows the building, from where the belief puts the robot:
 * the oracle's is the nearest unexplored room truly holding a target the belief lacks;
 * full-graph's is the first of the shortest route through each unseen target's best unexplored
 * candidate. Undefined when there is none.
 */
export function roomKnowingBuilding(
  truth: SceneGraph,
  belief: SceneGraph,
  input: { targets: readonly string[]; explored: readonly string[]; candidates?: RoomCandidates },
): FrontierRoom | undefined {
  const here = agentLocation(belief);
  if (here === undefined) return undefined;
  const { explored } = input;
  if (input.candidates === undefined) {
    let best: FrontierRoom | undefined;
    for (const target of input.targets) {
      const room = roomOf(truth, target);
      if (belief.hasNode(target) || room === undefined || explored.includes(room)) continue;
      const route = trueRoute(truth, here, room);
      if (route !== undefined && (best === undefined || route.distance < best.distance)) best = route;
    }
    return best;
  }
  const wanted = new Set<string>();
  for (const { target, rooms } of input.candidates) {
    const room = belief.hasNode(target)
      ? undefined
      : rooms.find((candidate) => !explored.includes(candidate));
    if (room !== undefined) wanted.add(room);
  }
  const first = shortestOrder(truth, here, [...wanted])?.rooms[0];
  return first === undefined ? undefined : trueRoute(truth, here, first);
}

/** The order of visiting the rooms from `start` whose route is shortest, and its length; undefined when one is unreachable. */
export function shortestOrder(
  world: SceneGraph,
  start: string,
  rooms: readonly string[],
): { rooms: string[]; length: number } | undefined {
  const length = (from: string, to: string) => {
    const route = shortestPath(world, from, to);
    return route.ok ? route.value.length : Number.POSITIVE_INFINITY;
  };
  let best: { rooms: string[]; length: number } | undefined;
  for (const order of permutations(rooms)) {
    let total = 0;
    let here = start;
    for (const room of order) {
      total += length(here, room);
      here = room;
    }
    if (Number.isFinite(total) && (best === undefined || total < best.length))
      best = { rooms: order, length: total };
  }
  return best;
}

/** The true shortest route from a place to a room, as gotos over the places on it. */
function trueRoute(truth: SceneGraph, from: string, room: string): FrontierRoom | undefined {
  const route = shortestPath(truth, from, room);
  if (!route.ok) return undefined;
  return {
    room,
    distance: route.value.length,
    route: route.value.path.slice(1).map((place) => ({ action: 'goto', args: [place] })),
  };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
