import type { Chooser, GoalsBy, PlanScope, Reading } from '@groundplan/grounding';
import { ActivityFailure } from '@temporalio/workflow';
import type {
  PlanAttempt,
  PlanStep,
  PlanTaskResult,
  Progress,
  Question,
  SceneRef,
  View,
} from '../../contract.js';
import { oneLine } from '../../run-description.js';
import { enterStage, showProgress, spend } from './progress.js';
import { type llmActivities, sim, taskPlanner } from './proxies.js';

export type GoalLoopInput = {
  sceneRef: SceneRef;
  instruction: string;
  chooser: Chooser;
  /** Goals written by the model instead of chosen among ranked options (the goal-writer planner). */
  goalsBy?: GoalsBy;
  view: View;
  /** The node the search ended on, if it ended with done. */
  found?: string;
  maxReplans: number;
  /** Asks the user which thing a phrase means; undefined when the run may not ask or no answer came. */
  ask(question: Question): Promise<string | undefined>;
  /** The model's reading of the instruction, when the run asked for one. */
  reading?: Reading;
  /**
   * The model's reading, asked for when the goal choice finds that the rules' reading names a
   * thing the building lacks (reader `rules-then-model`): the goals are chosen again by it.
   */
  readAgain?: () => Promise<Reading>;
  /** What the classical planner may use (PlanOptions.planScope, DEFAULT_PLAN_SCOPE). */
  planScope: PlanScope;
};

type PlanOutcome = Pick<
  PlanTaskResult,
  | 'status'
  | 'plan'
  | 'expandedPlan'
  | 'attempts'
  | 'reason'
  | 'sideEffects'
  | 'notFound'
  | 'question'
  | 'reading'
>;

/**
 * Goal-directed planning (LLM+P as Liu et al. define it): the model (or the prior) chooses goal
 * predicates among those the actions could make true, a classical planner searches the
 * simulator's action table for a plan, the path planner fills in navigation and the simulator
 * verifies it. Goals the planner cannot reach go back to the chooser with the reason.
 */
export async function chooseGoalsAndPlan(
  llm: ReturnType<typeof llmActivities>,
  input: GoalLoopInput,
  progress: Progress,
): Promise<PlanOutcome> {
  const { sceneRef, instruction } = input;
  const attempts: PlanAttempt[] = [];
  const rejected: { goals: string[]; feedback: string }[] = [];
  // What the user answered to the run's questions ("which stapler?"), for the goal chooser.
  const resolved: { phrase: string; node: string }[] = [];
  let asked: PlanTaskResult['question'];
  // The reading the goals are chosen by: the model's, when the run has one or reads again.
  let reading = input.reading;
  let readAgain = input.readAgain;
  // An outcome carries the reading its goals were chosen by when the model read again.
  const ended = (outcome: PlanOutcome): PlanOutcome =>
    reading && reading !== input.reading ? { ...outcome, reading } : outcome;
  const reject = (attempt: number, goals: string[], plan: PlanStep[], feedback: string) => {
    attempts.push({ attempt, goals, plan, feedback });
    if (goals.length > 0) rejected.push({ goals, feedback });
    progress.lastFeedback = feedback;
    showProgress(progress);
  };
  for (let attempt = 0; attempt <= input.maxReplans; attempt++) {
    enterStage(progress, 'planning');
    progress.attempts = attempt + 1;
    const n = attempt + 1;
    const chosen = await llm.chooseGoals.executeWithOptions(
      {
        summary: oneLine(
          `${input.goalsBy === 'model' ? 'write' : 'choose'} goals, attempt ${n}${input.found ? ` (search found ${input.found})` : ''}`,
        ),
      },
      [
        {
          sceneRef,
          instruction,
          view: input.view,
          chooser: input.chooser,
          ...(input.goalsBy ? { goalsBy: input.goalsBy } : {}),
          rejected,
          ...(input.found ? { found: input.found } : {}),
          ...(resolved.length > 0 ? { resolved } : {}),
          ...(reading ? { reading } : {}),
          ...(reading && reading !== input.reading ? { secondReading: true as const } : {}),
          planScope: input.planScope,
        },
      ],
    );
    spend(progress.usage, chosen);
    if (!chosen.ok && chosen.ambiguous) {
      // The instruction names one of several equal things: ask, do not guess. Asking is no attempt.
      const { phrase, options } = chosen.ambiguous;
      const answer = await input.ask({ phrase, options });
      asked = { phrase, options, ...(answer === undefined ? {} : { answer }) };
      if (answer === undefined) {
        const reason = `asked which ${phrase} (${options.join(', ')}) and got no answer`;
        return ended({ status: 'failed', plan: [], expandedPlan: [], attempts, reason, question: asked });
      }
      resolved.push({ phrase, node: answer });
      attempt--;
      continue;
    }
    if (!chosen.ok && chosen.notFound) {
      let reason = chosen.error;
      if (readAgain) {
        // The rules' reading names a thing the building lacks: before saying so, the model reads
        // the instruction, and the goals are chosen by its reading. Reading again is no attempt.
        progress.lastFeedback = `${chosen.error}: the model reads the instruction again`;
        showProgress(progress);
        const again = await secondReading(readAgain);
        readAgain = undefined;
        if ('read' in again) {
          reading = again.read;
          if (reading.cost) spend(progress.usage, reading.cost);
          attempt--;
          continue;
        }
        // A model that cannot answer leaves the rules' NotFound standing, saying why it stands.
        reason = `${chosen.error}; the model could not read the instruction again: ${again.failed}`;
      }
      // The building does not have what was asked for: say so, plan nothing, try nothing else.
      reject(attempt, [], [], reason);
      return ended({
        status: 'failed',
        plan: [],
        expandedPlan: [],
        attempts,
        reason,
        notFound: chosen.notFound,
      });
    }
    if (!chosen.ok) {
      reject(attempt, [], [], `no goals: ${chosen.error}`);
      if (chosen.calls === 0) break; // nothing left to choose from: asking again cannot help
      continue;
    }
    const planned = await taskPlanner.planForGoals.executeWithOptions(
      { summary: oneLine(`classical plan for ${chosen.goals.join(' & ')}`, 120) },
      [{ sceneRef, goals: chosen.goals, nodes: chosen.nodes }],
    );
    if (!planned.ok) {
      reject(attempt, chosen.goals, [], planned.error);
      continue;
    }
    if (planned.plan.length === 0) {
      reject(
        attempt,
        chosen.goals,
        [],
        'these goals already hold: choose what the instruction asks to change',
      );
      continue;
    }
    enterStage(progress, 'verifying');
    const expanded = await sim.expandPath.executeWithOptions(
      { summary: `expand navigation of plan attempt ${n} (${planned.plan.length} steps)` },
      [{ sceneRef, plan: planned.plan }],
    );
    if (!expanded.ok) {
      reject(attempt, chosen.goals, planned.plan, expanded.error);
      continue;
    }
    const verdict = await sim.verifyPlan.executeWithOptions(
      { summary: `verify attempt ${n} (${expanded.value.length} steps)` },
      [{ sceneRef, plan: expanded.value }],
    );
    // Runs recorded before side effects were computed have none to show.
    const effects = planned.sideEffects === undefined ? {} : { sideEffects: planned.sideEffects };
    if (verdict.ok) {
      attempts.push({ attempt, goals: chosen.goals, plan: planned.plan, ...effects });
      return ended({
        status: 'verified',
        plan: planned.plan,
        expandedPlan: expanded.value,
        attempts,
        ...effects,
        ...(asked ? { question: asked } : {}),
      });
    }
    reject(
      attempt,
      chosen.goals,
      planned.plan,
      `the simulator rejected the planner's plan: ${verdict.feedback}`,
    );
  }
  const last = attempts.at(-1);
  return ended({
    status: 'failed',
    plan: last?.plan ?? [],
    expandedPlan: [],
    attempts,
    reason: `no verified plan after ${attempts.length} attempt${attempts.length === 1 ? '' : 's'}; last feedback: ${last?.feedback ?? 'none'}`,
  });
}

/**
 * The model's second reading, or why there is none: its LLM step failed (the endpoint down, its
 * answers outside the contract). Anything else (a cancelled run) is thrown on.
 */
async function secondReading(
  readAgain: () => Promise<Reading>,
): Promise<{ read: Reading } | { failed: string }> {
  try {
    return { read: await readAgain() };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    return { failed: error.cause?.message ?? error.message };
  }
}
