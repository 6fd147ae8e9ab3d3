import type { SceneGraph } from '@groundplan/scene-graph';
import {
  type ActionSpec,
  consistentGoals,
  formatGoal,
  type Goal,
  type SimState,
} from '@groundplan/simulator';
import { type Ask, type CallReport, noCall } from './ask.js';
import {
  candidateLine,
  goalsOfFacts,
  goalWritingSchema,
  MAX_WRITTEN_GOALS,
  type WrittenFact,
  writingCandidates,
} from './goal-writing-contract.js';
import { goalWritingMessages } from './goal-writing-prompt.js';

/** Most tokens a written goal of MAX_WRITTEN_GOALS facts needs (a fact is about 20 tokens). */
export const GOAL_WRITING_TOKENS = 40 + 24 * MAX_WRITTEN_GOALS;

export type WrittenGoals =
  | { ok: true; goals: Goal[]; usage: CallReport; calls: number }
  | { ok: false; error: string; usage: CallReport; calls: number };

/**
 * The model writes the goal (issue 25 item 3): facts over the candidate nodes, typed by the
 * contract; what failed before goes back with the reason. Facts that cannot hold together keep
 * the first (consistentGoals); a goal tried before is no new attempt.
 */
export async function writeGoals(args: {
  graph: SceneGraph;
  state: SimState;
  instruction: string;
  /** The nodes the model may name, best first. */
  candidates: readonly string[];
  rejected: readonly { goals: string[]; feedback: string }[];
  ask: Ask;
  /** The robot's skills; the built-in ones by default. */
  actions?: readonly ActionSpec[];
}): Promise<WrittenGoals> {
  const { graph, state } = args;
  const candidates = writingCandidates(graph, state, args.candidates, args.actions);
  const playsAPart = new Set([
    ...candidates.things,
    ...candidates.surfaces,
    ...candidates.containers,
    ...candidates.states.keys(),
  ]);
  const shown = [...new Set(args.candidates)].filter((id) => playsAPart.has(id));
  let contract: ReturnType<typeof goalWritingSchema>;
  try {
    contract = goalWritingSchema(candidates);
  } catch (error) {
    return { ok: false, error: (error as Error).message, usage: noCall('goal-writing'), calls: 0 };
  }
  const answer = await args.ask(
    goalWritingMessages(
      args.instruction,
      shown.map((id) => candidateLine(graph, state, id)),
      args.rejected,
    ),
    contract,
    'written_goals',
    GOAL_WRITING_TOKENS,
  );
  if (!answer.ok) return answer;
  const facts = answer.value.value.goals as WrittenFact[];
  const goals = consistentGoals(goalsOfFacts(graph, state, facts, args.actions)).kept;
  const usage = answer.value.report;
  const calls = answer.value.calls.length;
  const key = goals
    .map((goal) => formatGoal(goal))
    .sort()
    .join(' & ');
  if (args.rejected.some((set) => [...set.goals].sort().join(' & ') === key))
    return { ok: false, error: `wrote again the goals tried before: ${key}`, usage, calls };
  return { ok: true, goals, usage, calls };
}
