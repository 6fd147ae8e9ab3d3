import { CancellationScope, isCancellation, upsertSearchAttributes } from '@temporalio/workflow';
import {
  type ExecutePlanInput,
  type ExecutePlanResult,
  FAILURE_TYPES,
  type Progress,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
  type StepRecord,
} from '../contract.js';
import { failWithOutcome } from './steps/outcome.js';
import { showProgress, trackProgress } from './steps/progress.js';
import { robotSteps } from './steps/robot-steps.js';

/**
 * Runs a verified plan on one robot, step by step, on that robot's task queue. Each step has a
 * stable id, so a retried skill is never applied twice. Every executed step makes the next version
 * of the robot's belief (a scene in the store), reported to the robot entity when the run is one
 * of its tasks. Cancellation stops the robot in the step it is in, and the run returns "stopped"
 * with the belief so far. A skill the robot cannot do fails the workflow (ExecutionFailed) with the
 * full result in its details, including what the robot saw there when that corrected its belief.
 */
export async function executePlan(input: ExecutePlanInput): Promise<ExecutePlanResult> {
  const progress = trackProgress('executing', input.plan.length);
  const robot = robotSteps({ ...input, belief: input.belief ?? { ref: input.sceneRef, accessed: null } });

  const steps: StepRecord[] = [];
  const total = input.plan.length;
  const result = (
    status: ExecutePlanResult['status'],
    extra: { reason?: string; corrected?: string } = {},
  ) => ({
    status,
    steps,
    ...extra,
    belief: robot.state.belief,
    beliefVersions: robot.state.versions,
  });
  const stop = (): ExecutePlanResult => {
    const reason = `stopped after ${progress.executedSteps} of ${total} steps`;
    progress.lastFeedback = reason;
    finish(progress, 'stopped');
    return result('stopped', { reason });
  };

  for (const [index, step] of input.plan.entries()) {
    let ran: Awaited<ReturnType<typeof robot.run>>;
    try {
      ran = await robot.run(step, index, `skill ${index + 1}/${total}`);
    } catch (error) {
      if (isCancellation(error)) return stop();
      throw error;
    }
    steps.push(ran.record);
    if (!ran.ok) {
      // The robot's message usually names the step already ("step 1 goto(pose_s1) failed: ...").
      const reason = ran.reason.startsWith(`step ${index + 1} `)
        ? ran.reason
        : `step ${index + 1} (${step.action}) failed: ${ran.reason}`;
      progress.lastFeedback = ran.corrected ? `${reason}; saw: ${ran.corrected}` : reason;
      finish(progress, 'execution-failed');
      failWithOutcome(
        FAILURE_TYPES.executionFailed,
        reason,
        result('failed', { reason, ...(ran.corrected ? { corrected: ran.corrected } : {}) }),
      );
    }
    progress.executedSteps = index + 1;
    showProgress(progress);
    if (CancellationScope.current().consideredCancelled) return stop();
  }
  finish(progress, 'completed');
  return result('completed');
}

function finish(progress: Progress, status: 'completed' | 'execution-failed' | 'stopped'): void {
  progress.stage = 'done';
  showProgress(progress);
  upsertSearchAttributes([
    { key: STAGE_ATTRIBUTE, value: 'done' },
    { key: STATUS_ATTRIBUTE, value: status },
  ]);
}
