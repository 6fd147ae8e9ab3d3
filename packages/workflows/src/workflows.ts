// The workflow bundle's entry: every workflow type groundplan registers on groundplan-planner.
// Deterministic code only: activities are called through workflows/steps/proxies.ts by type.
// workflows/ holds the registered workflows, workflows/steps/ the helpers they share.
export { executePlan } from './workflows/execute-plan.js';
export { exploreFor } from './workflows/explore-for.js';
export { lookFor } from './workflows/look-for.js';
export { lookPlanGraph } from './workflows/look-plan-graph.js';
export { planAndExecute } from './workflows/plan-and-execute.js';
export { planTask } from './workflows/plan-task.js';
export { robotEntity } from './workflows/robot-entity.js';
