import {
  GROUNDED_LIMITS,
  modelScoreBonus,
  type Option,
  type Score,
  type SearchCommand,
  searchOptions,
  withBonus,
} from '@groundplan/grounding';
import type { SceneIndex } from '@groundplan/retrieval';
import type { SceneGraph, View } from '@groundplan/scene-graph';
import type { ChatMessage } from './provider.js';

type SearchOption = Option<{ command: SearchCommand; node: string }>;

/**
 * SayPlan's reply to one legal command, as its prompt's worked examples (chain of thought off)
 * write it, up to the node: the reasoning after it is the same kind of sentence for every command.
 */
export function sayPlanReply(option: SearchOption): string {
  return JSON.stringify({ command: option.value.command, node: option.value.node });
}

/**
 * SayPlan's search step with SayCan's scoring (issue 25, item 4): the 5 best legal (command, node)
 * pairs by the retrieval prior (as `grounded` offers them), each one's reply scored by the model's
 * token log-probabilities after SayPlan's own search prompt (the whole collapsed view, its
 * instructions and worked examples), the scores added to the prior as `grounded-scored` adds them.
 * The model reads what SayPlan's model reads; it only cannot answer outside the best legal moves.
 */
export async function scoredSearchChoice(
  score: Score,
  messages: ChatMessage[],
  scene: { graph: SceneGraph; view: View; instruction: string; index: SceneIndex; query: Float32Array },
) {
  const options = searchOptions(scene.graph, scene.view, scene.instruction, scene.index, scene.query).slice(
    0,
    GROUNDED_LIMITS.searchOptions,
  );
  if (options.length < 2) return { ok: true as const, chosen: options[0], report: undefined, calls: 0 };
  const scored = await score(messages, options.map(sayPlanReply));
  if (!scored.ok) return scored;
  const { logProbs, report, calls } = scored.value;
  const labels = options.map((option) => option.label);
  const chosen = withBonus(options, modelScoreBonus(labels, logProbs))[0];
  return { ok: true as const, chosen, report, calls };
}
