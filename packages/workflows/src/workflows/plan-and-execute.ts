import {
  CancellationScope,
  condition,
  executeChild,
  setHandler,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import {
  approveSignal,
  type ExecutePlanResult,
  FAILURE_TYPES,
  type PlanAndExecuteInput,
  type PlanAndExecuteResult,
  type PlanTaskInput,
  type PlanTaskResult,
  rejectSignal,
  STATUS_ATTRIBUTE,
  type Stage,
  type Usage,
  worldChangedSignal,
} from '../contract.js';
import { executionDescription, oneLine, planningDetails } from '../run-description.js';
import { executePlan } from './execute-plan.js';
import { childOutcome, failWithOutcome } from './outcome.js';
import { planTask } from './plan-task.js';
import { enterStage, trackProgress } from './progress.js';

/**
 * The default entry point: plan (child workflow planTask), optionally wait for approval, then
 * execute (child workflow executePlan). A reported world change sends the run back to planning.
 * plan-failed and execution-failed fail the workflow (PlanFailed, ExecutionFailed) with the full
 * result in the failure's details; planned and rejected complete, like completed.
 */
export async function planAndExecute(input: PlanAndExecuteInput): Promise<PlanAndExecuteResult> {
  const { workflowId } = workflowInfo();
  let sceneRef = input.sceneRef;
  let approved = false;
  let rejected: string | undefined;
  let change: { description: string; sceneRef?: string } | undefined;
  const context: string[] = [];
  const progress = trackProgress('searching');
  setHandler(approveSignal, () => {
    approved = true;
  });
  setHandler(rejectSignal, ({ reason }) => {
    rejected = reason ?? 'rejected by the operator';
  });
  setHandler(worldChangedSignal, (reported) => {
    change = reported;
  });
  const enter = (stage: Stage, child?: string) => enterStage(progress, stage, child);
  const finish = (
    result: Omit<PlanAndExecuteResult, 'replannedForWorldChanges'>,
    replans: number,
  ): PlanAndExecuteResult => {
    const full = { ...result, replannedForWorldChanges: replans };
    if (result.status === 'plan-failed') progress.lastFeedback = result.planning.reason;
    if (result.status === 'execution-failed') progress.lastFeedback = result.execution?.reason;
    enter('done');
    upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: result.status }]);
    if (result.status === 'plan-failed')
      failWithOutcome(FAILURE_TYPES.planFailed, result.planning.reason ?? 'no verified plan', full);
    if (result.status === 'execution-failed')
      failWithOutcome(FAILURE_TYPES.executionFailed, result.execution?.reason ?? 'execution failed', full);
    return full;
  };
  // Tokens spent by the planning rounds before the current one.
  let spentBefore: Usage = { promptTokens: 0, completionTokens: 0, calls: 0 };

  for (let round = 0; ; round++) {
    const planId = `${workflowId}-plan-${round + 1}`;
    enter('searching', planId);
    const planInput: PlanTaskInput = {
      sceneRef,
      instruction: input.instruction,
      options: input.options ?? {},
      context: [...context],
    };
    const planning = await executeChild(planTask, {
      workflowId: planId,
      args: [planInput],
      typedSearchAttributes: workflowInfo().typedSearchAttributes,
      staticSummary: oneLine(`plan "${input.instruction}" (round ${round + 1})`),
      staticDetails: planningDetails(planInput),
    }).catch((error: unknown): PlanTaskResult => {
      const failed = childOutcome<PlanTaskResult>(error);
      if (failed === undefined) throw error;
      return failed;
    });
    progress.usage = sumUsage(spentBefore, planning.usage);
    spentBefore = progress.usage;
    progress.attempts = planning.attempts.length;
    if (planning.status === 'failed') return finish({ status: 'plan-failed', planning }, round);
    if (input.planOnly) return finish({ status: 'planned', planning }, round);

    if (input.requireApproval) {
      enter('awaiting-approval');
      approved = false;
      await condition(() => approved || rejected !== undefined || change !== undefined);
      if (rejected !== undefined) return finish({ status: 'rejected', planning }, round);
    }

    if (change === undefined) {
      const executeId = `${workflowId}-execute-${round + 1}`;
      enter('executing', executeId);
      progress.totalSteps = planning.expandedPlan.length;
      const scope = new CancellationScope();
      const child = await scope.run(() =>
        startChild(executePlan, {
          workflowId: executeId,
          args: [
            {
              sceneRef,
              plan: planning.expandedPlan,
              robotId: input.robotId,
              ...(input.heartbeatTimeoutSeconds
                ? { heartbeatTimeoutSeconds: input.heartbeatTimeoutSeconds }
                : {}),
              ...(input.skillScheduleToStartTimeoutSeconds
                ? { skillScheduleToStartTimeoutSeconds: input.skillScheduleToStartTimeoutSeconds }
                : {}),
            },
          ],
          typedSearchAttributes: workflowInfo().typedSearchAttributes,
          ...executionDescription(input.robotId, planning.expandedPlan),
        }),
      );
      const executed = child.result().catch((error: unknown): ExecutePlanResult => {
        const failed = childOutcome<ExecutePlanResult>(error);
        if (failed === undefined) throw error;
        return failed;
      });
      const outcome = await Promise.race([
        executed,
        condition(() => change !== undefined).then(() => undefined),
      ]);
      if (outcome !== undefined) {
        progress.executedSteps = outcome.steps.filter((s) => s.status !== 'failed').length;
        const status = outcome.status === 'completed' ? 'completed' : 'execution-failed';
        return finish({ status, planning, execution: outcome }, round);
      }
      // The world changed mid-execution: stop the robot, then plan again.
      scope.cancel();
      await executed.catch(() => undefined);
    }

    const reported = change!;
    change = undefined;
    context.push(`The world changed since the last plan: ${reported.description}`);
    if (reported.sceneRef) sceneRef = reported.sceneRef;
  }
}

function sumUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    calls: a.calls + b.calls,
  };
}
