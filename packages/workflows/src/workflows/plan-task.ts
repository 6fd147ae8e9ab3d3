import { ApplicationFailure, upsertSearchAttributes } from '@temporalio/workflow';
import {
  DEFAULT_MAX_REPLANS,
  DEFAULT_MAX_SEARCH_STEPS,
  FAILURE_TYPES,
  isGrounded,
  type PlannerVariant,
  type PlanTaskInput,
  type PlanTaskResult,
  planOnlyRefusal,
  plansWhileExecuting,
  replans,
  STATUS_ATTRIBUTE,
  searchesAndReplans,
  type View,
} from '../contract.js';
import { llmStepFailure } from './llm-step-failure.js';
import { failWithOutcome } from './outcome.js';
import { planForGoals } from './plan-for-goals.js';
import { planUntilVerified } from './plan-until-verified.js';
import { enterStage, trackProgress } from './progress.js';
import { llmActivities, sim } from './proxies.js';
import { type SearchStep, semanticSearch } from './semantic-search.js';

/**
 * SayPlan as a durable workflow: semantic search over the collapsed scene graph, then plan ->
 * expand navigation -> verify, replanning on the simulator's feedback. The baselines of SayPlan's
 * evaluation skip the search (they plan from the whole graph) and never replan. No verified plan
 * fails the workflow (PlanFailed), with the full result in the failure's details.
 */
export async function planTask(input: PlanTaskInput): Promise<PlanTaskResult> {
  try {
    return await searchAndPlan(input);
  } catch (error) {
    throw llmStepFailure(error, input.options) ?? error;
  }
}

async function searchAndPlan(input: PlanTaskInput): Promise<PlanTaskResult> {
  const planner: PlannerVariant = input.options?.planner ?? 'sayplan';
  if (plansWhileExecuting(planner))
    throw ApplicationFailure.create({
      type: FAILURE_TYPES.invalidInput,
      message: planOnlyRefusal(planner),
      nonRetryable: true,
    });
  const { sceneRef, instruction } = input;
  const llm = llmActivities({
    heartbeatTimeoutSeconds: input.options?.llmHeartbeatTimeoutSeconds,
    maxAttempts: input.options?.llmMaxAttempts,
    deadlineSeconds: input.options?.llmStepDeadlineSeconds,
  });
  const progress = trackProgress('searching');

  enterStage(progress, 'searching');
  const start = await sim.collapseScene.executeWithOptions({ summary: 'collapse the scene graph' }, [
    { sceneRef },
  ]);
  // SayPlan Lite plans from the whole graph: no search, every node in view.
  let explored: View =
    planner === 'sayplan-lite'
      ? (await sim.fullView.executeWithOptions({ summary: 'the whole scene graph' }, [{ sceneRef }])).view
      : start.view;
  let searchTrace: PlanTaskResult['searchTrace'] = [];
  const grounded = isGrounded(planner);
  const chooser = planner === 'grounded' ? 'model' : 'prior';
  // Every searching, replanning planner gets the same budgets.
  const maxReplans = replans(planner) ? (input.options?.maxReplans ?? DEFAULT_MAX_REPLANS) : 0;
  if (searchesAndReplans(planner)) {
    const maxSearchSteps = input.options?.maxSearchSteps ?? DEFAULT_MAX_SEARCH_STEPS;
    const step: SearchStep = grounded
      ? (view, _lastError, summary) =>
          llm.groundedSearchStep.executeWithOptions({ summary }, [{ sceneRef, instruction, view, chooser }])
      : (view, lastError, summary) =>
          llm.semanticSearchStep.executeWithOptions({ summary }, [
            { sceneRef, instruction, view, ...(lastError ? { lastError } : {}) },
          ]);
    const searched = await semanticSearch(step, { sceneRef, instruction, start, maxSearchSteps }, progress);
    explored = searched.view;
    searchTrace = searched.trace;
  }

  const outcome = grounded
    ? await planForGoals(
        llm,
        { sceneRef, instruction, chooser, view: explored, maxReplans, ...foundBy(searchTrace) },
        progress,
      )
    : await planUntilVerified(
        llm,
        { sceneRef, instruction, planner, view: explored, maxReplans, context: input.context ?? [] },
        progress,
      );
  enterStage(progress, 'done');
  const result: PlanTaskResult = {
    ...outcome,
    planner,
    instruction,
    explored,
    searchTrace,
    usage: progress.usage,
  };
  upsertSearchAttributes([
    { key: STATUS_ATTRIBUTE, value: outcome.status === 'verified' ? 'verified' : 'plan-failed' },
  ]);
  if (result.status === 'failed')
    failWithOutcome(FAILURE_TYPES.planFailed, result.reason ?? 'no verified plan', result);
  return result;
}

/** The node a search ended on with done, as the goal chooser's hint. */
function foundBy(trace: PlanTaskResult['searchTrace']): { found?: string } {
  const last = trace.at(-1);
  return last?.command === 'done' && last.node ? { found: last.node } : {};
}
