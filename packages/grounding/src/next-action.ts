import { cosine, spoken } from '@groundplan/retrieval';
import type { PlanStep, SceneGraph, SceneRef } from '@groundplan/scene-graph';
import { formatStep, isPrior, lookKind } from '@groundplan/simulator';
import type { ChatMessage } from './ask.js';
import type { Option } from './options.js';

/** The label of the choice that ends a LookPlanGraph run: the robot says the instruction is done. */
export const DONE_LABEL = 'done';

/** How many of the best feasible actions the model sees (done is always offered besides). */
export const NEXT_ACTION_OPTIONS = 8;

/** Lines of the run so far the model reads: enough to see a failure and the look after it. */
export const NEXT_ACTION_HISTORY = 4;

/** One LookPlanGraph step to choose: the belief, the feasible skills in it, and what happened so far. */
export type NextActionInput = {
  /** The robot's belief now (the memory graph, augmented by what it saw). */
  sceneRef: SceneRef;
  accessed: string | null;
  instruction: string;
  /** Every skill whose preconditions hold in the belief (simulator's feasible actions, looks included). */
  steps: PlanStep[];
  /** What the robot did so far, one line per skill: `pickup(mug): done`, `access(desk): failed: ...`. */
  history: string[];
  robotId: string;
  /** The deployment's scene (the robot keys its world by it). */
  deployment: SceneRef;
  /** `scores`: the model's log-probability of each option's reply picks it (lookplangraph-scored); default, the model generates its pick. */
  chooser?: 'model' | 'scores';
};

/**
 * Who chooses the next action instead of the model: the evaluation's oracle, which reads the true
 * world through the harness (never wired in production). It returns a step among input.steps or done.
 */
export type NextActionOracle = (input: NextActionInput) => Promise<PlanStep | 'done'>;

const SYSTEM = `A robot carries out an instruction one action at a time. Objects marked (unverified) may have moved: look_on, look_inside and look_around show what is really there. Pick the next action from the options, or done once the instruction is carried out. Reply with JSON: {"choice": "<option>"}.`;

/**
 * The feasible actions as options, best first by the retrieval prior (the action's words against
 * the instruction's); a look repeated right after itself is left out, since it would see the same.
 */
export async function nextActionOptions(
  graph: SceneGraph,
  input: Pick<NextActionInput, 'steps' | 'history'>,
  embed: (texts: readonly string[]) => Promise<Float32Array[]>,
  query: Float32Array,
): Promise<Option<PlanStep>[]> {
  const last = input.history.at(-1)?.split(':')[0];
  const steps = input.steps.filter((step) => !(lookKind(step.action) && formatStep(step) === last));
  const glosses = steps.map((step) => stepGloss(graph, step));
  const vectors = glosses.length > 0 ? await embed(glosses) : [];
  return steps
    .map((step, i) => ({
      label: formatStep(step),
      value: step,
      score: cosine(vectors[i]!, query),
      gloss: glosses[i]!,
    }))
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
}

/** An action in words, with its unverified objects marked: "pickup mug (unverified)". */
export function stepGloss(graph: SceneGraph, step: PlanStep): string {
  const args = step.args.map((id) => `${spoken(id)}${isPrior(graph, id) ? ' (unverified)' : ''}`);
  return [spoken(step.action), ...args].join(' ');
}

/** The conversation for one next-action choice. */
export function nextActionMessages(
  instruction: string,
  history: readonly string[],
  options: readonly { label: string; gloss: string }[],
): ChatMessage[] {
  const lines = [`Instruction: ${instruction}`];
  const recent = history.slice(-NEXT_ACTION_HISTORY);
  if (recent.length > 0) lines.push('Done so far:', ...recent.map((line) => `- ${line}`));
  lines.push('Options:', ...options.map((option) => `- ${option.label}: ${option.gloss}`));
  lines.push(`- ${DONE_LABEL}: the instruction is carried out`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}
