import {
  CancellationScope,
  condition,
  executeChild,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import {
  approveSignal,
  type Belief,
  type BeliefVersion,
  DEFAULT_MAX_EXECUTION_REPLANS,
  type ExecutePlanResult,
  type LookForResult,
  type PlanAndExecuteInput,
  type PlannedRunResult,
  type PlanTaskInput,
  type PlanTaskResult,
  type Progress,
  rejectSignal,
  type Usage,
  worldChangedSignal,
} from '../../contract.js';
import { executionDescription, oneLine, planningDetails } from '../../run-description.js';
import { executePlan } from '../execute-plan.js';
import { lookFor } from '../look-for.js';
import { planTask } from '../plan-task.js';
import { onRobot } from './on-robot.js';
import { childOutcome } from './outcome.js';
import { enterStage } from './progress.js';

/**
 * Plan (child workflow planTask) from what the robot believes, optionally wait for approval, then
 * execute (child workflow executePlan), which moves the belief step by step. A reported world
 * change sends the run back to planning, from the belief the robot reached; so does a failed skill
 * whose observation corrected the belief, after the robot looked for what the step needed.
 */
export async function planThenExecute(
  input: PlanAndExecuteInput,
  start: Belief,
  progress: Progress,
): Promise<PlannedRunResult> {
  const { workflowId } = workflowInfo();
  let belief = start;
  let approved = false;
  let rejected: string | undefined;
  let change: { description: string; sceneRef?: string } | undefined;
  setHandler(approveSignal, () => {
    approved = true;
  });
  setHandler(rejectSignal, ({ reason }) => {
    rejected = reason ?? 'rejected by the operator';
  });
  setHandler(worldChangedSignal, (reported) => {
    change = reported;
  });
  const enter = (stage: Progress['stage'], child?: string) => enterStage(progress, stage, child);
  const context: string[] = [];
  const counts = { replannedForWorldChanges: 0, replannedForExecutionFailures: 0 };
  const end = (result: Pick<PlannedRunResult, 'status' | 'planning' | 'execution'>): PlannedRunResult => ({
    ...result,
    ...counts,
    belief,
  });
  // Tokens spent by the planning rounds before the current one.
  let spentBefore: Usage = { promptTokens: 0, completionTokens: 0, calls: 0 };
  const maxExecutionReplans = input.maxExecutionReplans ?? DEFAULT_MAX_EXECUTION_REPLANS;
  const versions: BeliefVersion[] = [];

  for (let round = 0; ; round++) {
    const planId = `${workflowId}-plan-${round + 1}`;
    enter('searching', planId);
    const planInput: PlanTaskInput = {
      sceneRef: belief.ref,
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
    if (planning.status === 'failed') return end({ status: 'plan-failed', planning });
    // A question is answered; the robot does nothing.
    if (planning.status === 'answered') return end({ status: 'answered', planning });
    if (input.planOnly) return end({ status: 'planned', planning });

    if (input.requireApproval) {
      enter('awaiting-approval');
      approved = false;
      await condition(() => approved || rejected !== undefined || change !== undefined);
      if (rejected !== undefined) return end({ status: 'rejected', planning });
    }

    if (change === undefined) {
      const outcome = await execute(round, planning);
      belief = outcome.belief;
      versions.push(...outcome.beliefVersions);
      const execution = { ...outcome, beliefVersions: versions };
      if (outcome.status === 'completed') return end({ status: 'completed', planning, execution });
      if (outcome.status === 'failed') {
        if (outcome.corrected === undefined || counts.replannedForExecutionFailures >= maxExecutionReplans)
          return end({ status: 'execution-failed', planning, execution });
        // What the robot saw contradicts the plan: look for what the step needed, then plan again.
        counts.replannedForExecutionFailures++;
        const failedStep = outcome.steps.at(-1)!.step;
        const look = await lookAround(round, failedStep.args);
        belief = look.belief;
        versions.push(...look.beliefVersions);
        context.push(
          `${outcome.reason}; the robot saw: ${outcome.corrected}; it looked around ${look.looked.join(', ') || 'nowhere'}` +
            (look.found ? ` and found ${failedStep.args.join(', ')}` : ', without finding it'),
        );
        continue;
      }
      // stopped: a world change arrived mid-execution; plan again from where the robot is.
    }

    const reported = change!;
    change = undefined;
    counts.replannedForWorldChanges++;
    context.push(`The world changed since the last plan: ${reported.description}`);
    if (reported.sceneRef) belief = { ref: reported.sceneRef, accessed: null };
  }

  /** The robot looks room by room for nodes its belief lost (child workflow lookFor). */
  async function lookAround(round: number, wanted: string[]): Promise<LookForResult> {
    const lookId = `${workflowId}-look-${round + 1}`;
    enter('executing', lookId);
    return executeChild(lookFor, {
      workflowId: lookId,
      args: [{ ...onRobot(input, belief), wanted }],
      typedSearchAttributes: workflowInfo().typedSearchAttributes,
      staticSummary: oneLine(`look for ${wanted.join(', ')} on robot ${input.robotId}`),
    });
  }

  /** Executes the verified plan; resolves "stopped" when a world change arrives mid-execution. */
  async function execute(round: number, planning: PlanTaskResult): Promise<ExecutePlanResult> {
    const executeId = `${workflowId}-execute-${round + 1}`;
    enter('executing', executeId);
    progress.totalSteps = planning.expandedPlan.length;
    const scope = new CancellationScope();
    const child = await scope.run(() =>
      startChild(executePlan, {
        workflowId: executeId,
        args: [{ ...onRobot(input, belief), plan: planning.expandedPlan }],
        typedSearchAttributes: workflowInfo().typedSearchAttributes,
        ...executionDescription(input.robotId, planning.expandedPlan),
      }),
    );
    const executed = child.result().catch((error: unknown): ExecutePlanResult => {
      const failed = childOutcome<ExecutePlanResult>(error);
      if (failed === undefined) throw error;
      return failed;
    });
    const first = await Promise.race([executed, condition(() => change !== undefined).then(() => undefined)]);
    // The world changed mid-execution: the robot stops after its current skill and reports its belief.
    if (first === undefined) scope.cancel();
    const outcome = await executed;
    progress.executedSteps = outcome.steps.filter((s) => s.status !== 'failed').length;
    return outcome;
  }
}

function sumUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    calls: a.calls + b.calls,
  };
}
