import {
  isExpandable,
  type SceneGraph,
  type View,
  visibleGroups,
  visibleNodes,
} from '@groundplan/scene-graph';

/** What the model may do to the view in one semantic-search step. */
export const SEARCH_COMMANDS = ['expand', 'contract', 'done'] as const;
export type SearchCommand = (typeof SEARCH_COMMANDS)[number];

/** The nodes each command may name right now: the legal (command, node) pairs of one search step. */
export type SearchChoices = Readonly<Record<SearchCommand, readonly string[]>>;

// Room words of SayPlan's scenes; an instruction without one never asks for a room.
const ROOM_WORD = '(?:rooms?|offices?|bays?|labs?|kitchens?|bathrooms?|bedrooms?|livingrooms?|lounges?)';
const MENTIONS_A_ROOM = new RegExp(String.raw`\b(?:${ROOM_WORD}|where|which one)\b`, 'i');

/**
 * Whether `done` may name a room: the instruction mentions one ("...in one of the meeting rooms"),
 * or asks where or which one. Broad on purpose: it only widens what an answer may name.
 */
export function mayAnswerWithRoom(instruction: string): boolean {
  return MENTIONS_A_ROOM.test(instruction);
}

// What the instruction asks for is a room: "Which bathroom has...", "Which one is it?", "Where should I
// go?", "Find me the closest meeting room...", "There is an office which... Locate the office". A room
// named elsewhere ("I left my headphones in one of the meeting rooms. Locate them.") does not count.
const ASKS_FOR_A_ROOM = [
  new RegExp(String.raw`\bwhich (?:one|${ROOM_WORD})\b`, 'i'),
  /\bwhere (?:should|can|do) i go\b/i,
  new RegExp(
    String.raw`\b(?:find|locate)(?: me)?(?: the| a| an| \d+)?(?: [\w-]+)?(?: [\w-]+)? ${ROOM_WORD}\b`,
    'i',
  ),
  new RegExp(String.raw`\bthere is an? (?:[\w-]+ )?${ROOM_WORD}\b.*\blocate (?:it|the ${ROOM_WORD})\b`, 'i'),
];

/** Whether the answer the instruction asks for is a room (the retrieval prior then answers with one). */
export function asksForRoom(instruction: string): boolean {
  return ASKS_FOR_A_ROOM.some((pattern) => pattern.test(instruction));
}

/**
 * The legal (command, node) pairs of a search step on this view. `done` names an asset or object
 * that answers, a room when the instruction mentions one, or a floor or building: the honest
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
    ...(mayAnswerWithRoom(instruction) ? ['room'] : []),
  ]);
  return {
    // A large building's floors and groups of rooms open before its rooms show (search-tree.ts).
    expand: [...visible, ...visibleGroups(graph, view)].filter(
      (id) => !expanded.has(id) && isExpandable(graph, id),
    ),
    contract: [...view.expanded],
    done: visible.filter((id) => answers.has(graph.getNodeAttribute(id, 'kind'))),
  };
}
