import { agentLocation, nodesOfKind, type PlanStep, type SceneGraph } from '@groundplan/scene-graph';
import { expandPlan } from './expand-plan.js';
import { nearest } from './nearest.js';

/** A room the robot knows of but has not looked around yet, how far its route is, and the route. */
export type FrontierRoom = { room: string; distance: number; route: PlanStep[]; roomType?: string };

/**
 * The exploration frontier, nearest first: up to `limit` rooms of the belief not looked around
 * yet, with their routes from where the robot stands. `unreachable` lists the known rooms no
 * route reaches, once no reachable one is left (the robot has explored all it can).
 */
export type Frontier = { rooms: FrontierRoom[]; unreachable: string[] };

export function frontier(belief: SceneGraph, looked: readonly string[], limit = 1): Frontier {
  const done = new Set(looked);
  let left = nodesOfKind(belief, 'room').filter((room) => !done.has(room));
  const here = agentLocation(belief);
  const rooms: FrontierRoom[] = [];
  while (rooms.length < limit && left.length > 0 && here !== undefined) {
    const closest = nearest(belief, here, left);
    if (!closest.ok) break;
    const room = closest.value.candidate;
    left = left.filter((candidate) => candidate !== room);
    const route =
      here === room
        ? { ok: true as const, value: [] }
        : expandPlan(belief, [{ action: 'goto', args: [room] }]);
    const roomType = belief.getNodeAttribute(room, 'attributes')?.room_type;
    if (route.ok)
      rooms.push({
        room,
        distance: closest.value.length,
        route: route.value,
        ...(typeof roomType === 'string' ? { roomType } : {}),
      });
  }
  return { rooms, unreachable: rooms.length === 0 ? left : [] };
}
