import type { SceneGraph } from '@groundplan/scene-graph';
import {
  checkGoals,
  formatStep,
  type Goal,
  type PlanStep,
  type SimState,
  stateKey,
} from '@groundplan/simulator';
import { goalLowerBounds, greedyGoalBound, maxGoalBound } from '../heuristic/goal-lower-bound.js';
import { relaxedPlanEstimator } from '../heuristic/relaxed-plan.js';
import type { RelaxedTask } from '../heuristic/relaxed-task.js';
import type { SearchProblem } from '../search/search-problem.js';
import type { Successor, SuccessorFunction } from '../successors/feasible-actions.js';

/** No estimate, the goal bounds (max: admissible; greedy), or FF's relaxed plan over the relaxed task. */
export type Estimate = 'none' | 'max' | 'greedy' | { readonly relaxed: RelaxedTask };

/**
 * The robot's goals as a search problem: states are simulator states, the key is the simulator's
 * state key, the goal test is the simulator's goal check, successors are the feasible steps.
 */
export function goalProblem(
  scene: SceneGraph,
  start: SimState,
  goals: readonly Goal[],
  stepsFrom: SuccessorFunction,
  estimate: Estimate,
): SearchProblem<SimState, PlanStep> {
  // The estimate looks one step ahead of every state it scores, and the search expands the same
  // state object later: remember its successors instead of asking the simulator twice.
  const known = new WeakMap<SimState, Successor[]>();
  const successors: SuccessorFunction = (state) => {
    let found = known.get(state);
    if (found === undefined) {
      found = stepsFrom(state);
      known.set(state, found);
    }
    return found;
  };
  const isGoal = (state: SimState) => checkGoals(scene, state, goals).satisfied;
  const key = (state: SimState) => stateKey(scene, state);
  if (typeof estimate === 'object') {
    const relaxedPlan = relaxedPlanEstimator(scene, estimate.relaxed);
    return {
      initial: start,
      key,
      isGoal,
      successors: (state) => stepsFrom(state),
      evaluate: (state) => {
        const holds = checkGoals(scene, state, goals).results.map((result) => result.pass);
        const { estimate: length, helpful } = relaxedPlan(state, holds);
        return { estimate: length, preferred: (step) => helpful.has(formatStep(step)) };
      },
    };
  }
  const bounds = goalLowerBounds(scene, goals, successors);
  const combine =
    estimate === 'max'
      ? maxGoalBound
      : greedyGoalBound(checkGoals(scene, start, goals).results.map((result) => result.pass));
  return {
    initial: start,
    key,
    isGoal,
    successors: (state) => successors(state),
    ...(estimate === 'none' ? {} : { estimate: (state: SimState) => combine(bounds(state)) }),
  };
}
