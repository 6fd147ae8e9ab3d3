import {
  ApplicationFailure,
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
  type Belief,
  type BeliefVersion,
  DEFAULT_MAX_EXECUTION_REPLANS,
  type ExecutePlanResult,
  FAILURE_TYPES,
  type LookForResult,
  type LookPlanGraphResult,
  type PlanAndExecuteInput,
  type PlanAndExecuteResult,
  type PlanTaskInput,
  type PlanTaskResult,
  plannerOf,
  planOnlyRefusal,
  type RobotRunInput,
  refusesPlanOnly,
  rejectSignal,
  robotTurnSignal,
  STATUS_ATTRIBUTE,
  type Stage,
  traitsOf,
  type Usage,
  worldChangedSignal,
} from '../contract.js';
import { executionDescription, oneLine, planningDetails } from '../run-description.js';
import { executePlan } from './execute-plan.js';
import { lookFor } from './look-for.js';
import { lookPlanGraph } from './look-plan-graph.js';
import { planTask } from './plan-task.js';
import { childOutcome, failWithOutcome } from './steps/outcome.js';
import { enterStage, trackProgress } from './steps/progress.js';

type Counts = Pick<PlanAndExecuteResult, 'replannedForWorldChanges' | 'replannedForExecutionFailures'>;

/**
 * The default entry point: plan (child workflow planTask) from what the robot believes, optionally
 * wait for approval, then execute (child workflow executePlan), which moves the belief step by
 * step. A reported world change sends the run back to planning, from the belief the robot reached;
 * so does a failed skill whose observation corrected the belief (LookPlanGraph's loop).
 * A run sent by a robot entity first waits for its turn, which brings the belief to plan from.
 * plan-failed and execution-failed fail the workflow (PlanFailed, ExecutionFailed) with the full
 * result in the failure's details; planned and rejected complete, like completed.
 */
export async function planAndExecute(input: PlanAndExecuteInput): Promise<PlanAndExecuteResult> {
  const { workflowId } = workflowInfo();
  const planner = plannerOf(input.options);
  if (input.planOnly && refusesPlanOnly(planner))
    throw ApplicationFailure.create({
      type: FAILURE_TYPES.invalidInput,
      message: planOnlyRefusal(planner),
      nonRetryable: true,
    });
  let belief: Belief | undefined;
  let approved = false;
  let rejected: string | undefined;
  let change: { description: string; sceneRef?: string } | undefined;
  const context: string[] = [];
  const progress = trackProgress(input.robotEntity ? 'waiting-for-robot' : 'searching');
  setHandler(robotTurnSignal, (turn) => {
    belief = turn.belief;
  });
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
  const counts: Counts = { replannedForWorldChanges: 0, replannedForExecutionFailures: 0 };
  const finish = (result: Omit<PlanAndExecuteResult, keyof Counts | 'belief'>): PlanAndExecuteResult => {
    const full = { ...result, ...counts, belief: belief! };
    if (result.status === 'plan-failed') progress.lastFeedback = result.planning.reason;
    if (result.status === 'answered') progress.answer = result.planning.answer?.text;
    if (result.status === 'execution-failed') progress.lastFeedback = result.execution?.reason;
    enter('done');
    upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: result.status }]);
    if (result.status === 'plan-failed')
      failWithOutcome(
        result.planning.notFound
          ? FAILURE_TYPES.notFound
          : result.planning.question && result.planning.question.answer === undefined
            ? FAILURE_TYPES.needsAnswer
            : FAILURE_TYPES.planFailed,
        result.planning.reason ?? 'no verified plan',
        full,
      );
    if (result.status === 'execution-failed')
      failWithOutcome(FAILURE_TYPES.executionFailed, result.execution?.reason ?? 'execution failed', full);
    return full;
  };

  if (input.robotEntity) await condition(() => belief !== undefined);
  else belief = { ref: input.sceneRef, accessed: null };

  // LookPlanGraph plans while it executes: one child runs its whole loop.
  if (traitsOf(planner).plan === 'while-executing') return finish(await lookAndPlan());

  // Tokens spent by the planning rounds before the current one.
  let spentBefore: Usage = { promptTokens: 0, completionTokens: 0, calls: 0 };
  const maxExecutionReplans = input.maxExecutionReplans ?? DEFAULT_MAX_EXECUTION_REPLANS;
  const versions: BeliefVersion[] = [];

  for (let round = 0; ; round++) {
    const planId = `${workflowId}-plan-${round + 1}`;
    enter('searching', planId);
    const planInput: PlanTaskInput = {
      sceneRef: belief!.ref,
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
    if (planning.status === 'failed') return finish({ status: 'plan-failed', planning });
    // A question is answered; the robot does nothing.
    if (planning.status === 'answered') return finish({ status: 'answered', planning });
    if (input.planOnly) return finish({ status: 'planned', planning });

    if (input.requireApproval) {
      enter('awaiting-approval');
      approved = false;
      await condition(() => approved || rejected !== undefined || change !== undefined);
      if (rejected !== undefined) return finish({ status: 'rejected', planning });
    }

    if (change === undefined) {
      const outcome = await execute(round, planning);
      belief = outcome.belief;
      versions.push(...outcome.beliefVersions);
      const execution = { ...outcome, beliefVersions: versions };
      if (outcome.status === 'completed') return finish({ status: 'completed', planning, execution });
      if (outcome.status === 'failed') {
        if (outcome.corrected === undefined || counts.replannedForExecutionFailures >= maxExecutionReplans)
          return finish({ status: 'execution-failed', planning, execution });
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

  /** What every child that drives the robot is given: the robot, its deployment, belief and timeouts. */
  function onRobot(): RobotRunInput {
    return {
      robotId: input.robotId,
      sceneRef: input.sceneRef,
      belief: belief!,
      ...(input.robotEntity ? { reportBeliefTo: input.robotEntity } : {}),
      ...(input.heartbeatTimeoutSeconds ? { heartbeatTimeoutSeconds: input.heartbeatTimeoutSeconds } : {}),
      ...(input.skillScheduleToStartTimeoutSeconds
        ? { skillScheduleToStartTimeoutSeconds: input.skillScheduleToStartTimeoutSeconds }
        : {}),
    };
  }

  /** LookPlanGraph's loop (child workflow lookPlanGraph), told as a plan and its execution. */
  async function lookAndPlan(): Promise<Omit<PlanAndExecuteResult, keyof Counts | 'belief'>> {
    const runId = `${workflowId}-lookplangraph`;
    enter('executing', runId);
    const run = await executeChild(lookPlanGraph, {
      workflowId: runId,
      args: [
        {
          ...onRobot(),
          instruction: input.instruction,
          ...(input.options?.maxActions ? { maxActions: input.options.maxActions } : {}),
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
    belief = run.belief;
    counts.replannedForExecutionFailures = run.failedActions;
    progress.usage = run.usage;
    progress.executedSteps = run.steps.length;
    const done = run.status === 'done';
    const planning: PlanTaskResult = {
      status: done ? 'verified' : 'failed',
      planner,
      instruction: input.instruction,
      plan: run.chosen,
      expandedPlan: run.steps.map((step) => step.step),
      ...(run.reason ? { reason: run.reason } : {}),
      explored: { expanded: [], memory: [] },
      searchTrace: [],
      attempts: [],
      usage: run.usage,
    };
    const execution: ExecutePlanResult = {
      status: done ? 'completed' : 'failed',
      steps: run.steps,
      ...(run.reason ? { reason: run.reason } : {}),
      belief: run.belief,
      beliefVersions: run.beliefVersions,
    };
    return { status: done ? 'completed' : 'execution-failed', planning, execution };
  }

  /** The robot looks room by room for nodes its belief lost (child workflow lookFor). */
  async function lookAround(round: number, wanted: string[]): Promise<LookForResult> {
    const lookId = `${workflowId}-look-${round + 1}`;
    enter('executing', lookId);
    return executeChild(lookFor, {
      workflowId: lookId,
      args: [{ ...onRobot(), wanted }],
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
        args: [{ ...onRobot(), plan: planning.expandedPlan }],
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
