// The workflow bundle's entry: every workflow type groundplan registers on groundplan-planner.
export { executePlan } from './execute-plan.js';
export { planAndExecute } from './plan-and-execute.js';
export { planTask } from './plan-task.js';
