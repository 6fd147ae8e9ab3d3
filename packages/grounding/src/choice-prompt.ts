import type { ChatMessage } from './ask.js';

/** Bump on any change to the wording, so recorded cassettes and results name what they used. */
export const CHOICE_PROMPT_VERSION = 'grounded-choice/2';

// Short on purpose: a 135M model reads it in about a second and only has to pick a line.
const SEARCH = `A robot searches a building for what an instruction needs. Pick the next step from the options.
expand(x) looks inside x; done(x) means x answers the instruction. Reply with JSON: {"choice": "<option>"}.`;

const GOALS = `A robot must carry out an instruction. Pick the goals that, once true, mean the instruction is done (one to three).
Reply with JSON: {"goals": ["<option>", ...]}.`;

/** The conversation for one grounded choice: what to choose, the instruction, the options with glosses. */
export function choiceMessages(
  kind: 'search' | 'goals',
  instruction: string,
  options: readonly { label: string; gloss: string }[],
  note?: string,
): ChatMessage[] {
  const lines = [`Instruction: ${instruction}`];
  if (note) lines.push(note);
  lines.push('Options:', ...options.map((option) => `- ${option.label}: ${option.gloss}`));
  return [
    { role: 'system', content: kind === 'search' ? SEARCH : GOALS },
    { role: 'user', content: lines.join('\n') },
  ];
}
