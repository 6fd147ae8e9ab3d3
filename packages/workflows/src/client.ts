import {
  type Client,
  WithStartWorkflowOperation,
  WorkflowFailedError,
  type WorkflowHandle,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ApplicationFailure, TypedSearchAttributes } from '@temporalio/common';
import type { z } from 'zod';
import {
  OUTCOME_FAILURE_TYPES,
  PLANNER_TASK_QUEUE,
  type PlanAndExecuteInput,
  PlanAndExecuteInputSchema,
  type PlanTaskInput,
  PlanTaskInputSchema,
  plannerOf,
  planOnlyRefusal,
  ROBOT_ATTRIBUTE,
  type RobotExploration,
  type RobotState,
  type RobotTask,
  refusesPlanOnly,
  robotEntityId,
  robotStateQuery,
  SCENE_ATTRIBUTE,
  submitTaskUpdate,
  taskTarget,
} from './contract.js';
import { ExploreForInputSchema } from './explore-contract.js';
import {
  planningDetails,
  runDetails,
  runSearchAttributes,
  runSummary,
  runViewUrl,
  viewLink,
} from './run-description.js';
import { runWorkflowId } from './workflow-ids.js';
import type { exploreFor, planAndExecute, planTask, robotEntity } from './workflows.js';

export { runWorkflowId } from './workflow-ids.js';

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
  return {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId,
    args: [input] as [T],
    typedSearchAttributes: new TypedSearchAttributes(runSearchAttributes(sceneName, input)),
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
  const planner = plannerOf(checked.options);
  if (checked.planOnly && refusesPlanOnly(planner)) throw new InvalidRunInput(planOnlyRefusal(planner));
  return client.workflow.start<typeof planAndExecute>(
    'planAndExecute',
    runOptions(sceneName, checked, runDetails(checked), links),
  );
}

/**
 * Sends a task to its robot: the robot's entity workflow (started here if the robot has none yet,
 * deployed in the task's scene) queues it and runs it when the tasks before it are done, planned
 * from the belief they left. Returns the task's run. A refused task (another scene, a full queue)
 * and bad input throw InvalidRunInput with one line.
 */
export async function submitRobotTask(
  client: Client,
  sceneName: string,
  input: Omit<PlanAndExecuteInput, 'planOnly' | 'robotEntity'>,
  links: RunLinks = {},
): Promise<WorkflowHandle<typeof planAndExecute>> {
  const checked = validated(PlanAndExecuteInputSchema, input);
  const taskId = runWorkflowId(sceneName, checked.instruction, checked.robotId);
  await submitToRobot(client, sceneName, { taskId, sceneName, input: checked }, links);
  return client.workflow.getHandle<typeof planAndExecute>(taskId);
}

/**
 * Sends an exploration task (exploreFor: SayNav and its baselines) to its robot, like
 * submitRobotTask: the entity runs it in turn, from where the robot is, and its belief history
 * shows every step. Bad input and a refused task throw InvalidRunInput with one line.
 */
export async function startExploration(
  client: Client,
  sceneName: string,
  input: RobotExploration,
  links: RunLinks = {},
): Promise<WorkflowHandle<typeof exploreFor>> {
  const { robotEntity: _, ...checked } = validated(ExploreForInputSchema, input);
  const taskId = runWorkflowId(
    sceneName,
    `find ${checked.targets.join(', ')}`,
    `explore-${checked.explorer}`,
  );
  await submitToRobot(client, sceneName, { taskId, sceneName, explore: checked }, links);
  return client.workflow.getHandle<typeof exploreFor>(taskId);
}

/**
 * Starts one exploration on its robot directly, without the robot's entity: it starts where the
 * deployment scene puts the robot, whatever ran before (the exploration benchmark's runs). Bad
 * input throws InvalidRunInput with one line.
 */
export function startExploreFor(
  client: Client,
  workflowId: string,
  input: RobotExploration,
): Promise<WorkflowHandle<typeof exploreFor>> {
  const { robotEntity: _, ...checked } = validated(ExploreForInputSchema, input);
  return client.workflow.start<typeof exploreFor>('exploreFor', {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId,
    args: [checked],
    staticSummary: `${checked.explorer}: find ${checked.targets.join(', ')} on robot ${checked.robotId}`,
  });
}

/** The robot's entity (started if the robot has none yet, in the task's scene) takes the task, or its validator refuses it. */
async function submitToRobot(
  client: Client,
  sceneName: string,
  task: RobotTask,
  links: RunLinks,
): Promise<void> {
  const { robotId, sceneRef } = taskTarget(task);
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof robotEntity>('robotEntity', {
    workflowId: robotEntityId(robotId),
    taskQueue: PLANNER_TASK_QUEUE,
    args: [{ robotId, sceneRef }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    typedSearchAttributes: new TypedSearchAttributes([
      { key: ROBOT_ATTRIBUTE, value: robotId },
      { key: SCENE_ATTRIBUTE, value: sceneName },
    ]),
    staticSummary: `robot ${robotId} · scene ${sceneName}`,
  });
  try {
    await client.workflow.executeUpdateWithStart(submitTaskUpdate, {
      args: [{ ...task, ...(links.view ? { view: runViewUrl(links.view, task.taskId) } : {}) }],
      startWorkflowOperation,
    });
  } catch (error) {
    // The entity's validator refused the task: its message is the one line to show.
    if (error instanceof WorkflowUpdateFailedError && error.cause instanceof Error)
      throw new InvalidRunInput(error.cause.message);
    throw error;
  }
}

/** What a robot believes, what it is doing and what it has done; undefined for a robot that never had a task. */
export async function robotState(client: Client, robotId: string): Promise<RobotState | undefined> {
  try {
    return await client.workflow.getHandle(robotEntityId(robotId)).query(robotStateQuery);
  } catch (error) {
    if (error instanceof Error && error.name === 'WorkflowNotFoundError') return undefined;
    throw error;
  }
}

/** Starts planTask alone (plan, no execution); bad input throws InvalidRunInput. */
export function startPlanTask(
  client: Client,
  sceneName: string,
  input: PlanTaskInput,
  links: RunLinks = {},
): Promise<WorkflowHandle<typeof planTask>> {
  const checked = validated(PlanTaskInputSchema, input);
  const planner = plannerOf(checked.options);
  if (refusesPlanOnly(planner)) throw new InvalidRunInput(planOnlyRefusal(planner));
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
