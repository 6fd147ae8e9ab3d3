export {
  createTaskPlanActivities,
  type FeasibleStepsResult,
  type PlanForGoalsInput,
  type PlanForGoalsResult,
  type TaskPlanActivities,
} from './activities.js';
export {
  breadthFirstPlan,
  DEFAULT_MAX_EXPANSIONS,
  planForGoals,
  type TaskPlan,
  type TaskPlanAlgorithm,
  type TaskPlanFailure,
  type TaskPlanFailureReason,
  type TaskPlanOptions,
} from './planning/plan-for-goals.js';
export type { UnreachableGoal } from './planning/unreachable-goals.js';
export {
  type FeasibleAction,
  type FeasibleActionOptions,
  feasibleActions,
  type Successor,
  type SuccessorFunction,
  successorFunction,
} from './successors/feasible-actions.js';
export { roomMoves } from './successors/room-moves.js';
