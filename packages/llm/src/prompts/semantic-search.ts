import { countTokens } from '@groundplan/scene-graph';
import type { ChatMessage } from '../provider.js';
import { EXAMPLE_COLLAPSED_VIEW, EXAMPLE_KITCHEN_VIEW } from './example-scene.js';

/** Bump on any change to the wording, so recorded cassettes and results name what they used. */
export const SEMANTIC_SEARCH_PROMPT_VERSION = 'semantic-search/2';

// Kept short on purpose: a small local model must read all of it in seconds on two cores.
const SYSTEM = `You guide a robot searching a building described as a scene graph in JSON.
Floors hold rooms, rooms hold assets (furniture, appliances), assets hold objects. Objects stay hidden until you expand the room and asset that hold them.
Each turn choose one command:
- "expand": reveal what is inside a node listed in "expandable".
- "contract": hide an expanded node that did not help, to keep the view small.
- "done": stop, because a node that answers the instruction is now in the view; name that node.
Expand the room most likely to hold what the instruction needs, judging by names and attributes. Do not expand a node already in memory. Say "done" only with a node you can see that matches the instruction; a room is an answer only when the instruction asks which room. If nothing matches after searching the likely rooms, say "done" with the floor.`;

const REPLY = {
  withThought:
    'Reply with JSON only: chain_of_thought (brief thinking), command, node, reasoning (one sentence).',
  direct: 'Reply with JSON only: command, node, reasoning (one sentence).',
};

/** Whether answers start with a bounded chain of thought (the contract's option of the same name). */
export type PromptOptions = { chainOfThought?: boolean };

export type SemanticSearchPromptInput = {
  instruction: string;
  /** The current view, rendered by renderView. */
  renderedView: string;
  /** Every node expanded so far, including contracted ones. */
  memory: readonly string[];
  /** Why the previous command could not be applied, if it could not. */
  lastError?: string;
  /** The view nests (a large building): floors and groups of rooms open before rooms show. */
  nested?: boolean;
};

// Only a nested view's turn says it, so the prompts of small buildings stay as they were recorded.
const NESTED_NOTE =
  'This building is large: expand a floor, then a group of rooms (its room_types say what rooms it holds), to see rooms.';

/** The conversation for one semantic-search step: instructions, two worked examples, then this turn. */
export function semanticSearchMessages(
  input: SemanticSearchPromptInput,
  options: PromptOptions = {},
): ChatMessage[] {
  return [...semanticSearchPromptStart(options), { role: 'user', content: turn(input) }];
}

/** The part of every semantic-search conversation that never changes: instructions and worked examples. */
export function semanticSearchPromptStart(options: PromptOptions = {}): ChatMessage[] {
  const thought = options.chainOfThought !== false;
  const reply = (chain_of_thought: string, answer: Record<string, string>) =>
    JSON.stringify(thought ? { chain_of_thought, ...answer } : answer);
  return [
    { role: 'system', content: `${SYSTEM}\n${thought ? REPLY.withThought : REPLY.direct}` },
    {
      role: 'user',
      content: turn({ instruction: 'Find me a teapot.', renderedView: EXAMPLE_COLLAPSED_VIEW, memory: [] }),
    },
    {
      role: 'assistant',
      content: reply('A teapot is kitchenware. The staff_kitchen is the likeliest room.', {
        command: 'expand',
        node: 'staff_kitchen',
        reasoning: 'Expand the kitchen to see its assets.',
      }),
    },
    {
      role: 'user',
      content: turn({
        instruction: 'Find me a teapot.',
        renderedView: EXAMPLE_KITCHEN_VIEW,
        memory: ['counter', 'staff_kitchen'],
      }),
    },
    {
      role: 'assistant',
      content: reply('teapot is visible on the counter, so the search is over.', {
        command: 'done',
        node: 'teapot',
        reasoning: 'The teapot answers the instruction.',
      }),
    },
  ];
}

// The view comes first and the instruction last: a local model then reuses its evaluated prompt
// for the unchanged start of the view (floors and rooms) from one step or task to the next.
function turn(input: SemanticSearchPromptInput): string {
  const lines = [`View: ${input.renderedView}`, `Memory: ${JSON.stringify(input.memory)}`];
  if (input.nested) lines.push(NESTED_NOTE);
  if (input.lastError) lines.push(`Last command failed: ${input.lastError}`);
  lines.push(`Instruction: ${input.instruction}`);
  return lines.join('\n');
}

/**
 * The most tokens the first prompt of a search may take (issue 27): a large building's collapsed
 * view nests (scene-graph's search-tree.ts) so it stays under this at any size.
 */
export const FIRST_SEARCH_PROMPT_TOKENS = 2_000;

/** The prompt's size in tokens, as usage counts it (each message's content). */
export function promptTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + countTokens(message.content), 0);
}

/** Why the first prompt of a search does not fit FIRST_SEARCH_PROMPT_TOKENS, with the numbers; undefined when it fits. */
export function firstPromptOverBudget(
  messages: readonly ChatMessage[],
  renderedView: string,
): string | undefined {
  const total = promptTokens(messages);
  if (total <= FIRST_SEARCH_PROMPT_TOKENS) return undefined;
  return `the scene's collapsed view is ${countTokens(renderedView)} tokens, so the first search prompt is ${total} tokens, more than its budget of ${FIRST_SEARCH_PROMPT_TOKENS}, even with nothing expanded; the scene has more floors, buildings or groups than one prompt can list`;
}
