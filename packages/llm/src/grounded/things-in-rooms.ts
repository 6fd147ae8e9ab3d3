import { spoken } from '@groundplan/retrieval';
import { roomOf, type SceneGraph } from '@groundplan/scene-graph';
import { nodeWords } from './asked-goals.js';
import { stem } from './missing-things.js';

/** A thing a request places in a room that has none: "the fridge in Aaron's office". */
export type ThingNotInRoom = {
  /** "fridge in aarons_office". */
  phrase: string;
  /** Where things of that kind are: "fridge in kitchen". */
  nearest: string;
};

/**
 * The things the requests name in a room ("the bed in bedroom 3", "the wardrobe in bedroom 2")
 * that the room does not have, although the building has some elsewhere: a request the building
 * cannot satisfy as said. A room phrase that names no room, or a thing the building has nowhere
 * (missingThings' case), is not judged here.
 */
export function thingsNotInRooms(graph: SceneGraph, requests: readonly string[]): ThingNotInRoom[] {
  const found: ThingNotInRoom[] = [];
  const rooms = roomNames(graph);
  for (const request of requests) {
    for (const match of request.matchAll(THING_IN_ROOM)) {
      const head = match[1]!.toLowerCase().split(/\s+/).at(-1)!;
      const room = rooms(match[2]!);
      if (room === undefined || GENERAL.has(head)) continue;
      const word = stem(head);
      const ofKind = graph.filterNodes(
        (id, attributes) =>
          (attributes.kind === 'asset' || attributes.kind === 'object') &&
          nodeWords(graph, id).includes(word),
      );
      if (ofKind.length === 0 || ofKind.some((id) => roomOf(graph, id) === room)) continue;
      const elsewhere = [...new Set(ofKind.map((id) => roomOf(graph, id)).filter((id) => id !== undefined))];
      found.push({ phrase: `${head} in ${room}`, nearest: `${head} in ${elsewhere.slice(0, 3).join(', ')}` });
    }
  }
  return found;
}

/** "the <thing> in <room>": a determiner, the thing's words, "in", the room's words to the end of the phrase. */
const THING_IN_ROOM =
  /\b(?:the|a|an|his|her|their|my|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+in\s+(?:the\s+)?([A-Za-z][\w'’-]*(?:\s+[\w'’-]+){0,2}?)(?=\s*(?:$|[,.;!?])|\s+(?:and|then|to|on|onto|into|from|with|for|please)\b)/g;

/** Words that name no kind of thing. */
const GENERAL = new Set(['one', 'ones', 'thing', 'things', 'stuff', 'items', 'item', 'room', 'building']);

/**
 * The room a phrase names: the room whose id read aloud it is ("Aaron's office" -> aarons_office,
 * "bedroom 2" -> bedroom2), or the only room of that kind ("the library" -> library0).
 */
function roomNames(graph: SceneGraph): (phrase: string) => string | undefined {
  const rooms = graph.filterNodes((_id, attributes) => attributes.kind === 'room');
  const byName = new Map(rooms.map((id) => [spoken(id), id]));
  return (phrase) => {
    const said = phrase
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/^(?:the|a|an)\s+/, '')
      .trim();
    const exact = byName.get(said);
    if (exact !== undefined) return exact;
    const numbered = rooms.filter((id) => new RegExp(`^${said} \\d+$`).test(spoken(id)));
    return numbered.length === 1 ? numbered[0] : undefined;
  };
}
