import type { SceneGraph } from '@groundplan/scene-graph';
import { checkGoals, type Goal, type SimState } from '@groundplan/simulator';
import type { SuccessorFunction } from '../successors/feasible-actions.js';

/**
 * For each goal, a lower bound on the steps that make it true: 0 when it holds, 1 when one
 * feasible step makes it true, else 2. Exact up to 2, since the last step of any plan that makes
 * the goal true either starts here (then it is one of the feasible steps) or after another step.
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
    const open = goals.map((goal) => !holds(state, goal));
    if (!open.includes(true)) return goals.map(() => 0);
    const next = successors(state);
    return goals.map((goal, i) => {
      if (!open[i]) return 0;
      return next.some((successor) => holds(successor.state, goal)) ? 1 : 2;
    });
  };
}

/** The largest per-goal bound: admissible and consistent, so A* with it finds shortest plans. */
export function maxGoalBound(bounds: readonly number[]): number {
  return bounds.reduce((max, bound) => Math.max(max, bound), 0);
}

/**
 * For greedy search, not admissible: the sum of the bounds of the goals the task asks to change;
 * once those all hold, the sum of the bounds of the goals that already held at the start. Those
 * (a closed fridge, a mug on its desk) often must be broken on the way and restored at the end;
 * counting them all along would make every step that breaks one look like a step back, and the
 * greedy search would exhaust everything reachable without breaking it before trying.
 */
export function greedyGoalBound(heldAtStart: readonly boolean[]): (bounds: readonly number[]) => number {
  // Above any sum of restore bounds, so no state with asked goals open ranks with one without.
  const scale = 2 * heldAtStart.length + 1;
  return (bounds) => {
    let asked = 0;
    let restore = 0;
    bounds.forEach((bound, i) => {
      if (heldAtStart[i]) restore += bound;
      else asked += bound;
    });
    return asked > 0 ? asked * scale : restore;
  };
}
