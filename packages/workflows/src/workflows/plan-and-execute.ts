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
  type PlanAndExecuteInput,
  type PlanAndExecuteResult,
  rejectSignal,
  STATUS_ATTRIBUTE,
  type Stage,
  worldChangedSignal,
} from '../contract.js';
import { executePlan } from './execute-plan.js';
import { planTask } from './plan-task.js';
import { enterStage, trackProgress } from './progress.js';

/**
 * The default entry point: plan (child workflow planTask), optionally wait for approval, then
 * execute (child workflow executePlan). A reported world change sends the run back to planning.
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
  const finish = (result: Omit<PlanAndExecuteResult, 'replannedForWorldChanges'>, replans: number) => {
    enter('done');
    upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: result.status }]);
    return { ...result, replannedForWorldChanges: replans };
  };

  for (let round = 0; ; round++) {
    const planId = `${workflowId}-plan-${round + 1}`;
    enter('searching', planId);
    const planning = await executeChild(planTask, {
      workflowId: planId,
      args: [
        { sceneRef, instruction: input.instruction, options: input.options ?? {}, context: [...context] },
      ],
      typedSearchAttributes: workflowInfo().typedSearchAttributes,
    });
    progress.usage = planning.usage;
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
            },
          ],
          typedSearchAttributes: workflowInfo().typedSearchAttributes,
        }),
      );
      const outcome = await Promise.race([
        child.result(),
        condition(() => change !== undefined).then(() => undefined),
      ]);
      if (outcome !== undefined) {
        const status = outcome.status === 'completed' ? 'completed' : 'execution-failed';
        return finish({ status, planning, execution: outcome }, round);
      }
      // The world changed mid-execution: stop the robot, then plan again.
      scope.cancel();
      await child.result().catch(() => undefined);
    }

    const reported = change!;
    change = undefined;
    context.push(`The world changed since the last plan: ${reported.description}`);
    if (reported.sceneRef) sceneRef = reported.sceneRef;
  }
}
