import { isExpandable, type SceneGraph, type View, visibleNodes } from '@groundplan/scene-graph';
import type { ActionSpec } from '@groundplan/simulator';
import type { TypedAction } from './plan-answer.js';
import type { SearchChoices } from './semantic-search-answer.js';

// Words with which an instruction asks for a room rather than a thing (SayPlan's search tasks:
// "Which bathroom has ...", "Find the PhD bay that ...", "Where should I go?").
const ASKS_FOR_A_ROOM =
  /\b(rooms?|offices?|bays?|labs?|kitchens?|bathrooms?|bedrooms?|livingrooms?|lounges?|where|which one)\b/i;

/** Whether an instruction asks for a room, so that `done` may name one. */
export function asksForRoom(instruction: string): boolean {
  return ASKS_FOR_A_ROOM.test(instruction);
}

/**
 * The legal (command, node) pairs of a search step on this view. `done` names an asset or object
 * that answers, a room when the instruction asks for one, or a floor or building: the honest
 * answer that nothing searched matches.
 */
export function searchChoices(graph: SceneGraph, view: View, instruction: string): SearchChoices {
  const visible = visibleNodes(graph, view);
  const expanded = new Set(view.expanded);
  const answers = new Set([
    'asset',
    'object',
    'floor',
    'building',
    ...(asksForRoom(instruction) ? ['room'] : []),
  ]);
  return {
    expand: visible.filter((id) => !expanded.has(id) && isExpandable(graph, id)),
    contract: [...view.expanded],
    done: visible.filter((id) => answers.has(graph.getNodeAttribute(id, 'kind'))),
  };
}

/** Each action with, per parameter, the given nodes whose kind that parameter takes. */
export function typedActions(
  graph: SceneGraph,
  nodeIds: readonly string[],
  actions: readonly ActionSpec[],
): TypedAction[] {
  return actions.map((spec) => ({
    name: spec.name,
    parameters: spec.parameters.map((parameter) =>
      nodeIds.filter((id) => parameter.kinds.includes(graph.getNodeAttribute(id, 'kind'))),
    ),
  }));
}
