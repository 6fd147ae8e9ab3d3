import { executeChild, workflowInfo } from '@temporalio/workflow';
import {
  type Belief,
  type LookPlanGraphResult,
  type LookPlanGraphRunResult,
  type PlanAndExecuteInput,
  type Progress,
  plannerOf,
  traitsOf,
} from '../../contract.js';
import { oneLine } from '../../run-description.js';
import { lookPlanGraph } from '../look-plan-graph.js';
import { onRobot } from './on-robot.js';
import { childOutcome } from './outcome.js';
import { enterStage } from './progress.js';

/**
 * A run of a planner that plans while it executes: one child (lookPlanGraph) chooses an action
 * from the robot's belief, runs it, looks, and chooses again until it is done or out of budget.
 * Its result is reported as it is: the actions chosen and the skills run, no plan made before.
 */
export async function lookPlanGraphRun(
  input: PlanAndExecuteInput,
  belief: Belief,
  progress: Progress,
): Promise<LookPlanGraphRunResult> {
  const runId = `${workflowInfo().workflowId}-lookplangraph`;
  enterStage(progress, 'executing', runId);
  const run = await executeChild(lookPlanGraph, {
    workflowId: runId,
    args: [
      {
        ...onRobot(input, belief),
        instruction: input.instruction,
        ...(input.options?.maxActions ? { maxActions: input.options.maxActions } : {}),
        ...(traitsOf(plannerOf(input.options)).chooser === 'scores' ? { chooser: 'scores' as const } : {}),
        ...(input.options?.llmHeartbeatTimeoutSeconds
          ? { llmHeartbeatTimeoutSeconds: input.options.llmHeartbeatTimeoutSeconds }
          : {}),
      },
    ],
    typedSearchAttributes: workflowInfo().typedSearchAttributes,
    staticSummary: oneLine(`LookPlanGraph "${input.instruction}" on robot ${input.robotId}`),
  }).catch((error: unknown): LookPlanGraphResult => {
    const failed = childOutcome<LookPlanGraphResult>(error);
    if (failed === undefined) throw error;
    return failed;
  });
  progress.usage = run.usage;
  progress.executedSteps = run.steps.length;
  if (run.reason) progress.lastFeedback = run.reason;
  return {
    status: run.status === 'done' ? 'completed' : 'execution-failed',
    lookPlanGraph: run,
    replannedForWorldChanges: 0,
    replannedForExecutionFailures: run.failedActions,
    belief: run.belief,
  };
}
