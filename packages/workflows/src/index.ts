export { LLM_TASK_QUEUE, PLANNER_TASK_QUEUE, robotTaskQueue, SIM_TASK_QUEUE } from './activity-options.js';
export { startPlanAndExecute, startPlanTask } from './client.js';
export type * from './contracts.js';
export { executePlan } from './execute-plan.js';
export { approveSignal, progressQuery, rejectSignal, worldChangedSignal } from './messages.js';
export { planAndExecute } from './plan-and-execute.js';
export { DEFAULT_MAX_REPLANS, DEFAULT_MAX_SEARCH_STEPS, planTask } from './plan-task.js';
export { createPlannerWorker, workflowBundleOptions, workflowsPath } from './worker.js';
export { runWorkflowId } from './workflow-ids.js';
