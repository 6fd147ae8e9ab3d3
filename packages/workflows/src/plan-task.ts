import type { CallReport, PlanFeedback } from '@groundplan/llm';
import { STAGE_ATTRIBUTE } from '@groundplan/temporal-runtime/search-attributes';
import { ActivityFailure, ApplicationFailure, upsertSearchAttributes } from '@temporalio/workflow';
import { llmActivities, sim } from './activity-options.js';
import type {
  PlanAttempt,
  PlannerVariant,
  PlanStep,
  PlanTaskInput,
  PlanTaskResult,
  SearchTraceEntry,
  Stage,
  Usage,
  View,
} from './contracts.js';
import { trackProgress } from './messages.js';

export const DEFAULT_MAX_REPLANS = 5;
export const DEFAULT_MAX_SEARCH_STEPS = 24;

/**
 * SayPlan as a durable workflow: semantic search over the collapsed scene graph (one LLM
 * activity per step, the view kept here as a small value), then plan -> expand navigation ->
 * verify in the simulator, replanning with its feedback up to maxReplans times. No plan leaves
 * this workflow as verified unless the simulator verified it.
 */
export async function planTask(input: PlanTaskInput): Promise<PlanTaskResult> {
  const planner: PlannerVariant = input.options?.planner ?? 'sayplan';
  const maxReplans = planner === 'sayplan' ? (input.options?.maxReplans ?? DEFAULT_MAX_REPLANS) : 0;
  const maxSearchSteps = input.options?.maxSearchSteps ?? DEFAULT_MAX_SEARCH_STEPS;
  const { sceneRef, instruction } = input;
  const llm = llmActivities(input.options?.llmHeartbeatTimeoutSeconds);

  const progress = trackProgress('searching');
  const usage = progress.usage;
  const enter = (stage: Stage) => {
    progress.stage = stage;
    upsertSearchAttributes([{ key: STAGE_ATTRIBUTE, value: stage }]);
  };
  const spend = (call: CallReport) => {
    usage.promptTokens += call.usage.promptTokens;
    usage.completionTokens += call.usage.completionTokens;
    usage.calls += 1;
  };

  // 1. Semantic search: expand and contract until the LLM has the subgraph it needs. The
  // baselines, as in SayPlan's evaluation, plan from the whole scene graph instead.
  enter('searching');
  const collapsed = await sim.collapseScene({ sceneRef });
  let view: View = collapsed.view;
  progress.viewTokens = collapsed.tokens;
  const searchTrace: SearchTraceEntry[] = [];
  let lastError: string | undefined;
  for (let step = 0; planner === 'sayplan' && step < maxSearchSteps; step++) {
    progress.searchSteps = step + 1;
    let answer: Awaited<ReturnType<typeof llm.semanticSearchStep>>;
    try {
      answer = await llm.semanticSearchStep({
        sceneRef,
        instruction,
        view,
        ...(lastError ? { lastError } : {}),
      });
    } catch (error) {
      const invalid = invalidAnswer(error, usage);
      if (invalid === undefined) throw error;
      lastError = `your last answer was not valid: ${invalid}`;
      searchTrace.push({
        step,
        command: 'invalid',
        node: '',
        reasoning: '',
        error: invalid,
        viewTokens: progress.viewTokens,
      });
      continue;
    }
    spend(answer.usage);
    const entry: SearchTraceEntry = {
      step,
      command: answer.command,
      node: answer.node,
      reasoning: answer.reasoning,
      viewTokens: progress.viewTokens,
    };
    searchTrace.push(entry);
    if (answer.command === 'done') break;
    const applied = await sim.applySearchCommand({
      sceneRef,
      view,
      command: answer.command,
      node: answer.node,
    });
    if (applied.ok) {
      view = applied.value.view;
      progress.viewTokens = applied.value.tokens;
      entry.viewTokens = applied.value.tokens;
      lastError = undefined;
    } else {
      entry.error = applied.error;
      lastError = applied.error;
    }
  }

  // 2. Plan, expand, verify; replan on the simulator's feedback.
  const attempts: PlanAttempt[] = [];
  const feedback: PlanFeedback[] = (input.context ?? []).map((note) => ({ plan: [], feedback: note }));
  let plan: PlanStep[] = [];
  let expandedPlan: PlanStep[] = [];
  for (let attempt = 0; attempt <= maxReplans; attempt++) {
    enter('planning');
    progress.attempts = attempt + 1;
    let proposal: Awaited<ReturnType<typeof llm.generatePlan>>;
    try {
      proposal =
        planner === 'sayplan'
          ? await llm.generatePlan({ sceneRef, instruction, view, feedback: [...feedback] })
          : planner === 'llm+p'
            ? await llm.planWithPathPlannerOnly({ sceneRef, instruction })
            : await llm.planWithoutPathPlanner({ sceneRef, instruction });
    } catch (error) {
      const invalid = invalidAnswer(error, usage);
      if (invalid === undefined) throw error;
      const text = `the answer was not a valid plan: ${invalid}`;
      attempts.push({ attempt, plan: [], feedback: text });
      feedback.push({ plan: [], feedback: text });
      progress.lastFeedback = text;
      continue;
    }
    spend(proposal.usage);
    plan = proposal.plan;

    enter('verifying');
    if (planner === 'llm-as-planner') {
      expandedPlan = plan;
    } else {
      const expanded = await sim.expandPath({ sceneRef, plan });
      if (!expanded.ok) {
        attempts.push({ attempt, plan, feedback: expanded.error });
        feedback.push({ plan, feedback: expanded.error });
        progress.lastFeedback = expanded.error;
        continue;
      }
      expandedPlan = expanded.value;
    }
    const verdict = await sim.verifyPlan({ sceneRef, plan: expandedPlan });
    if (verdict.ok) {
      attempts.push({ attempt, plan });
      enter('done');
      return {
        status: 'verified',
        planner,
        instruction,
        plan,
        expandedPlan,
        explored: view,
        searchTrace,
        attempts,
        usage,
      };
    }
    const text = `step ${verdict.index + 1}: ${verdict.feedback}`;
    attempts.push({ attempt, plan, feedback: text });
    feedback.push({ plan: expandedPlan, feedback: text });
    progress.lastFeedback = text;
  }

  enter('done');
  const tries = attempts.length;
  return {
    status: 'failed',
    planner,
    instruction,
    plan,
    expandedPlan,
    reason: `no verified plan after ${tries} attempt${tries === 1 ? '' : 's'}; last feedback: ${feedback.at(-1)?.feedback ?? 'none'}`,
    explored: view,
    searchTrace,
    attempts,
    usage,
  };
}

/**
 * When the model kept answering outside its output contract (LlmInvalidOutput), the planner
 * reports that as a failed step rather than failing the run; the tokens those answers cost are
 * added to the run's usage. Any other failure is not ours to absorb: undefined.
 */
function invalidAnswer(error: unknown, usage: Usage): string | undefined {
  if (!(error instanceof ActivityFailure) || !(error.cause instanceof ApplicationFailure)) return undefined;
  if (error.cause.type !== 'LlmInvalidOutput') return undefined;
  const calls = (error.cause.details?.[0] as { calls?: CallReport[] } | undefined)?.calls ?? [];
  for (const call of calls) {
    usage.promptTokens += call.usage.promptTokens;
    usage.completionTokens += call.usage.completionTokens;
    usage.calls += 1;
  }
  return error.cause.message;
}
