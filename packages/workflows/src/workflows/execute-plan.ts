import { ActivityFailure, ApplicationFailure, isCancellation, workflowInfo } from '@temporalio/workflow';
import type { ExecutePlanInput, ExecutePlanResult, StepRecord } from '../contract.js';
import { trackProgress } from './progress.js';
import { robot } from './proxies.js';

/**
 * Runs a verified plan on one robot, step by step, on that robot's task queue. Each step has a
 * stable id, so a retried skill is never applied twice; cancellation stops the robot.
 */
export async function executePlan(input: ExecutePlanInput): Promise<ExecutePlanResult> {
  const { runSkill } = robot(input.robotId, input.heartbeatTimeoutSeconds);
  const progress = trackProgress('executing', input.plan.length);
  const { workflowId } = workflowInfo();
  const steps: StepRecord[] = [];
  for (const [index, step] of input.plan.entries()) {
    try {
      const outcome = await runSkill({ sceneRef: input.sceneRef, stepId: `${workflowId}:${index}`, step });
      steps.push({
        index,
        step,
        status: outcome.status,
        robotSeconds: outcome.robotSeconds,
        resumedFrom: outcome.resumedFrom,
      });
      progress.executedSteps = index + 1;
    } catch (error) {
      if (isCancellation(error)) throw error;
      const message = failureMessage(error);
      steps.push({ index, step, status: 'failed', robotSeconds: 0, resumedFrom: 0, error: message });
      progress.stage = 'done';
      return { status: 'failed', steps, reason: `step ${index + 1} (${step.action}) failed: ${message}` };
    }
  }
  progress.stage = 'done';
  return { status: 'completed', steps };
}

function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure)
    return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
