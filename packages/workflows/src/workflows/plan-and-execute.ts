import { ApplicationFailure, condition, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import {
  type Belief,
  FAILURE_TYPES,
  type PlanAndExecuteInput,
  type PlanAndExecuteResult,
  plannerOf,
  planOnlyRefusal,
  refusesPlanOnly,
  robotTurnSignal,
  STATUS_ATTRIBUTE,
  traitsOf,
} from '../contract.js';
import { lookPlanGraphRun } from './steps/look-plan-graph-run.js';
import { failWithOutcome } from './steps/outcome.js';
import { planThenExecute } from './steps/plan-then-execute.js';
import { enterStage, trackProgress } from './steps/progress.js';

/**
 * The default entry point: a robot task from an instruction. A run sent by a robot entity first
 * waits for its turn, which brings the belief to start from. Then, as the planner's traits say,
 * it plans and executes (planThenExecute: planning rounds, approval, execution, replanning on
 * world changes and corrected beliefs) or plans while executing (lookPlanGraphRun: LookPlanGraph's
 * loop, reported as its own kind of result).
 * plan-failed and execution-failed fail the workflow (NotFound, NeedsAnswer, PlanFailed,
 * ExecutionFailed) with the full result in the failure's details; planned, rejected and answered
 * complete, like completed.
 */
export async function planAndExecute(input: PlanAndExecuteInput): Promise<PlanAndExecuteResult> {
  const planner = plannerOf(input.options);
  if (input.planOnly && refusesPlanOnly(planner))
    throw ApplicationFailure.create({
      type: FAILURE_TYPES.invalidInput,
      message: planOnlyRefusal(planner),
      nonRetryable: true,
    });
  const progress = trackProgress(input.robotEntity ? 'waiting-for-robot' : 'searching');
  let belief: Belief | undefined;
  setHandler(robotTurnSignal, (turn) => {
    belief = turn.belief;
  });
  if (input.robotEntity) await condition(() => belief !== undefined);
  else belief = { ref: input.sceneRef, accessed: null };

  const result =
    traitsOf(planner).plan === 'while-executing'
      ? await lookPlanGraphRun(input, belief!, progress)
      : await planThenExecute(input, belief!, progress);

  if ('planning' in result) {
    if (result.status === 'plan-failed') progress.lastFeedback = result.planning.reason;
    if (result.status === 'answered') progress.answer = result.planning.answer?.text;
    if (result.status === 'execution-failed') progress.lastFeedback = result.execution?.reason;
  }
  enterStage(progress, 'done');
  upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: result.status }]);
  if (result.status === 'plan-failed')
    failWithOutcome(
      result.planning.notFound
        ? FAILURE_TYPES.notFound
        : result.planning.question && result.planning.question.answer === undefined
          ? FAILURE_TYPES.needsAnswer
          : FAILURE_TYPES.planFailed,
      result.planning.reason ?? 'no verified plan',
      result,
    );
  if (result.status === 'execution-failed')
    failWithOutcome(FAILURE_TYPES.executionFailed, failureReason(result) ?? 'execution failed', result);
  return result;
}

/** Why a run's execution failed, whichever way it planned. */
function failureReason(result: PlanAndExecuteResult): string | undefined {
  return 'planning' in result ? result.execution?.reason : result.lookPlanGraph.reason;
}
