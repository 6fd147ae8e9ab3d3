import type { PlanFeedback } from '@groundplan/llm';
import type {
  PlanAttempt,
  PlannerVariant,
  PlanStep,
  PlanTaskResult,
  Progress,
  SceneRef,
  View,
} from '../contract.js';
import { oneLine } from '../run-description.js';
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
  const feedback: PlanFeedback[] = input.context.map((note) => ({ plan: [], feedback: note }));
  const reject = (attempt: number, plan: PlanStep[], shown: PlanStep[], text: string) => {
    attempts.push({ attempt, plan, feedback: text });
    feedback.push({ plan: shown, feedback: text });
    progress.lastFeedback = text;
    showProgress(progress);
  };
  let plan: PlanStep[] = [];
  let expandedPlan: PlanStep[] = [];
  for (let attempt = 0; attempt <= input.maxReplans; attempt++) {
    progress.attempts = attempt + 1;
    enterStage(progress, 'planning');
    const n = attempt + 1;
    const last = feedback.at(-1)?.feedback;
    const asked = { summary: oneLine(`plan attempt ${n}${last ? ` after: ${last}` : ''}`, 120) };
    const proposal =
      planner === 'sayplan'
        ? await llm.generatePlan.executeWithOptions(asked, [
            { sceneRef, instruction, view: input.view, feedback: [...feedback] },
          ])
        : planner === 'llm+p'
          ? await llm.planWithPathPlannerOnly.executeWithOptions(asked, [{ sceneRef, instruction }])
          : await llm.planWithoutPathPlanner.executeWithOptions(asked, [{ sceneRef, instruction }]);
    spend(progress.usage, proposal);
    if (!proposal.ok) {
      reject(attempt, [], [], `the answer was not a valid plan: ${proposal.error}`);
      continue;
    }
    plan = proposal.plan;

    enterStage(progress, 'verifying');
    if (planner === 'llm-as-planner') expandedPlan = plan;
    else {
      const expanded = await sim.expandPath.executeWithOptions(
        { summary: `expand navigation of plan attempt ${n} (${plan.length} steps)` },
        [{ sceneRef, plan }],
      );
      if (!expanded.ok) {
        reject(attempt, plan, plan, expanded.error);
        continue;
      }
      expandedPlan = expanded.value;
    }
    const verdict = await sim.verifyPlan.executeWithOptions(
      { summary: `verify attempt ${n} (${expandedPlan.length} steps)` },
      [{ sceneRef, plan: expandedPlan }],
    );
    if (verdict.ok) {
      attempts.push({ attempt, plan });
      return { status: 'verified', plan, expandedPlan, attempts };
    }
    reject(attempt, plan, expandedPlan, `step ${verdict.index + 1}: ${verdict.feedback}`);
  }
  const tries = attempts.length;
  return {
    status: 'failed',
    plan,
    expandedPlan,
    attempts,
    reason: `no verified plan after ${tries} attempt${tries === 1 ? '' : 's'}; last feedback: ${feedback.at(-1)?.feedback ?? 'none'}`,
  };
}
