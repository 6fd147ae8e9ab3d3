import {
  DEFAULT_MAX_REPLANS,
  DEFAULT_MAX_SEARCH_STEPS,
  type PlannerVariant,
  type PlanTaskInput,
  type PlanTaskResult,
  type View,
} from '../contract.js';
import { planForGoals } from './plan-for-goals.js';
import { planUntilVerified } from './plan-until-verified.js';
import { enterStage, trackProgress } from './progress.js';
import { llmActivities, sim } from './proxies.js';
import { type SearchStep, semanticSearch } from './semantic-search.js';

/**
 * SayPlan as a durable workflow: semantic search over the collapsed scene graph, then plan ->
 * expand navigation -> verify, replanning on the simulator's feedback. The baselines of SayPlan's
 * evaluation skip the search (they plan from the whole graph) and never replan.
 */
export async function planTask(input: PlanTaskInput): Promise<PlanTaskResult> {
  const planner: PlannerVariant = input.options?.planner ?? 'sayplan';
  const { sceneRef, instruction } = input;
  const llm = llmActivities(input.options?.llmHeartbeatTimeoutSeconds);
  const progress = trackProgress('searching');

  enterStage(progress, 'searching');
  const start = await sim.collapseScene({ sceneRef });
  let explored: View = start.view;
  let searchTrace: PlanTaskResult['searchTrace'] = [];
  const grounded = planner === 'grounded' || planner === 'grounded-prior';
  const chooser = planner === 'grounded' ? 'model' : 'prior';
  // Every searching, replanning planner gets the same budgets.
  const maxReplans =
    planner === 'sayplan' || grounded ? (input.options?.maxReplans ?? DEFAULT_MAX_REPLANS) : 0;
  if (planner === 'sayplan' || grounded) {
    const maxSearchSteps = input.options?.maxSearchSteps ?? DEFAULT_MAX_SEARCH_STEPS;
    const step: SearchStep = grounded
      ? (view) => llm.groundedSearchStep({ sceneRef, instruction, view, chooser })
      : (view, lastError) =>
          llm.semanticSearchStep({ sceneRef, instruction, view, ...(lastError ? { lastError } : {}) });
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
  return { ...outcome, planner, instruction, explored, searchTrace, usage: progress.usage };
}

/** The node a search ended on with done, as the goal chooser's hint. */
function foundBy(trace: PlanTaskResult['searchTrace']): { found?: string } {
  const last = trace.at(-1);
  return last?.command === 'done' && last.node ? { found: last.node } : {};
}
