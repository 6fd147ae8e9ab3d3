import type { PlanFeedback } from '@groundplan/llm';
import {
  type PlanAttempt,
  type PlannerVariant,
  type PlanStep,
  type PlanTaskResult,
  type Progress,
  type SceneRef,
  traitsOf,
  type View,
} from '../../contract.js';
import { oneLine } from '../../run-description.js';
import { enterStage, showProgress, spend } from './progress.js';
import { type llmActivities, sim } from './proxies.js';

export type PlanLoopInput = {
  sceneRef: SceneRef;
  instruction: string;
  planner: PlannerVariant;
  /** The explored subgraph SayPlan plans within; the baselines plan from the whole scene. */
  view: View;
  maxReplans: number;
  /** Notes the planner must know from the start, e.g. a reported world change. */
  context: string[];
};

type PlanOutcome = Pick<PlanTaskResult, 'status' | 'plan' | 'expandedPlan' | 'attempts' | 'reason'>;

/**
 * Plan -> expand navigation -> verify in the simulator, replanning with the first failure's
 * feedback up to maxReplans times. Nothing is verified unless the simulator verified it.
 */
export async function planUntilVerified(
  llm: ReturnType<typeof llmActivities>,
  input: PlanLoopInput,
  progress: Progress,
): Promise<PlanOutcome> {
  const { sceneRef, instruction, planner } = input;
  const attempts: PlanAttempt[] = [];
  const context: PlanFeedback[] = input.context.map((note) => ({ plan: [], feedback: note }));
  // Only the latest attempt and its feedback go back to the model (besides the run's context).
  let latest: PlanFeedback | undefined;
  const reject = (attempt: number, plan: PlanStep[], text: string) => {
    attempts.push({ attempt, plan, feedback: text });
    latest = { plan, feedback: text };
    progress.lastFeedback = text;
    showProgress(progress);
  };
  let plan: PlanStep[] = [];
  let expandedPlan: PlanStep[] = [];
  for (let attempt = 0; attempt <= input.maxReplans; attempt++) {
    progress.attempts = attempt + 1;
    enterStage(progress, 'planning');
    const n = attempt + 1;
    const last = latest?.feedback;
    const asked = { summary: oneLine(`plan attempt ${n}${last ? ` after: ${last}` : ''}`, 120) };
    const { prompt } = traitsOf(planner);
    const proposal =
      prompt === 'iterative'
        ? await llm.generatePlan.executeWithOptions(asked, [
            { sceneRef, instruction, view: input.view, feedback: latest ? [...context, latest] : context },
          ])
        : prompt === 'path-planner-only'
          ? await llm.planWithPathPlannerOnly.executeWithOptions(asked, [{ sceneRef, instruction }])
          : await llm.planWithoutPathPlanner.executeWithOptions(asked, [{ sceneRef, instruction }]);
    spend(progress.usage, proposal);
    if (!proposal.ok) {
      reject(attempt, [], `the answer was not a valid plan: ${proposal.error}`);
      continue;
    }
    plan = proposal.plan;
    if (plan.length === 0) {
      // A plan that does nothing is never verified, whatever the model meant by it.
      reject(attempt, plan, 'the plan is empty: write the steps that carry out the instruction');
      continue;
    }

    enterStage(progress, 'verifying');
    // Which step of the model's own plan each step of the expanded plan came from.
    let origins = plan.map((_, index) => index);
    if (!traitsOf(planner).expandsPaths) expandedPlan = plan;
    else {
      const expanded = await sim.expandPath.executeWithOptions(
        { summary: `expand navigation of plan attempt ${n} (${plan.length} steps)` },
        [{ sceneRef, plan }],
      );
      if (!expanded.ok) {
        reject(attempt, plan, expanded.error);
        continue;
      }
      expandedPlan = expanded.value;
      origins = expanded.origins;
    }
    const verdict = await sim.verifyPlan.executeWithOptions(
      { summary: `verify attempt ${n} (${expandedPlan.length} steps)` },
      [{ sceneRef, plan: expandedPlan }],
    );
    if (verdict.ok) {
      attempts.push({ attempt, plan });
      return { status: 'verified', plan, expandedPlan, attempts };
    }
    reject(attempt, plan, stepFeedback(plan, expandedPlan, origins, verdict));
  }
  const tries = attempts.length;
  return {
    status: 'failed',
    plan,
    expandedPlan,
    attempts,
    reason: `no verified plan after ${tries} attempt${tries === 1 ? '' : 's'}; last feedback: ${latest?.feedback ?? 'none'}`,
  };
}

/**
 * The simulator's verdict on the expanded plan, numbered by the model's own plan: a failure on
 * a pose the path planner added is told as part of the model's goto step it came from.
 */
function stepFeedback(
  plan: PlanStep[],
  expanded: PlanStep[],
  origins: number[],
  verdict: { index: number; feedback: string },
): string {
  const origin = origins[verdict.index];
  if (origin === undefined || plan[origin] === undefined) return verdict.feedback;
  const own = plan[origin]!;
  const failed = expanded[verdict.index];
  const via =
    failed && (failed.action !== own.action || failed.args.join() !== own.args.join())
      ? ` (on the way, at ${failed.action}(${failed.args.join(', ')}))`
      : '';
  return `step ${origin + 1} ${own.action}(${own.args.join(', ')})${via}: ${verdict.feedback}`;
}
