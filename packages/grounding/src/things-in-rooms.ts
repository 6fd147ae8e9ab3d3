import { spoken } from '@groundplan/retrieval';
import { ancestorsOf, roomOf, type SceneGraph } from '@groundplan/scene-graph';
import { stem } from './building-words.js';
import { broaderNames } from './lexicon.js';
import { nameHead, nodeWords } from './node-words.js';

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
  return requests.flatMap((request) =>
    thingsInRooms(graph, request)
      .filter((said) => said.inRoom.length === 0 && said.ofKind.length > 0)
      .map((said) => {
        const elsewhere = [
          ...new Set(said.ofKind.map((id) => roomOf(graph, id)).filter((id) => id !== undefined)),
        ];
        return {
          phrase: `${said.head} in ${said.room}`,
          nearest: `${said.head} in ${elsewhere.slice(0, 3).join(', ')}`,
        };
      }),
  );
}

/** A thing a text names in a room: its head word, the room, and the assets and objects of that word in it and anywhere. */
export type ThingInRoom = {
  /** The thing's words ("robotics book") and the last of them. */
  thing: string;
  head: string;
  room: string;
  /** Said with "the" or a possessive ("the book"), not "a book". */
  definite: boolean;
  inRoom: string[];
  ofKind: string[];
};

/** Every "the <thing> in <room>" of the text whose room phrase names a room of the graph. */
export function thingsInRooms(graph: SceneGraph, text: string): ThingInRoom[] {
  const rooms = roomNames(graph);
  const found: ThingInRoom[] = [];
  for (const match of text.matchAll(THING_IN_ROOM)) {
    const head = match[1]!.toLowerCase().split(/\s+/).at(-1)!;
    const room = /^there$/i.test(match[2]!)
      ? roomBefore(graph, text.slice(0, match.index), rooms)
      : rooms(match[2]!);
    if (room === undefined || GENERAL.has(head)) continue;
    const word = stem(head);
    // "The shelf in the library": its bookshelf, a kind of shelf by WordNet's hypernyms.
    const ofKind = graph.filterNodes(
      (id, attributes) =>
        (attributes.kind === 'asset' || attributes.kind === 'object') &&
        (nodeWords(graph, id).includes(word) || kindsOf(id).includes(word)),
    );
    found.push({
      thing: match[1]!.toLowerCase(),
      head,
      room,
      definite: !/^an?$/i.test(match[0]!.split(/\s+/)[0]!),
      inRoom: ofKind.filter((id) => roomOf(graph, id) === room),
      ofKind,
    });
  }
  return found;
}

/**
 * The node of a kind a phrase names ("the nightstand") in the room its clause places it in ("...
 * from the nightstand in bedroom 2"), when the clause says the room and the room has one.
 */
export function inNamedRoom(
  graph: SceneGraph,
  phrase: string,
  clause: string,
  kind: 'asset' | 'object',
): string | undefined {
  // "The table in robot lounge 2": the head is before the room.
  const head = phrase
    .toLowerCase()
    .trim()
    .split(/\s+(?:in|from)\s+/)[0]!
    .split(/\s+/)
    .at(-1);
  const said = thingsInRooms(graph, `${phrase} ${clause}`).find((thing) => thing.head === head);
  return said?.inRoom.find((id) => graph.getNodeAttribute(id, 'kind') === kind);
}

/**
 * The things a negated relative clause leaves out: "the red apple that isn't in the kitchen" (every
 * apple in the kitchen), "every potted plant that isn't in a bathroom" (the plants in any bathroom),
 * "the mugs that aren't on the shelf". The place is a room by its name or its kind (any room of
 * that kind), or an asset by its name; a place the scene does not have leaves out nothing.
 */
export function thingsNotThere(graph: SceneGraph, text: string): Set<string> {
  const left = new Set<string>();
  for (const match of text.toLowerCase().matchAll(NOT_THERE)) {
    const head = match[1]!;
    if (GENERAL.has(head)) continue;
    const places = new Set(placesNamed(graph, match[2]!));
    if (places.size === 0) continue;
    const word = stem(head);
    graph.forEachNode((id, attributes) => {
      if (attributes.kind !== 'asset' && attributes.kind !== 'object') return;
      if (!nodeWords(graph, id).includes(word)) return;
      if (ancestorsOf(graph, id).some((up) => places.has(up))) left.add(id);
    });
  }
  return left;
}

/** "<thing> that/which isn't|is not|aren't|are not in|inside|on <place>". */
const NOT_THERE =
  /\b([a-z][a-z-]*)\s+(?:that|which)\s+(?:isn't|isn’t|is\s+not|aren't|aren’t|are\s+not)\s+(?:in|inside|on)\s+(?:the\s+|a\s+|an\s+|any\s+)?([a-z][a-z0-9'’ -]*?)(?=\s*(?:[,.;:!?]|$)|\s+(?:and|or|over|to|should|must|please|into|onto|up|out|down)\b)/g;

/** A thing a text names where it is: "a clean one from the kitchen cupboard", "the fork out of the cutlery drawer". */
export type ThingAtPlace = {
  /** The objects of the thing's kind ("one" is the kind named last before it), and those at the place. */
  ofKind: string[];
  at: string[];
};

/**
 * Every "the <thing> from|out of|off <place>" of the text whose place names a room or an
 * asset of the graph, with the objects of its kind there: "grab her a clean one out of the
 * cutlery drawer" (after "forgot to pack a fork") is the fork in the cutlery drawer, not the one
 * on the lunch table. The place is where the thing is as the scene has it; a place that holds none
 * of them says nothing.
 */
export function thingsAtPlaces(graph: SceneGraph, text: string): ThingAtPlace[] {
  const found: ThingAtPlace[] = [];
  for (const match of text.matchAll(THING_AT)) {
    const said = match[1]!.toLowerCase().split(/\s+/);
    const head = /^ones?$/.test(said.at(-1)!) ? kindBefore(graph, text.slice(0, match.index)) : said.at(-1)!;
    if (head === undefined || GENERAL.has(head)) continue;
    const places = new Set(placesNamed(graph, match[2]!.toLowerCase()));
    if (places.size === 0) continue;
    const word = stem(head);
    const ofKind = graph.filterNodes(
      (id, attributes) => attributes.kind === 'object' && nodeWords(graph, id).includes(word),
    );
    const at = ofKind.filter((id) => ancestorsOf(graph, id).some((up) => places.has(up)));
    if (at.length > 0) found.push({ ofKind, at });
  }
  return found;
}

/** The last word before a text's end that names a kind of object in the graph ("a fork" before "a clean one"). */
function kindBefore(graph: SceneGraph, text: string): string | undefined {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return words
    .reverse()
    .find(
      (word) =>
        !GENERAL.has(word) &&
        graph.someNode(
          (id, attributes) => attributes.kind === 'object' && nodeWords(graph, id).includes(stem(word)),
        ),
    );
}

/**
 * "the|a <thing> from|out of|off the <place>", the place to the end of its phrase; "on" and "in"
 * may say where a thing goes ("place the document on Will's desk") and are not read here.
 */
const THING_AT =
  /\b(?:the|a|an|his|her|their|my|our|some)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s+(?:from|out\s+of|off)\s+(?:the\s+)?([a-z][\w'’-]*(?:\s+[\w'’-]+){0,3}?)(?=\s*(?:$|[,.;!?])|\s+(?:and|then|to|on|onto|into|in|from|with|for|please|by|at|so|before|up|down|over|out|there)\b)/gi;

/** The rooms (by name, or every room of a kind) or the asset (by name) a place phrase names. */
export function placesNamed(graph: SceneGraph, phrase: string): string[] {
  const said = phrase.replace(/['’]/g, '').trim();
  const room = roomNames(graph)(said);
  if (room !== undefined) return [room];
  const ofKind = roomsOfKind(
    graph.filterNodes((_id, attributes) => attributes.kind === 'room'),
    said,
  );
  if (ofKind.length > 0) return ofKind;
  return graph.filterNodes((id, attributes) => attributes.kind === 'asset' && spoken(id) === said);
}

/** "the <thing> in <room>" or "from <room>": a determiner, the thing's words, "in" or "from", the room's words to the end of the phrase. */
const THING_IN_ROOM =
  /\b(?:the|a|an|his|her|their|my|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?:\s+(?:on|off))?\s+(?:in|from)\s+(?:the\s+)?([a-z][\w'’-]*(?:\s+[\w'’-]+){0,2}?)(?=\s*(?:$|[,.;!?])|\s+(?:and|then|to|on|onto|into|from|with|for|please|up|down|over|across|back)\b)/gi;

/** Words that name no kind of thing. */
export const GENERAL = new Set([
  'one',
  'ones',
  'thing',
  'things',
  'stuff',
  'items',
  'item',
  'room',
  'building',
]);

/**
 * The room a phrase names: the room whose id read aloud it is ("Aaron's office" -> aarons_office,
 * "bedroom 2" -> bedroom2), the only room of that kind ("the library" -> library0), or the only one
 * of that kind on the floor it names ("the first-floor kitchen" -> kitchen1, "the downstairs kitchen" -> kitchen0).
 */
function roomNames(graph: SceneGraph): (phrase: string) => string | undefined {
  const rooms = graph.filterNodes((_id, attributes) => attributes.kind === 'room');
  const byName = new Map(rooms.map((id) => [spoken(id), id]));
  const ofKind = (kind: string) => roomsOfKind(rooms, kind);
  return (phrase) => {
    const said = phrase
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/^(?:the|a|an)\s+/, '')
      .trim();
    const exact = byName.get(said);
    if (exact !== undefined) return exact;
    // "the first-floor kitchen": the kitchen on the floor of level 1 (the ground floor is level 0).
    const onFloor = /^(ground|first|second|third|fourth|top)[- ]floor\s+(.+)$/.exec(said);
    if (onFloor !== null) {
      const level = onFloor[1] === 'top' ? topLevel(graph) : FLOOR_LEVELS[onFloor[1]!];
      const there = ofKind(onFloor[2]!).filter((id) => floorLevel(graph, id) === level);
      return there.length === 1 ? there[0] : undefined;
    }
    // "The downstairs kitchen", "the kitchen upstairs": the one of that kind on the ground floor,
    // or the one above it.
    const stairs = /^(?:(upstairs|downstairs)\s+(.+)|(.+?)\s+(upstairs|downstairs))$/.exec(said);
    if (stairs !== null) {
      const up = (stairs[1] ?? stairs[4]) === 'upstairs';
      const there = ofKind((stairs[2] ?? stairs[3])!).filter((id) => {
        const level = floorLevel(graph, id);
        return level !== undefined && (up ? level > 0 : level === 0);
      });
      return there.length === 1 ? there[0] : undefined;
    }
    const numbered = ofKind(said);
    return numbered.length === 1 ? numbered[0] : undefined;
  };
}

/**
 * The rooms a place phrase could mean when it names a kind of room the building has several of on
 * the floor it says, and no one of them: "the first-floor bedroom" (bedroom 1 and bedroom 2), "the
 * bathroom on the first floor", "the kitchen" in a house of two. Empty when the phrase names one
 * room ("the first-floor kitchen", "bedroom 2") or no kind of room. Where a thing goes is then for
 * the person to say.
 */
export function roomsOfKindSaid(graph: SceneGraph, phrase: string): string[] {
  const said = phrase
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/^(?:the|a|an)\s+/, '')
    .trim();
  if (roomNames(graph)(said) !== undefined) return [];
  const kind = said
    .replace(
      /\b(?:on\s+the\s+)?(?:ground|first|second|third|fourth|top)[- ]floor\b|\b(?:upstairs|downstairs)\b/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
  const fits = floorFits(graph, said);
  const rooms = roomsOfKind(
    graph.filterNodes((_id, attributes) => attributes.kind === 'room'),
    kind,
  ).filter((id) => fits(floorLevel(graph, id)));
  return rooms.length > 1 ? rooms : [];
}

/**
 * The rooms a text names after a preposition of place ("in dining room 1", "at the front desk in
 * admin", "in there"): at each preposition, the longest run of up to four words that names a room;
 * "there" is the room the text before it last named. `sources` false leaves out the rooms said
 * after "from" or "out of", where things come from, not where they are or go.
 */
export function roomsSaid(
  graph: SceneGraph,
  text: string,
  options: { before?: string; sources?: boolean } = {},
): string[] {
  const rooms = roomNames(graph);
  const prepositions = options.sources === false ? AT_PLACE : AT_OR_FROM_PLACE;
  const said: string[] = [];
  for (const segment of text.split(SEGMENT)) {
    const words = segment.trim().split(/\s+/);
    words.forEach((word, i) => {
      // "In there", "over there", "the shelf there": the room named before; not "there is".
      if (/^there$/i.test(word) && !/^(?:is|are|was|were|'s|’s)$/i.test(words[i + 1] ?? '')) {
        const upTo = text.indexOf(segment) + segment.split(/\s+/).slice(0, i).join(' ').length;
        const room = roomBefore(graph, `${options.before ?? ''} ${text.slice(0, Math.max(0, upTo))}`, rooms);
        if (room !== undefined) said.push(room);
        return;
      }
      if (!prepositions.test(word)) return;
      const at = roomAt(words, i + 1, rooms);
      if (at !== undefined) said.push(at.room);
    });
  }
  return [...new Set(said)];
}

/**
 * Of several things a phrase could mean, the one in a room the instruction names as where things
 * are or go, anywhere in it ("I'm in the first-floor living room. Could you bring the dumbbells
 * down from the gym and set them on the coffee table?" -> the coffee table there); undefined unless
 * exactly one is. Rooms things come from ("from the gym") say nothing of which.
 */
export function onlyOneInRoomsSaid(
  graph: SceneGraph,
  ids: readonly string[],
  instruction: string,
): string | undefined {
  const rooms = new Set([
    ...roomsSaid(graph, instruction, { sources: false }),
    ...roomMentions(instruction, roomNames(graph)),
  ]);
  const there = ids.filter((id) => rooms.has(roomOf(graph, id) ?? ''));
  return there.length === 1 ? there[0] : undefined;
}

/** Prepositions before a room where a thing is or goes. */
const AT_PLACE = /^(?:in|at|to|into|inside|on|onto)$/i;
/** The same, and where a thing comes from ("from", "out of"). */
const AT_OR_FROM_PLACE = /^(?:in|at|to|into|inside|on|onto|from|of)$/i;

/** The rooms a kind names: "kitchen" -> kitchen0, kitchen1; "aarons office" -> aarons_office. */
function roomsOfKind(rooms: readonly string[], kind: string): string[] {
  return rooms.filter((id) => {
    const name = spoken(id);
    return name === kind || (name.startsWith(`${kind} `) && /^\d+$/.test(name.slice(kind.length + 1)));
  });
}

/**
 * The room "there" points back to: the last room a place phrase before it names ("a film
 * afternoon in robot lounge 1 ... carry everything in the drinks fridge over to the coffee table
 * in there" -> robot lounge 1), else the room of the last asset one names ("the kale on the
 * cafeteria counter, using the microwave in there" -> cafeteria). Where things come from ("from
 * the kitchen") is not "there".
 */
function roomBefore(
  graph: SceneGraph,
  before: string,
  rooms: (phrase: string) => string | undefined,
): string | undefined {
  const room = roomMentions(before, rooms).at(-1);
  if (room !== undefined) return room;
  const said = [...before.matchAll(PLACE_BEFORE)].filter((match) => match[1]!.toLowerCase() !== 'from');
  const last = said.at(-1)?.[2];
  if (last === undefined) return undefined;
  const name = last.toLowerCase().replace(/['’]/g, '').trim();
  const thing = graph.findNode((id, attributes) => attributes.kind === 'asset' && spoken(id) === name);
  return thing === undefined ? undefined : roomOf(graph, thing);
}

/**
 * The rooms a text names, in order, wherever they stand ("Printing zone 2 is out of toner", "in
 * dining room 1"): the longest run of up to four words that names one, except after "from" or "out
 * of", where things come from.
 */
function roomMentions(text: string, rooms: (phrase: string) => string | undefined): string[] {
  const said: string[] = [];
  for (const segment of text.split(SEGMENT)) {
    const words = segment.trim().split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      const at = roomAt(words, i, rooms);
      if (at === undefined) continue;
      const before = (words[i - 1] ?? '').toLowerCase();
      const from = before === 'from' || (before === 'the' && (words[i - 2] ?? '').toLowerCase() === 'from');
      if (!from && before !== 'of' && !placeOfSource(words, i)) said.push(at.room);
      i += at.length - 1;
    }
  }
  return said;
}

/** The kinds a node's name says it is one of: bookshelf_2 -> shelf (stemmed). */
function kindsOf(id: string): string[] {
  return broaderNames(nameHead(id)).map(stem);
}

/**
 * Whether the room at `start` is where a thing comes from, said as the room of its place: "from
 * the counter in the downstairs kitchen", "off the shelf in the storage room".
 */
function placeOfSource(words: readonly string[], start: number): boolean {
  let at = start - 1;
  if (words[at]?.toLowerCase() === 'the') at--;
  if (!/^(?:in|at|on)$/i.test(words[at] ?? '')) return false;
  for (let k = at - 1; k >= Math.max(0, at - 5); k--) {
    const word = words[k]!.toLowerCase();
    if (word === 'from' || word === 'off' || (word === 'of' && words[k - 1]?.toLowerCase() === 'out'))
      return true;
    if (/^(?:to|into|onto|on|in|at|by|near|for|with|and|then)$/.test(word)) return false;
  }
  return false;
}

/** The room the longest run of up to four words from `start` names, and how many words it took. */
function roomAt(
  words: readonly string[],
  start: number,
  rooms: (phrase: string) => string | undefined,
): { room: string; length: number } | undefined {
  for (let k = Math.min(4, words.length - start); k > 0; k--) {
    const room = rooms(words.slice(start, start + k).join(' '));
    if (room !== undefined) return { room, length: k };
  }
  return undefined;
}

/** Where a text's phrases break: punctuation and a spaced dash. */
const SEGMENT = /[,.;:!?()–—]|\s-\s/;

/** A place phrase and its preposition: "on the cafeteria counter", "in Tobi's office". */
const PLACE_BEFORE =
  /\b(on|in|at|from|into|onto)\s+(?:the\s+)?([a-z][a-z0-9'’ -]*?)(?=\s*(?:[,.;:!?]|$)|\s+(?:and|then|using|with|to|for|after|over)\b)/gi;

/**
 * Of the given nodes, those on the floor a phrase says: "upstairs" (above the ground floor),
 * "downstairs" (the ground floor), "on the first floor" or "first-floor"; all of them when it says
 * none, or when none is there.
 */
export function onFloorSaid(graph: SceneGraph, ids: readonly string[], phrase: string): string[] {
  const said = phrase.toLowerCase();
  const level = (id: string) => {
    const room = graph.getNodeAttribute(id, 'kind') === 'room' ? id : roomOf(graph, id);
    return room === undefined ? undefined : floorLevel(graph, room);
  };
  const fits = floorFits(graph, said);
  const there = ids.filter((id) => fits(level(id)));
  return there.length > 0 ? there : [...ids];
}

const FLOOR_LEVELS: Record<string, number> = { ground: 0, first: 1, second: 2, third: 3, fourth: 4 };

/** A floor said by its name: "the first floor", "first-floor", "the top floor". */
export const FLOOR_SAID = /\b(ground|first|second|third|fourth|top)[- ]floor\b/;

/**
 * Whether a floor's level is the one a lower-case phrase says: the floor it names, above the
 * ground floor for "upstairs", the ground floor for "downstairs"; any known level when it says none.
 */
function floorFits(graph: SceneGraph, said: string): (at: number | undefined) => boolean {
  const floor = FLOOR_SAID.exec(said)?.[1];
  const level = floor === undefined ? undefined : floor === 'top' ? topLevel(graph) : FLOOR_LEVELS[floor];
  return (at) =>
    at !== undefined &&
    (level !== undefined
      ? at === level
      : /\bupstairs\b/.test(said)
        ? at > 0
        : /\bdownstairs\b/.test(said)
          ? at === 0
          : true);
}

/** The highest level of the building's floors ("the top floor"). */
function topLevel(graph: SceneGraph): number | undefined {
  const levels = graph
    .filterNodes((_id, attributes) => attributes.kind === 'floor')
    .map((id) => graph.getNodeAttribute(id, 'attributes')?.level)
    .filter((level): level is number => typeof level === 'number');
  return levels.length > 0 ? Math.max(...levels) : undefined;
}

/** The level of the floor a room is on, when its floor says one. */
function floorLevel(graph: SceneGraph, room: string): number | undefined {
  const floor = graph.inNeighbors(room).find((id) => graph.getNodeAttribute(id, 'kind') === 'floor');
  const level = floor === undefined ? undefined : graph.getNodeAttribute(floor, 'attributes')?.level;
  return typeof level === 'number' ? level : undefined;
}
