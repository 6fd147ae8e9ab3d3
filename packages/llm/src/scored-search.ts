import type { SearchOption } from '@groundplan/grounding';

/**
 * SayPlan's reply to one legal search move, as its prompt's worked examples (chain of thought off)
 * write it, up to the node: the reasoning after it is the same kind of sentence for every command.
 * sayplan-scored scores these replies after SayPlan's search prompt (issue 25, item 4): the model
 * reads what SayPlan's model reads, and only cannot answer outside the best legal moves.
 */
export function sayPlanReply(option: SearchOption): string {
  return JSON.stringify({ command: option.value.command, node: option.value.node });
}
