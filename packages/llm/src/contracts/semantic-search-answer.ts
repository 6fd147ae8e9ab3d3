import { oneOf, SEARCH_COMMANDS, type SearchChoices, type SearchCommand } from '@groundplan/grounding';
import { z } from 'zod';
import { BOUNDS } from './bounds.js';

export type AnswerOptions = {
  /** Ask for a bounded chain of thought before the answer (default true); off, the answer is command and node first. */
  chainOfThought?: boolean;
};

/**
 * The contract for one semantic-search answer, built for the legal (command, node) pairs of the
 * current view: `expand` names an expandable node, `contract` an expanded one, `done` a visible
 * answer. A command with no legal node is left out, so a compliant answer is always applicable.
 */
export function semanticSearchAnswerSchema(choices: SearchChoices, options: AnswerOptions = {}) {
  const branches = SEARCH_COMMANDS.filter((command) => new Set(choices[command]).size > 0).map((command) =>
    z
      .object({
        ...(options.chainOfThought === false
          ? {}
          : { chain_of_thought: z.string().max(BOUNDS.chainOfThought) }),
        command: z.literal(command),
        node: nodeEnum(choices[command]),
        reasoning: z.string().max(BOUNDS.reasoning),
      })
      .strict(),
  );
  const [first, ...rest] = branches;
  if (first === undefined) throw new Error('a search contract needs at least one legal command');
  return rest.length === 0 ? first : z.discriminatedUnion('command', [first, ...rest]);
}

export type SemanticSearchAnswer = {
  chain_of_thought?: string;
  command: SearchCommand;
  node: string;
  reasoning: string;
};

/** An enum of node ids whose error names the wrong id; zod needs at least one member, and an empty list is a caller's bug. */
export function nodeEnum(ids: readonly string[]) {
  return oneOf(ids, 'node id');
}
