import { z } from 'zod';
import { BOUNDS } from './bounds.js';

/** What the model may do to the view in one semantic-search step. */
export const SEARCH_COMMANDS = ['expand', 'contract', 'done'] as const;
export type SearchCommand = (typeof SEARCH_COMMANDS)[number];

/**
 * The contract for one semantic-search answer, built for the nodes the model can see right now,
 * so a compliant answer cannot name a node outside the view.
 */
export function semanticSearchAnswerSchema(visibleNodeIds: readonly string[]) {
  return z
    .object({
      chain_of_thought: z.string().max(BOUNDS.chainOfThought),
      reasoning: z.string().max(BOUNDS.reasoning),
      command: z.enum(SEARCH_COMMANDS),
      node: nodeEnum(visibleNodeIds),
    })
    .strict();
}

export type SemanticSearchAnswer = z.infer<ReturnType<typeof semanticSearchAnswerSchema>>;

/** An enum of node ids; zod needs at least one member, and an empty view is a caller's bug. */
export function nodeEnum(ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new Error('an output contract needs at least one node id');
  return z.enum(unique as [string, ...string[]]);
}
