import { contract, expand, type SceneGraph, sizeView, type View } from '@groundplan/scene-graph';
import type { SemanticSearchStepResult } from './activities.js';
import type { CallReport } from './provider.js';

/** A search step whose answer stayed outside its contract: shown to the model at the next step. */
export function invalidStep(answer: {
  error: string;
  usage: CallReport;
  calls: number;
}): SemanticSearchStepResult {
  return { command: 'invalid', node: '', reasoning: '', chainOfThought: '', ...answer };
}

/** A valid search step with its command applied: the next view and its size, or why it could not apply. */
export function appliedStep(
  graph: SceneGraph,
  view: View,
  step: Omit<SemanticSearchStepResult, 'next' | 'error'>,
): SemanticSearchStepResult {
  if (step.command === 'done' || step.command === 'invalid') return step;
  const next = (step.command === 'expand' ? expand : contract)(graph, view, step.node);
  return next.ok ? { ...step, next: sizeView(graph, next.value) } : { ...step, error: next.error };
}
