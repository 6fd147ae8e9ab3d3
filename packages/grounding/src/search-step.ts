import {
  contract,
  expand,
  type SceneGraph,
  type SizedView,
  sizeView,
  type View,
} from '@groundplan/scene-graph';
import type { CallReport } from './ask.js';
import type { SearchCommand } from './search-choices.js';

/**
 * One search step as the workflow records it. `invalid`: the model kept answering outside its
 * contract. `next`: the view after an expand or contract that applied; `error`: why the command
 * could not be applied (or the answer was invalid), for the model to read next step.
 */
export type SemanticSearchStepResult = {
  command: SearchCommand | 'invalid';
  node: string;
  reasoning: string;
  chainOfThought: string;
  next?: SizedView;
  error?: string;
  usage: CallReport;
  /** Model calls this step made when its answer was invalid (each was shown its error); else 1. */
  calls?: number;
};

/** A search step whose answer stayed outside its contract: shown to the model at the next step. */
export function invalidStep(answer: {
  error: string;
  usage: CallReport;
  calls: number;
}): SemanticSearchStepResult {
  return { command: 'invalid', node: '', reasoning: '', chainOfThought: '', ...answer };
}

/**
 * The most tokens a view may take after an expansion: an 8,192-token context less the search
 * prompt's instructions and examples (about 640), the answer and the memory. An expansion past it
 * is refused with the numbers, so a prompt never overflows and nothing is cut unseen.
 */
export const VIEW_TOKEN_LIMIT = 6_000;

/** A valid search step with its command applied: the next view and its size, or why it could not apply. */
export function appliedStep(
  graph: SceneGraph,
  view: View,
  step: Omit<SemanticSearchStepResult, 'next' | 'error'>,
): SemanticSearchStepResult {
  if (step.command === 'done' || step.command === 'invalid') return step;
  const next = (step.command === 'expand' ? expand : contract)(graph, view, step.node);
  if (!next.ok) return { ...step, error: next.error };
  const sized = sizeView(graph, next.value);
  if (step.command === 'expand' && sized.tokens > VIEW_TOKEN_LIMIT)
    return {
      ...step,
      error: `expanding "${step.node}" would make the view ${sized.tokens} tokens, more than the ${VIEW_TOKEN_LIMIT} a search prompt may give it; contract a node you no longer need first`,
    };
  return { ...step, next: sized };
}
