import { spoken } from '@groundplan/retrieval';
import { childrenOf, roomOf, type SceneGraph } from '@groundplan/scene-graph';
import { stem } from './building-words.js';
import { speakerPlace } from './clauses.js';
import { PRONOUNS, roomNamer, withNamesForPronouns } from './destination.js';
import { nodeWords } from './node-words.js';
import { nounPhrases } from './noun-phrases.js';
import { isPersonOf, occupantName } from './people.js';
import { assetKind } from './resting-places.js';
import { GENERAL, onFloorSaid, roomsSaid } from './things-in-rooms.js';

/**
 * The assets a destination phrase can mean, when its head word names a kind of asset ("the table
 * in there for him" -> tables): those of that kind (the last word of their name: "table" is
 * meeting_table_3 and the coffee table, not a table lamp), narrowed in turn by
 * - the words before the head that describe some of them ("the beige sofa": its colour; "Will's
 *   desk": its name; "Omar's desk": whose occupant he is; "the patio table": the room it is in),
 * - what a "where" or "with" clause says they hold ("the table where the roast chicken is"),
 * - the floor the phrase says ("upstairs", "the top floor"),
 * - the room the phrase names ("in meeting room 3", "in there": the room named before), else a room
 *   the instruction names as where things are or go ("Dad's having his tea in dining room 1 ... put
 *   the milk on the table"),
 * - last, the request's words ("the clean cutlery in the drawer": the cutlery drawer) and the
 *   phrase's numbers;
 * each step keeping all when none fits it. Undefined when the phrase names a room ("to the
 * kitchen"), a general word ("the beige one") or no kind of asset the building has; then the
 * phrase's meaning alone ranks the places.
 */
export function destinationAssets(
  graph: SceneGraph,
  instruction: string,
  place: string,
  /** The request the place is said in: its other words may say which ("the clean cutlery in the drawer"). */
  request = '',
): string[] | undefined {
  const words = place
    .toLowerCase()
    .split(/[,;:!?]|\s[-–—]\s/)[0]!
    .trim()
    .split(/\s+/);
  // "The downstairs fridge": a word of where after a determiner describes; after the noun it ends the phrase.
  const end = words.findIndex(
    (word, i) =>
      i > 0 &&
      PHRASE_END.test(word) &&
      !(/^(?:up|down)stairs$/.test(word) && /^(?:the|a|an)$/.test(words[i - 1]!)),
  );
  const noun = (end < 0 ? words : words.slice(0, end)).filter((word) => /[a-z]/.test(word));
  const last = noun.at(-1)?.replace(/['’]s?$/, '');
  // "Into the one downstairs", "onto the beige one": the kind the last noun before it names.
  const head = last === 'one' ? ofOne(instruction, place) : last;
  if (head === undefined || GENERAL.has(head) || roomNamer(graph)(noun.join(' '))) return undefined;
  const kind = stem(head);
  const ofKind = graph.filterNodes((id, attributes) => attributes.kind === 'asset' && assetKind(id) === kind);
  if (ofKind.length === 0) return undefined;
  // "The beige sofa upstairs": of that kind, those its words describe ("beige": its colour;
  // "Will's": its name) and those on the floor it says.
  const described = noun
    .slice(0, -1)
    .map((word) => stem(word.replace(/['’]s?$/, '')))
    .reduce((candidates, word) => {
      // "Omar's desk": the desk whose occupant he is; "the patio table": the table on the patio.
      const narrowed = candidates.filter(
        (id) =>
          nodeWords(graph, id).includes(word) ||
          stem(occupantName(graph, id) ?? '') === word ||
          roomWords(graph, id).includes(word),
      );
      return narrowed.length > 0 ? narrowed : candidates;
    }, ofKind);
  // "The table where the roast chicken is", "the shelf with the books on it": those holding it.
  const holding = holdingWhatIsSaid(graph, described, end < 0 ? [] : words.slice(end));
  const onFloor = onFloorSaid(graph, holding, place);
  const at = instruction.toLowerCase().indexOf(place.toLowerCase());
  const inRooms = (rooms: readonly string[]) =>
    onFloor.filter((id) => rooms.includes(roomOf(graph, id) ?? ''));
  const there = inRooms(
    roomsSaid(graph, end < 0 ? '' : words.slice(end).join(' '), {
      before: at < 0 ? instruction : instruction.slice(0, at),
    }),
  );
  const named = there.length > 0 ? [] : inRooms(roomsSaid(graph, instruction, { sources: false }));
  const candidates = there.length > 0 ? there : named.length > 0 ? named : onFloor;
  // "Place the clean cutlery in the drawer": of equally named ones, those whose names the request
  // says more of (the cutlery drawer); the phrase's own numbers count ("the meeting table in room
  // 1"), not those of where things come from ("from robot lounge 1").
  const said = new Set([
    ...(request.toLowerCase().match(/[a-z]+/g) ?? []).map(stem),
    ...(place.match(/\d+/g) ?? []),
  ]);
  const saidOf = (id: string) =>
    spoken(id)
      .split(' ')
      .filter((word) => said.has(stem(word))).length;
  const most = Math.max(...candidates.map(saidOf));
  return candidates.filter((id) => saidOf(id) === most);
}

/** The stemmed words of the name of the room an asset is in ("patio", "dining room 0" -> dining, room). */
function roomWords(graph: SceneGraph, id: string): string[] {
  const room = roomOf(graph, id);
  return room === undefined
    ? []
    : (
        spoken(room)
          .toLowerCase()
          .match(/[a-z]+/g) ?? []
      ).map(stem);
}

/**
 * The noun "one" stands for in a place ("move the yogurt from the upstairs fridge into the one
 * downstairs" -> fridge): the head of the last noun phrase before the place, if any.
 */
function ofOne(instruction: string, place: string): string | undefined {
  const at = instruction.toLowerCase().indexOf(place.toLowerCase());
  const before = nounPhrases(at < 0 ? '' : instruction.slice(0, at));
  return before.at(-1)?.split(' ').at(-1);
}

/**
 * Of the candidates, those with a thing on or in them that the words after "where", "with" or
 * "that has" name ("where the roast chicken is" -> the table the chicken is on); all of them when
 * the words say no such thing or none holds it.
 */
function holdingWhatIsSaid(
  graph: SceneGraph,
  candidates: readonly string[],
  rest: readonly string[],
): string[] {
  const at = rest.findIndex((word) => /^(?:where|with|has|holding)$/.test(word));
  if (at < 0) return [...candidates];
  const said = rest
    .slice(at + 1)
    .filter((word) => /^[a-z]{3,}$/.test(word) && !HOLDING_FILLER.has(word))
    .map(stem);
  const holding = candidates.filter((id) =>
    childrenOf(graph, id).some((child) => nodeWords(graph, child).some((word) => said.includes(word))),
  );
  return holding.length > 0 ? holding : [...candidates];
}

/** Words of a "where ... is" or "with ... on it" clause that name no thing. */
const HOLDING_FILLER = new Set([
  'the',
  'are',
  'its',
  'was',
  'were',
  'sitting',
  'lying',
  'kept',
  'left',
  'still',
  'all',
]);

/** A word that ends a destination's noun phrase: what follows says where, for whom or why. */
const PHRASE_END =
  /^(?:in|on|at|from|for|by|with|next|near|beside|under|behind|so|to|that|which|where|who|because|and|then|if|when|of|has|holding|up|down|over|there|here|upstairs|downstairs|please|before|after|until|till|while|since|unless)$/;

/**
 * Where the people of an instruction are, for things brought to the speaker or fetched with no
 * place said: where the speaker says they are ("I'm at the lunch table", "we're sat round the
 * table in dining room 0"), else where someone is at an asset (placeSaidAt), else the one room the
 * instruction says things are or go in ("quiz night in the first-floor living room").
 */
export function wherePeopleAre(graph: SceneGraph, instruction: string): string | undefined {
  const rooms = roomsSaid(graph, instruction, { sources: false });
  return (
    speakerPlace(instruction) ??
    placeSaidAt(graph, instruction) ??
    (rooms.length === 1 ? spoken(rooms[0]!) : undefined)
  );
}

/**
 * Where someone in the instruction is at an asset of the building ("I'm planning next week's meals
 * at the table in dining room 1", "the kids colour in at the table in dining room 2", "my sister's
 * finishing her dissertation in bed in bedroom 2"): the first "at the ..." or "in bed ..." phrase
 * that names a kind of asset the building has; "at the moment" names none. "His", "her" and
 * "their" are the sentence's first person ("Zoe's making a sandwich at her desk": Zoe's desk;
 * "Lena's wrapping a present for Sam at her desk": Lena's), else the person named before them.
 * A thing brought with no place said goes there when the speaker says no place of their own.
 */
export function placeSaidAt(graph: SceneGraph, instruction: string): string | undefined {
  const sentences = instruction.match(/[^.!?]+[.!?]*/g) ?? [];
  for (const sentence of sentences) {
    // "Lena's wrapping a present for Sam at her desk": the place is its subject's, the first person
    // the sentence names; with none there, the person named before it.
    const subject = sentence.match(/\b[A-Z][a-z]+\b/g)?.find((word) => isPersonOf(graph, word));
    const named =
      subject === undefined
        ? withNamesForPronouns(instruction, sentence, (word) => isPersonOf(graph, word))
        : sentence.replace(PRONOUNS, `${subject}'s`);
    for (const match of named.matchAll(SAID_AT)) {
      const phrase = (match[1] ?? match[2]!)
        // "at the lab bench trying to ...": a participle after the place opens what the person does
        // ("at the table in dining room 1" keeps its room).
        .split(
          /\s+(?:with|so|because|and|but|for|until|till|rather|while|when)\s+|\s[-–—]\s|\s+(?<!\b(?:the|a|an|his|her|their|my|our)\s+)[a-z]{2,}ing\s+(?=(?:to|on|with|through|up|out|off|in|at|the|a|an|his|her|their|my|our)\b)/i,
        )[0]!
        .trim();
      if ((destinationAssets(graph, instruction, phrase)?.length ?? 0) > 0) return phrase;
    }
  }
  return undefined;
}

/** "at", a determiner or a name's 's, then the words up to a clause's end; or "in bed" and what follows. */
const SAID_AT =
  /\b[Aa]t\s+((?:the|his|her|their|my|our|[A-Z][a-z]+['’]s)\s+[^.!?;,]+)|\bin\s+(bed\b[^.!?;,]*)/g;

/**
 * Where the instruction says a person is now, at an asset of the building: the first "at the ..."
 * of a sentence that names them ("Omar's at the lab bench in the ag lab trying to get the battery
 * cover off" -> "the lab bench in the ag lab"). Where someone is now comes before where they
 * usually are (their desk) when a thing is taken to them.
 */
export function personSaidAt(graph: SceneGraph, instruction: string, person: string): string | undefined {
  const name = new RegExp(`\\b${person.replace(/[^a-z]/gi, '')}(?:['’]s)?\\b`, 'i');
  const sentences = instruction.match(/[^.!?]+[.!?]*/g) ?? [];
  for (const sentence of sentences.filter((text) => name.test(text))) {
    const place = placeSaidAt(graph, sentence);
    if (place !== undefined) return place;
  }
  return undefined;
}

/** The phrase of the question which of several places a destination means: 'place for "the sofa"'. */
export function placeQuestion(place: string): string {
  return `place for "${place}"`;
}

/** Whether an answered question was about a place (placeQuestion), not a thing. */
export function isPlaceQuestion(phrase: string): boolean {
  return phrase.startsWith('place for "');
}

/** Whether a place is said as one particular thing ("the sofa", "that shelf"), not any ("a table"). */
export function isDefinite(place: string): boolean {
  return /^(?:the|that|this)\s/i.test(place.trim());
}
