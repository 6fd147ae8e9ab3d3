import {
  ActivityFailure,
  ApplicationFailure,
  isCancellation,
  TimeoutFailure,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import {
  type ExecutePlanInput,
  type ExecutePlanResult,
  FAILURE_TYPES,
  type Progress,
  SKILL_DEFAULTS,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
  type StepRecord,
} from '../contract.js';
import { oneLine } from '../run-description.js';
import { failWithOutcome } from './outcome.js';
import { showProgress, trackProgress } from './progress.js';
import { robot } from './proxies.js';

/**
 * Runs a verified plan on one robot, step by step, on that robot's task queue. Each step has a
 * stable id, so a retried skill is never applied twice; cancellation stops the robot. A skill
 * the robot cannot do fails the workflow (ExecutionFailed), with the full result in its details.
 */
export async function executePlan(input: ExecutePlanInput): Promise<ExecutePlanResult> {
  const { runSkill } = robot(
    input.robotId,
    input.heartbeatTimeoutSeconds,
    input.skillScheduleToStartTimeoutSeconds,
  );
  const progress = trackProgress('executing', input.plan.length);
  const { workflowId } = workflowInfo();
  const steps: StepRecord[] = [];
  const total = input.plan.length;
  for (const [index, step] of input.plan.entries()) {
    try {
      const skill = `${step.action}(${step.args.join(', ')})`;
      const outcome = await runSkill.executeWithOptions(
        { summary: oneLine(`skill ${index + 1}/${total} ${skill}`) },
        [{ sceneRef: input.sceneRef, stepId: `${workflowId}:${index}`, step }],
      );
      steps.push({
        index,
        step,
        status: outcome.status,
        robotSeconds: outcome.robotSeconds,
        resumedFrom: outcome.resumedFrom,
      });
      progress.executedSteps = index + 1;
      showProgress(progress);
    } catch (error) {
      if (isCancellation(error)) throw error;
      const message = failureMessage(error, input);
      steps.push({ index, step, status: 'failed', robotSeconds: 0, resumedFrom: 0, error: message });
      // The robot's message usually names the step already ("step 1 goto(pose_s1) failed: ...").
      const reason = message.startsWith(`step ${index + 1} `)
        ? message
        : `step ${index + 1} (${step.action}) failed: ${message}`;
      progress.lastFeedback = reason;
      finish(progress, 'execution-failed');
      failWithOutcome(FAILURE_TYPES.executionFailed, reason, { status: 'failed', steps, reason });
    }
  }
  finish(progress, 'completed');
  return { status: 'completed', steps };
}

function finish(progress: Progress, status: 'completed' | 'execution-failed'): void {
  progress.stage = 'done';
  showProgress(progress);
  upsertSearchAttributes([
    { key: STAGE_ATTRIBUTE, value: 'done' },
    { key: STATUS_ATTRIBUTE, value: status },
  ]);
}

function failureMessage(error: unknown, input: ExecutePlanInput): string {
  // Schedule-to-start is the only timeout a skill is not retried after: nobody serves the robot's queue.
  if (error instanceof ActivityFailure && error.cause instanceof TimeoutFailure)
    if (error.cause.timeoutType === 'SCHEDULE_TO_START')
      return `no worker for robot ${input.robotId} took the skill within ${input.skillScheduleToStartTimeoutSeconds ?? SKILL_DEFAULTS.scheduleToStartTimeoutSeconds} s`;
  if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure)
    return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
