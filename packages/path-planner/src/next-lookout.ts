import { agentLocation, nodesOfKind, type PlanStep, type SceneGraph } from '@groundplan/scene-graph';
import { expandPlan } from './expand-plan.js';
import { nearest } from './nearest.js';

/** Where to look next for nodes the belief lost: found, or the nearest room not yet looked at and the route there. */
export type Lookout =
  | { status: 'found' }
  | { status: 'next'; room: string; route: PlanStep[] }
  | { status: 'exhausted'; looked: number };

/**
 * The frontier rule for looking: while any wanted node is missing from the belief, the nearest
 * room by route length that has not been looked around yet (the robot's own room first), with
 * the navigation steps to it. Rooms it cannot reach are skipped; when none is left, exhausted.
 */
export function nextLookout(
  belief: SceneGraph,
  wanted: readonly string[],
  looked: readonly string[],
): Lookout {
  if (wanted.every((id) => belief.hasNode(id))) return { status: 'found' };
  const done = new Set(looked);
  let rooms = nodesOfKind(belief, 'room').filter((room) => !done.has(room));
  const here = agentLocation(belief);
  while (rooms.length > 0 && here !== undefined) {
    const closest = nearest(belief, here, rooms);
    if (!closest.ok) break;
    const room = closest.value.candidate;
    const route = expandPlan(belief, [{ action: 'goto', args: [room] }]);
    if (route.ok) return { status: 'next', room, route: here === room ? [] : route.value };
    rooms = rooms.filter((candidate) => candidate !== room);
  }
  return { status: 'exhausted', looked: done.size };
}
