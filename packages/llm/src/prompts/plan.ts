import { actionDescriptions, formatStep, type PlanStep } from '@groundplan/simulator';
import type { ChatMessage } from '../provider.js';
import { EXAMPLE_KITCHEN_VIEW } from './example-scene.js';

/** Bump on any change to the wording, so recorded cassettes and results name what they used. */
export const PLAN_PROMPT_VERSION = 'plan/2';

/** One earlier plan and what the simulator said about it. */
export type PlanFeedback = { plan: PlanStep[]; feedback: string };

/** Which planner the prompt sets up: ours, or one of SayPlan's two baselines. */
export type PlannerMode = 'iterative' | 'without-path-planner' | 'path-planner-only';

const ROLE = `You write plans for a mobile robot with one gripper, from a building's scene graph in JSON.
A plan is a list of steps {"action", "args"} using only these actions and only node ids from the graph:`;

const NAVIGATION: Record<PlannerMode, string> = {
  iterative: `To move, write goto(room) for the destination room only: a path planner adds the poses in between.
If a previous plan failed, the simulator's feedback says why; write a corrected plan that fixes it.`,
  'path-planner-only': `To move, write goto(room) for the destination room only: a path planner adds the poses in between.
This plan is executed as written; there is no second attempt.`,
  'without-path-planner': `There is no path planner: to move, write one goto step for every pose along the route, following the "navigation" edges from where the agent is, and end with goto(room).
This plan is executed as written; there is no second attempt.`,
};

const RULES = `Access an asset before taking from it, opening it or putting things on it. The gripper holds one object: release it before picking up another.`;

function system(mode: PlannerMode, thought: boolean): string {
  const reply = thought
    ? 'Reply with JSON only: chain_of_thought (brief thinking) and plan (at least one step).'
    : 'Reply with JSON only: plan (at least one step).';
  return [ROLE, ...actionDescriptions().map((line) => `- ${line}`), NAVIGATION[mode], RULES, reply].join(
    '\n',
  );
}

export type PlanPromptInput = {
  instruction: string;
  /** The explored subgraph (renderView) or, for the baselines, the whole scene (renderFullScene). */
  renderedGraph: string;
  /** Earlier attempts and the simulator's feedback; only the iterative planner gets any. */
  feedback?: readonly PlanFeedback[];
};

/** Whether answers start with a bounded chain of thought (the contract's option of the same name). */
export type PlanPromptOptions = { chainOfThought?: boolean };

/** The conversation that asks for a plan: instructions, one worked example, then this task. */
export function planMessages(
  mode: PlannerMode,
  input: PlanPromptInput,
  options: PlanPromptOptions = {},
): ChatMessage[] {
  const thought = options.chainOfThought !== false;
  const { chain_of_thought, plan } = EXAMPLE_ANSWER;
  return [
    { role: 'system', content: system(mode, thought) },
    {
      role: 'user',
      content: task({ instruction: 'Switch on the kettle.', renderedGraph: EXAMPLE_KITCHEN_VIEW }),
    },
    { role: 'assistant', content: JSON.stringify(thought ? { chain_of_thought, plan } : { plan }) },
    { role: 'user', content: task(input) },
  ];
}

// In the example the robot's pose links straight to the kitchen, so every mode writes the same route.
const EXAMPLE_ANSWER = {
  chain_of_thought: 'The kettle is in staff_kitchen and is off. Go there, access it, switch it on.',
  plan: [
    { action: 'goto', args: ['staff_kitchen'] },
    { action: 'access', args: ['kettle'] },
    { action: 'turn_on', args: ['kettle'] },
  ],
};

function task(input: PlanPromptInput): string {
  const lines = [`Instruction: ${input.instruction}`, `Scene graph: ${input.renderedGraph}`];
  for (const [index, attempt] of (input.feedback ?? []).entries())
    lines.push(
      `Attempt ${index + 1}: ${attempt.plan.map(formatStep).join(', ') || '(empty plan)'}`,
      `Simulator feedback: ${attempt.feedback}`,
    );
  return lines.join('\n');
}
