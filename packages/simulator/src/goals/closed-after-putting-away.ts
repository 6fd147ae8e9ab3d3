import type { SceneGraph } from '@groundplan/scene-graph';
import { type SimState, stateOf } from '../state/sim-state.js';
import { formatGoal, type Goal } from './goal.js';

/**
 * What a robot owes beyond the goals it was given when it puts things away: a container that is
 * closed now and that a goal puts something inside ends closed again ("refrigerate the orange"
 * leaves the fridge shut). Returned as goals to add, none that the given goals already state or
 * contradict (a goal may ask for the container open).
 */
export function closedAfterPuttingAway(scene: SceneGraph, sim: SimState, goals: readonly Goal[]): Goal[] {
  // Containers whose door a goal already speaks of (state(fridge, open) names no dimension).
  const stated = new Set(
    goals.flatMap((goal) =>
      goal.kind === 'state' && (goal.dimension === 'door' || goal.dimension === undefined) ? [goal.node] : [],
    ),
  );
  const added = new Map<string, Goal>();
  for (const goal of goals) {
    if (goal.kind !== 'inside' || goal.negated || stated.has(goal.target)) continue;
    if (stateOf(scene, sim, goal.target, 'door') !== 'closed') continue;
    const closed: Goal = {
      kind: 'state',
      node: goal.target,
      dimension: 'door',
      value: 'closed',
      negated: false,
    };
    added.set(formatGoal(closed), closed);
  }
  return [...added.values()];
}
