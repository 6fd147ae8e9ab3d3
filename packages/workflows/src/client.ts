import {
  INSTRUCTION_ATTRIBUTE,
  SCENE_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
} from '@groundplan/temporal-runtime/search-attributes';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { PLANNER_TASK_QUEUE } from './activity-options.js';
import type { PlanAndExecuteInput, PlanTaskInput } from './contracts.js';
import { planAndExecute } from './plan-and-execute.js';
import { planTask } from './plan-task.js';
import { runWorkflowId } from './workflow-ids.js';

function runAttributes(sceneName: string, instruction: string) {
  return {
    typedSearchAttributes: new TypedSearchAttributes([
      { key: SCENE_ATTRIBUTE, value: sceneName },
      { key: INSTRUCTION_ATTRIBUTE, value: instruction },
      { key: STAGE_ATTRIBUTE, value: 'queued' },
      { key: STATUS_ATTRIBUTE, value: 'running' },
    ]),
    memo: { scene: sceneName, instruction },
  };
}

/** Starts planAndExecute with a readable id, search attributes and memo for the Temporal UI. */
export function startPlanAndExecute(
  client: Client,
  sceneName: string,
  input: PlanAndExecuteInput,
): Promise<WorkflowHandle<typeof planAndExecute>> {
  return client.workflow.start(planAndExecute, runOptions(sceneName, input));
}

/** Starts planTask alone (plan, no execution). */
export function startPlanTask(
  client: Client,
  sceneName: string,
  input: PlanTaskInput,
): Promise<WorkflowHandle<typeof planTask>> {
  return client.workflow.start(planTask, runOptions(sceneName, input));
}

function runOptions<T extends PlanTaskInput>(sceneName: string, input: T) {
  return {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId: runWorkflowId(sceneName, input.instruction),
    args: [input] as [T],
    ...runAttributes(sceneName, input.instruction),
  };
}
