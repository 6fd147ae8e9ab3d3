import { ancestorsOf, type SceneGraph } from '@groundplan/scene-graph';
import { buildingName, isBuildingWord, stem } from './building-words.js';
import { destinationAssets } from './destination-assets.js';
import { nodeWords } from './node-words.js';
import { DETERMINERS } from './noun-phrases.js';
import { assetKind } from './resting-places.js';
import { FLOOR_SAID, onFloorSaid, placesNamed, roomsSaid } from './things-in-rooms.js';
import { askedWhetherThere } from './whether-there.js';

/**
 * The things a how-many question counts: every room, asset or object whose words name the kind its
 * noun says ("How many chairs are in meeting room 2?": the chairs there; "how many televisions":
 * every tv, by WordNet's other name), each other word of the noun the building knows naming them
 * too ("fire extinguishers", "bottles of water"), where the question says: in or on a room or an
 * asset it names ("in the kitchen fridge", "in the bathrooms"), on the floor it names ("on the
 * first floor", "upstairs"); anywhere when it names only the building ("on this floor", "in the
 * house"). Undefined for no how-many question, or a noun that names no kind the building has ("how
 * many of them"): then the search's answer stands. Words that exclude ("don't count the laptops")
 * and states the building does not name ("taken", "rotten") are not read.
 */
export function countedThings(graph: SceneGraph, instruction: string): string[] | undefined {
  for (const match of instruction.matchAll(HOW_MANY)) {
    const phrase = match[1]!.toLowerCase().replace(/['’]/g, '');
    const [before, after] = phrase.split(/\s+of\s+/) as [string, string | undefined];
    // "Bottles of water": the water bottles; "pieces of fruit": the fruit, when no piece is one;
    // "how many of them", "how many have we got": the kind said before ("the sofas", "every laptop").
    const readings =
      after === undefined
        ? [words(before)]
        : [
            [...words(after), ...words(before)],
            ...(/^(?:them|those|these)$/.test(after) ? [] : [words(after)]),
          ];
    const said =
      readings.find((reading) => kindsNamed(graph, reading).length > 0) ??
      kindBefore(graph, instruction.slice(0, match.index));
    if (said === undefined) continue;
    // "Counting the one in the PhD bays", "little ones in people's offices included": a part that
    // widens the count names no place to count in.
    const rest = instruction
      .slice(match.index + match[0].length)
      .split(/[?.!]/)[0]!
      .split(/,|\s[-–—]\s/)
      .filter((part) => !/\b(?:counting|including|included|besides)\b/i.test(part))
      .join(',');
    return inPlaceSaid(
      graph,
      instruction,
      kindsNamed(graph, said),
      rest,
      instruction.slice(0, match.index),
    ).sort();
  }
  return undefined;
}

/**
 * The kind a how-many question with no noun of its own counts, from the text before it: the last
 * plural that names one ("they charge per sofa" after "the sofas"), else the noun after the last
 * "every" or "each" ("every laptop on the floor"); with `singular`, the last noun that names one
 * (what "one" stands for in "which floor hasn't got one?").
 */
function kindBefore(
  graph: SceneGraph,
  text: string,
  singular = false,
  /** A word not to take: the places' own kind ("which floor hasn't got one"). */
  not?: string,
): string[] | undefined {
  const said = (text.toLowerCase().match(/[a-z][a-z-]*/g) ?? []).reverse();
  // "Which floor hasn't got one", after "without a kitchen on her floor": the last noun of a kind.
  if (singular) {
    const noun = said.find((word) => word !== not && kindsNamed(graph, [word]).length > 0);
    return noun === undefined ? undefined : [noun];
  }
  const plural = said.find(
    (word, i) => /[^s]s$/.test(word) && kindsNamed(graph, [word]).length > 0 && !DETERMINERS.has(said[i]!),
  );
  if (plural !== undefined) return [plural];
  const every = said.findIndex((word) => word === 'every' || word === 'each');
  const noun = every > 0 ? said[every - 1] : undefined;
  return noun !== undefined && kindsNamed(graph, [noun]).length > 0 ? [noun] : undefined;
}

/** "How many" and the noun phrase after it, up to its verb, a preposition or the sentence's end. */
const HOW_MANY =
  /\bhow\s+many\s+([a-z][a-z'’ -]*?)(?=\s+(?:are|is|were|was|do|does|did|have|has|had|can|could|would|will|we|you|they|there|in|on|at|inside|around|across|left|out|up|upstairs|downstairs|altogether|all)\b|\s*[?,.;:!]|$)/gi;

/** A phrase's words without determiners: "the fire extinguishers" -> fire, extinguishers. */
function words(phrase: string): string[] {
  return (phrase.replace(/-/g, '').match(/[a-z]+/g) ?? []).filter((word) => !DETERMINERS.has(word));
}

/**
 * The rooms, assets and objects the words name: those whose name ends in the last word (in the
 * building's name for it: "sinks" is no bathroom_sink's bathroom), whose words hold each earlier
 * word the building knows.
 */
function kindsNamed(graph: SceneGraph, said: readonly string[]): string[] {
  const head = said.at(-1);
  if (head === undefined) return [];
  const kind = stem(buildingName(graph, head) ?? head);
  const describing = said
    .slice(0, -1)
    .filter((word) => isBuildingWord(graph, word))
    .map((word) => stem(buildingName(graph, word) ?? word));
  return graph.filterNodes((id, attributes) => {
    if (!COUNTED_KINDS.has(attributes.kind)) return false;
    const own = nodeWords(graph, id);
    return assetKind(id) === kind && describing.every((word) => own.includes(word));
  });
}

/** The kinds of node a noun may name: "how many bedrooms", "which floor". */
const COUNTED_KINDS = new Set(['floor', 'room', 'asset', 'object']);

/** Of the things, those in the places the rest of the question names, and on the floor it says. */
function inPlaceSaid(
  graph: SceneGraph,
  instruction: string,
  ids: readonly string[],
  rest: string,
  /** The text before the question: the room "in there" points back to is named in it. */
  before = '',
): string[] {
  const said = [...rest.toLowerCase().matchAll(PLACE)]
    .map((match) => match[1]!.trim())
    // The whole building, or a floor (onFloorSaid reads it), is no place to count in.
    .filter((phrase) => !WHOLE_BUILDING.test(phrase) && !FLOOR_SAID.test(phrase));
  const places = said.flatMap((phrase) => {
    // "How many chairs are in there?", "round the table in there": the room named before.
    if (/\bthere$/.test(phrase)) return roomsSaid(graph, 'in there', { before });
    // "In the PhD bays": every room of that kind.
    const rooms = [phrase, phrase.replace(/([^s])s$/, '$1')].flatMap((name) => placesNamed(graph, name));
    return rooms.length > 0 ? rooms : (destinationAssets(graph, instruction, `the ${phrase}`) ?? []);
  });
  // A place said that names none of the building's ("in there" after "the lunchroom"): no count.
  if (said.length > 0 && places.length === 0) return [];
  const there =
    places.length === 0
      ? [...ids]
      : ids.filter((id) => places.includes(id) || ancestorsOf(graph, id).some((up) => places.includes(up)));
  return onFloorSaid(graph, there, rest);
}

/** Places that are the whole building: "on this floor", "in the house", "around the building". */
const WHOLE_BUILDING =
  /^(?:this\s+|the\s+|our\s+)?(?:whole\s+|entire\s+|(?:two|three|four)\s+)?(?:floors?|house|building|household|home|place|office|world)$/;

/** A place after "in", "on", "inside", "at", "across", "around" or "round", to the next word that ends it. */
const PLACE =
  /\b(?:in|on|inside|at|across|around|round)\s+(?:the\s+|our\s+|my\s+|this\s+|his\s+|her\s+|their\s+)?([a-z0-9][a-z0-9'’ -]*?)(?=\s*(?:[,;:]|$)|\s+(?:right|now|at|already|altogether|all|that|which|counting|including|so|but|and|or|just|between|together)\b)/g;

/**
 * The things a question asks about besides those it sets aside in places it names: "Apart from
 * the ones in the kitchen and the meeting rooms, where are the fire extinguishers?" (the others),
 * "Is there a microwave anywhere apart from the one in the kitchen?" (none, when the kitchen's is
 * the only one). Its kind is what "where are" asks about, else the thing a whether-there question
 * asks about (askedWhetherThere). Undefined when the question sets nothing aside or names no kind
 * the building has.
 */
export function thingsApartFrom(graph: SceneGraph, instruction: string): string[] | undefined {
  const aside = APART_FROM.exec(instruction);
  if (aside === null) return undefined;
  const asked = WHERE_ARE.exec(instruction)?.[1] ?? askedWhetherThere(instruction)[0];
  if (asked === undefined) return undefined;
  const kind = kindsNamed(graph, words(asked.toLowerCase()));
  if (kind.length === 0) return undefined;
  // "In the kitchen and the meeting rooms": each place in turn.
  const setAside = aside[2]!
    .split(/\s*,\s*|\s+and\s+/)
    .flatMap((place) => inPlaceSaid(graph, instruction, kind, `${aside[1]} ${place}`));
  // A place that names none of the building's sets nothing aside: the question is not read.
  if (setAside.length === 0) return undefined;
  return kind.filter((id) => !setAside.includes(id)).sort();
}

/** "Apart from the one(s) in|on|at <places>", and "other than", "except (for)", "besides", "aside from", "not counting". */
const APART_FROM =
  /\b(?:apart\s+from|other\s+than|except(?:\s+for)?|besides|aside\s+from|not\s+counting)\s+the\s+ones?\s+(in|on|at)\s+([a-z0-9][a-z0-9'’ ,-]*?)(?=\s*[?.!]|,\s*(?:where|is|are|have|has|do)\b|$)/i;
/** "Where are the fire extinguishers": the things asked where. */
const WHERE_ARE =
  /\bwhere\s+(?:are|is)\s+(?:all\s+)?(?:the\s+|our\s+)?([a-z][a-z -]*?)(?=\s*[?,.!]|\s+(?:kept|now|at|in|on)\b)/i;

/**
 * The places a which-question asks for that lack a thing: "Which of the bedrooms don't have a
 * nightstand?" (the bedrooms with none in them), "Which of the two printing zones is the one
 * without a fire extinguisher?", "Which desks in the PhD bays don't have a T-shirt on them?".
 * The places are the rooms or assets its first noun names (where it says), the thing the kind its
 * second noun names ("one": the kind said before; "anything": any object); a place lacks it when
 * nothing of that kind is in or on it. Undefined for another question, or nouns that name no kind
 * the building has.
 */
export function placesWithout(graph: SceneGraph, instruction: string): string[] | undefined {
  const match = WITHOUT.exec(instruction);
  if (match === null) return undefined;
  const [kind, ...where] = match[1]!.toLowerCase().split(/\s+(?:in|on|of)\s+/);
  const places = inPlaceSaid(
    graph,
    instruction,
    kindsNamed(graph, words(kind!)),
    where.length > 0 ? `in ${where.join(' in ')}` : '',
  );
  const thing = words(match[2]!.toLowerCase());
  const things =
    thing.length === 0 || /^(?:anything|something)$/.test(thing.join(' '))
      ? graph.filterNodes((_id, attributes) => attributes.kind === 'object')
      : kindsNamed(
          graph,
          /^ones?$/.test(thing.join(' '))
            ? (kindBefore(graph, instruction.slice(0, match.index), true, words(kind!).at(-1)) ?? [])
            : thing,
        );
  if (places.length === 0 || things.length === 0) return undefined;
  const holds = (place: string) => things.some((id) => ancestorsOf(graph, id).includes(place));
  return places.filter((place) => !holds(place)).sort();
}

/** "Which (of the) <places> (is the one) don't have | haven't got | without | has no (a|an|any) <thing>". */
const WITHOUT =
  /\bwhich\s+(?:of\s+(?:the\s+|our\s+|these\s+|those\s+)?(?:two\s+|three\s+)?)?([a-z][a-z -]*?)\s+(?:is\s+the\s+one\s+|are\s+the\s+ones\s+)?(?:don['’]t\s+have|doesn['’]t\s+have|do\s+not\s+have|does\s+not\s+have|haven['’]t\s+got|hasn['’]t\s+got|has\s+no|have\s+no|without|with\s+no)\s+(?:got\s+)?(?:(?:a|an|any)\s+)?([a-z][a-z -]*?)(?=\s+(?:in|on|inside|at|so|lying)\b|\s*[?,.;:!]|\s[-–—]\s|$)/i;
