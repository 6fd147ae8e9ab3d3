import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  getExternalWorkflowHandle,
  isCancellation,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import {
  type Belief,
  type BeliefVersion,
  beliefAdvancedSignal,
  type ExecutePlanInput,
  type ExecutePlanResult,
  FAILURE_TYPES,
  type Progress,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
  type StepRecord,
} from '../contract.js';
import { oneLine } from '../run-description.js';
import { failWithOutcome } from './outcome.js';
import { showProgress, trackProgress } from './progress.js';
import { robot, sim } from './proxies.js';

/**
 * Runs a verified plan on one robot, step by step, on that robot's task queue. Each step has a
 * stable id, so a retried skill is never applied twice; cancellation stops the robot after the
 * step it is in and the run returns "stopped" with the belief so far. Every executed step makes
 * the next version of the robot's belief (a scene in the store), reported to the robot entity
 * when the run is one of its tasks. A skill the robot cannot do fails the workflow
 * (ExecutionFailed), with the full result in its details.
 */
export async function executePlan(input: ExecutePlanInput): Promise<ExecutePlanResult> {
  const { runSkill } = robot(input.robotId, input.heartbeatTimeoutSeconds);
  const progress = trackProgress('executing', input.plan.length);
  const { workflowId } = workflowInfo();
  const steps: StepRecord[] = [];
  const total = input.plan.length;
  let belief: Belief = input.belief ?? { ref: input.sceneRef, accessed: null };
  const beliefVersions: BeliefVersion[] = [];
  const entity =
    input.reportBeliefTo === undefined ? undefined : getExternalWorkflowHandle(input.reportBeliefTo);
  const result = (status: ExecutePlanResult['status'], reason?: string): ExecutePlanResult => ({
    status,
    steps,
    ...(reason === undefined ? {} : { reason }),
    belief,
    beliefVersions,
  });

  for (const [index, step] of input.plan.entries()) {
    const skill = `${step.action}(${step.args.join(', ')})`;
    try {
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
    } catch (error) {
      if (isCancellation(error)) return stopped(progress, result);
      const message = failureMessage(error);
      steps.push({ index, step, status: 'failed', robotSeconds: 0, resumedFrom: 0, error: message });
      // The robot's message usually names the step already ("step 1 goto(pose_s1) failed: ...").
      const reason = message.startsWith(`step ${index + 1} `)
        ? message
        : `step ${index + 1} (${step.action}) failed: ${message}`;
      progress.lastFeedback = reason;
      finish(progress, 'execution-failed');
      failWithOutcome(FAILURE_TYPES.executionFailed, reason, result('failed', reason));
    }
    // The step happened: the belief follows, even if the run is being cancelled meanwhile.
    await CancellationScope.nonCancellable(async () => {
      const next = await sim.advanceBelief({ beliefRef: belief.ref, accessed: belief.accessed, step });
      belief = { ref: next.beliefRef, accessed: next.accessed };
      const version = { ...belief, cause: `${workflowId} step ${index + 1}/${total} ${skill}` };
      beliefVersions.push(version);
      // The entity knows its task (this run's parent); an entity that is gone has nothing to learn.
      const taskId = workflowInfo().parent?.workflowId ?? workflowId;
      await entity?.signal(beliefAdvancedSignal, { taskId, version }).catch(() => undefined);
    });
    progress.executedSteps = index + 1;
    showProgress(progress);
    if (CancellationScope.current().consideredCancelled) return stopped(progress, result);
  }
  finish(progress, 'completed');
  return result('completed');
}

function stopped(
  progress: Progress,
  result: (status: ExecutePlanResult['status'], reason?: string) => ExecutePlanResult,
): ExecutePlanResult {
  const reason = `stopped after ${progress.executedSteps} of ${progress.totalSteps} steps`;
  progress.lastFeedback = reason;
  finish(progress, 'stopped');
  return result('stopped', reason);
}

function finish(progress: Progress, status: 'completed' | 'execution-failed' | 'stopped'): void {
  progress.stage = 'done';
  showProgress(progress);
  upsertSearchAttributes([
    { key: STAGE_ATTRIBUTE, value: 'done' },
    { key: STATUS_ATTRIBUTE, value: status },
  ]);
}

function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure)
    return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
