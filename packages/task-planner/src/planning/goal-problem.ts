import type { SceneGraph } from '@groundplan/scene-graph';
import { checkGoals, type Goal, type PlanStep, type SimState, stateKey } from '@groundplan/simulator';
import { goalLowerBounds, greedyGoalBound, maxGoalBound } from '../heuristic/goal-lower-bound.js';
import type { SearchProblem } from '../search/search-problem.js';
import type { SuccessorFunction } from '../successors/feasible-actions.js';

export type Estimate = 'none' | 'max' | 'greedy';

/**
 * The robot's goals as a search problem: states are simulator states, the key is the simulator's
 * state key, the goal test is the simulator's goal check, successors are the feasible steps.
 */
export function goalProblem(
  scene: SceneGraph,
  start: SimState,
  goals: readonly Goal[],
  successors: SuccessorFunction,
  estimate: Estimate,
): SearchProblem<SimState, PlanStep> {
  const bounds = goalLowerBounds(scene, goals, successors);
  const isGoal = (state: SimState) => checkGoals(scene, state, goals).satisfied;
  const combine =
    estimate === 'max'
      ? maxGoalBound
      : greedyGoalBound(checkGoals(scene, start, goals).results.map((result) => result.pass));
  return {
    initial: start,
    key: (state) => stateKey(scene, state),
    isGoal,
    successors: (state) => successors(state),
    ...(estimate === 'none' ? {} : { estimate: (state: SimState) => combine(bounds(state)) }),
  };
}
