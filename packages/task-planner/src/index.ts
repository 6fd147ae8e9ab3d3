export {
  createTaskPlanActivities,
  type FeasibleStepsResult,
  type PlanForGoalsInput,
  type PlanForGoalsResult,
  type TaskPlanActivities,
} from './activities.js';
export { type FastDownwardPlan, planWithFastDownward } from './fast-downward/plan-with-fast-downward.js';
export {
  type ClassicalPlannerConfig,
  DEFAULT_PLANNER_CONFIG,
  type FastDownwardConfig,
  locateFastDownward,
  PLANNER_NAMES,
  type PlannerName,
  readPlannerName,
} from './fast-downward/planner-config.js';
export {
  type FastDownwardFailure,
  type FastDownwardRun,
  fastDownwardVersion,
  runFastDownward,
} from './fast-downward/run-fast-downward.js';
export { exportPddl, type PddlExportOptions, type PddlTask } from './pddl/export-pddl.js';
export {
  BUILTIN_SEARCHES,
  type BuiltinSearch,
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
