import type { PlanStep, SceneGraph } from '@groundplan/scene-graph';
import { frontier } from './frontier.js';

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
  const [next] = frontier(belief, looked).rooms;
  if (next === undefined) return { status: 'exhausted', looked: new Set(looked).size };
  return { status: 'next', room: next.room, route: next.route };
}
