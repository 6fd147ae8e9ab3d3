import type { Client, WorkflowHandle } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import type { z } from 'zod';
import {
  INSTRUCTION_ATTRIBUTE,
  PLANNER_TASK_QUEUE,
  type PlanAndExecuteInput,
  PlanAndExecuteInputSchema,
  type PlanTaskInput,
  PlanTaskInputSchema,
  SCENE_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
} from './contract.js';
import { runWorkflowId } from './workflow-ids.js';
import type { planAndExecute, planTask } from './workflows.js';

export { runWorkflowId } from './workflow-ids.js';

/** A search attribute holds at most 2,048 bytes; the memo keeps the whole instruction. */
const INSTRUCTION_ATTRIBUTE_CHARS = 500;

/** Input a workflow cannot start with, in one line for the person who gave it. */
export class InvalidRunInput extends Error {
  override readonly name = 'InvalidRunInput';
}

function validated<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new InvalidRunInput(`${where}${issue.message}`);
}

function runOptions<T extends PlanTaskInput>(sceneName: string, input: T) {
  return {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId: runWorkflowId(sceneName, input.instruction),
    args: [input] as [T],
    typedSearchAttributes: new TypedSearchAttributes([
      { key: SCENE_ATTRIBUTE, value: sceneName },
      { key: INSTRUCTION_ATTRIBUTE, value: input.instruction.slice(0, INSTRUCTION_ATTRIBUTE_CHARS) },
      { key: STAGE_ATTRIBUTE, value: 'queued' },
      { key: STATUS_ATTRIBUTE, value: 'running' },
    ]),
    memo: { scene: sceneName, instruction: input.instruction },
  };
}

/** Starts planAndExecute with a readable id, search attributes and memo; bad input throws InvalidRunInput. */
export function startPlanAndExecute(
  client: Client,
  sceneName: string,
  input: PlanAndExecuteInput,
): Promise<WorkflowHandle<typeof planAndExecute>> {
  const checked = validated(PlanAndExecuteInputSchema, input);
  return client.workflow.start<typeof planAndExecute>('planAndExecute', runOptions(sceneName, checked));
}

/** Starts planTask alone (plan, no execution); bad input throws InvalidRunInput. */
export function startPlanTask(
  client: Client,
  sceneName: string,
  input: PlanTaskInput,
): Promise<WorkflowHandle<typeof planTask>> {
  const checked = validated(PlanTaskInputSchema, input);
  return client.workflow.start<typeof planTask>('planTask', runOptions(sceneName, checked));
}
