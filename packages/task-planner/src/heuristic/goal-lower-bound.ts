import type { SceneGraph } from '@groundplan/scene-graph';
import { checkGoals, type Goal, type SimState } from '@groundplan/simulator';
import type { SuccessorFunction } from '../successors/feasible-actions.js';

/**
 * For each goal the state does not satisfy, a lower bound on the steps that make it true: 1 when
 * one feasible step does, else 2. Exact up to 2, since any plan's last step that makes the goal
 * true either starts here (then it is one of the feasible steps) or after at least one other step.
 * The steps come from the same successor function the search uses, so the bound reads the action
 * table only through the simulator.
 */
export function goalLowerBounds(
  scene: SceneGraph,
  goals: readonly Goal[],
  successors: SuccessorFunction,
): (state: SimState) => number[] {
  const holds = (state: SimState, goal: Goal) => checkGoals(scene, state, [goal]).satisfied;
  return (state) => {
    const open = goals.filter((goal) => !holds(state, goal));
    if (open.length === 0) return [];
    const next = successors(state);
    return open.map((goal) => (next.some((successor) => holds(successor.state, goal)) ? 1 : 2));
  };
}

/** The largest per-goal bound: admissible and consistent, so A* with it finds shortest plans. */
export function maxGoalBound(bounds: readonly number[]): number {
  return bounds.reduce((max, bound) => Math.max(max, bound), 0);
}

/** The sum of per-goal bounds: better informed, not admissible (one step can serve two goals). */
export function sumGoalBound(bounds: readonly number[]): number {
  return bounds.reduce((sum, bound) => sum + bound, 0);
}
