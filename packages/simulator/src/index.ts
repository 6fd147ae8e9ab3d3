export type {
  ActionSpec,
  Bindings,
  Check,
  Effect,
  Form,
  ParameterSpec,
  Precondition,
  StepContext,
} from './actions/action-spec.js';
export { fillTemplate, requires } from './actions/action-spec.js';
export { ACTION_SPECS, actionDescriptions, actionNames, actionSpec } from './actions/action-table.js';
export * as checks from './actions/checks.js';
export * as effects from './actions/effects.js';
export { lookKind, PERCEPTION_SPECS, ROBOT_SKILL_SPECS } from './actions/perception-table.js';
export {
  type AdvanceBeliefInput,
  type AdvanceBeliefResult,
  createSimActivities,
  type PlanVerdict,
  type SimActivities,
} from './activities/sim-activities.js';
export { type Answer, type AnswerNode, describeAnswer } from './answer/answer.js';
export {
  advanceBelief,
  BELIEF_STEP_FAILED,
  type BeliefAdvance,
  type BeliefUpdate,
  INVALID_OBSERVATION,
} from './belief/advance-belief.js';
export { isPrior, memoryGraph, PRIOR_ATTRIBUTE } from './belief/memory-graph.js';
export { mergeObservation } from './belief/merge-observation.js';
export { sceneChanges } from './belief/scene-changes.js';
export {
  checkGoals,
  checkGoalText,
  checkPlanGoals,
  type GoalReport,
  type GoalResult,
} from './goals/check-goals.js';
export { closedAfterPuttingAway } from './goals/closed-after-putting-away.js';
export { type ConsistentGoals, consistentGoals } from './goals/consistent-goals.js';
export { formatGoal, type Goal, goalNodes, parseGoal, parseGoals } from './goals/goal.js';
export { goalCandidates, settableStates } from './goals/goal-candidates.js';
export { compareToGoalGraph, type GoalGraphComparison, type NodeMismatch } from './goals/goal-graph.js';
export { formatStep, type Plan, PlanSchema, type PlanStep, PlanStepSchema } from './plan/plan.js';
export {
  describeChange,
  type PlanChange,
  planChanges,
  sideEffects,
  undoGoals,
} from './plan/side-effects.js';
export { BUILT_IN_SKILLS, PERCEPTION_SKILLS } from './skills/built-in-skills.js';
export { CHECK_BUILDERS, EFFECT_BUILDERS } from './skills/skill-builders.js';
export { parseSkillFile, type SkillFile, skillFileSchema } from './skills/skill-file.js';
export { type SourcedSkillFile, skillTable } from './skills/skill-table.js';
export {
  BUILT_IN_TABLES,
  loadSkillFile,
  loadSkillTables,
  type SkillTables,
  skillTables,
} from './skills/skill-tables.js';
export { commitState } from './state/commit-state.js';
export { PersistentMap } from './state/persistent-map.js';
export {
  fullStateOf,
  initialState,
  makeState,
  type Placement,
  parentIn,
  roomIn,
  type SimState,
  sceneParent,
  stateOf,
  withAgent,
  withPlacement,
  withState,
} from './state/sim-state.js';
export {
  type SimStateJSON,
  SimStateJSONSchema,
  simStateFromJSON,
  simStateToJSON,
} from './state/sim-state-json.js';
export { stateKey } from './state/state-key.js';
export {
  applyPlan,
  applyStep,
  describeFailure,
  type FailureReason,
  type PlanFailure,
  type StepOptions,
  type StepOutcome,
  tryStep,
  type Verification,
  type VerifyOptions,
  verifyPlan,
} from './verify/verify-plan.js';
