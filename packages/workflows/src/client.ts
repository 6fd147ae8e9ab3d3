import { type Client, WorkflowFailedError, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure, type SearchAttributePair, TypedSearchAttributes } from '@temporalio/common';
import type { z } from 'zod';
import {
  INSTRUCTION_ATTRIBUTE,
  LLM_TOKENS_ATTRIBUTE,
  OUTCOME_FAILURE_TYPES,
  PLANNER_ATTRIBUTE,
  PLANNER_TASK_QUEUE,
  type PlanAndExecuteInput,
  PlanAndExecuteInputSchema,
  type PlanTaskInput,
  PlanTaskInputSchema,
  REPLANS_ATTRIBUTE,
  ROBOT_ATTRIBUTE,
  SCENE_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
} from './contract.js';
import { planningDetails, runDetails, runSummary, runViewUrl, viewLink } from './run-description.js';
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

/** Where a run links to besides the Temporal UI: `view`, the base URL of `groundplan view`. */
export type RunLinks = { view?: string };

function runOptions<T extends PlanTaskInput & { robotId?: string }>(
  sceneName: string,
  input: T,
  staticDetails: string,
  links: RunLinks,
) {
  const workflowId = runWorkflowId(sceneName, input.instruction);
  const view = links.view ? runViewUrl(links.view, workflowId) : undefined;
  const attributes: SearchAttributePair[] = [
    { key: SCENE_ATTRIBUTE, value: sceneName },
    { key: INSTRUCTION_ATTRIBUTE, value: input.instruction.slice(0, INSTRUCTION_ATTRIBUTE_CHARS) },
    { key: STAGE_ATTRIBUTE, value: 'queued' },
    { key: STATUS_ATTRIBUTE, value: 'running' },
    { key: PLANNER_ATTRIBUTE, value: input.options?.planner ?? 'sayplan' },
    { key: REPLANS_ATTRIBUTE, value: 0 },
    { key: LLM_TOKENS_ATTRIBUTE, value: 0 },
  ];
  if (input.robotId) attributes.push({ key: ROBOT_ATTRIBUTE, value: input.robotId });
  return {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId,
    args: [input] as [T],
    typedSearchAttributes: new TypedSearchAttributes(attributes),
    memo: { scene: sceneName, instruction: input.instruction, ...(view ? { view } : {}) },
    staticSummary: runSummary(sceneName, input),
    staticDetails: view ? `${staticDetails}\n${viewLink(view)}` : staticDetails,
  };
}

/** Starts planAndExecute with a readable id, search attributes and memo; bad input throws InvalidRunInput. */
export function startPlanAndExecute(
  client: Client,
  sceneName: string,
  input: PlanAndExecuteInput,
  links: RunLinks = {},
): Promise<WorkflowHandle<typeof planAndExecute>> {
  const checked = validated(PlanAndExecuteInputSchema, input);
  return client.workflow.start<typeof planAndExecute>(
    'planAndExecute',
    runOptions(sceneName, checked, runDetails(checked), links),
  );
}

/** Starts planTask alone (plan, no execution); bad input throws InvalidRunInput. */
export function startPlanTask(
  client: Client,
  sceneName: string,
  input: PlanTaskInput,
  links: RunLinks = {},
): Promise<WorkflowHandle<typeof planTask>> {
  const checked = validated(PlanTaskInputSchema, input);
  return client.workflow.start<typeof planTask>(
    'planTask',
    runOptions(sceneName, checked, planningDetails(checked), links),
  );
}

/**
 * A run's result whether its workflow completed or failed with a groundplan outcome (no verified
 * plan, a failed execution: the failure's details carry the full result). Any other failure
 * (cancelled, terminated, an activity that cannot run) is rethrown as the client raised it.
 */
export async function runOutcome<T>(handle: { result(): Promise<T> }): Promise<T> {
  try {
    return await handle.result();
  } catch (error) {
    const cause = error instanceof WorkflowFailedError ? error.cause : undefined;
    if (
      cause instanceof ApplicationFailure &&
      OUTCOME_FAILURE_TYPES.includes(cause.type ?? '') &&
      cause.details?.[0] !== undefined
    )
      return cause.details[0] as T;
    throw error;
  }
}
