import { spoken } from '@groundplan/retrieval';
import type { SceneGraph } from '@groundplan/scene-graph';
import { ACTION_SPECS, type Goal } from '@groundplan/simulator';
import { placingVerbs } from './asked-goals.js';
import { requestOpening } from './clauses.js';
import { nounPhraseSpans } from './noun-phrases.js';
import { byScore, type Option } from './options.js';
import { peopleForPronoun } from './pronoun-people.js';

/**
 * The verbs that move a thing somewhere, by default the built-in skills' (placingVerbs): their
 * clause's first "on", "in", "into", "onto" or "to" names the place.
 */
let builtInPlacingVerbs: ReadonlySet<string> | undefined;
function defaultPlacingVerbs(): ReadonlySet<string> {
  builtInPlacingVerbs ??= placingVerbs(ACTION_SPECS);
  return builtInPlacingVerbs;
}

/**
 * "His", "their", and "her" where it is whose: "her desk", not "for her" or "take her the radio"
 * (her, the person, before the end or a word that opens no noun).
 */
export const PRONOUNS =
  /\b(?:his|their|her(?!\s*(?:[.,;:!?)]|$|\s(?:the|a|an|some|something|anything|this|that|these|those|my|your|his|her|its|our|their|to|for|with|on|in|at|by|from|up|down|out|off|over|and|or|but|so|if|when|please|would|will|can|could)\b)))\b/gi;

/** What a destination phrase may be read against: the rooms of the building and where the speaker is. */
export type PlaceContext = {
  /** Whether a phrase names a room ("Dimity's office"): a thing's whereabouts, not where it goes. */
  namesRoom?: (phrase: string) => boolean;
  /** Where the speaker says they are ("I'm at the lunch table"): "bring me" takes things there. */
  speakerAt?: string;
  /**
   * Where the person a clause's "him", "her" or "them" stands for has things brought to ("take him
   * something" -> "Tobi's desk"), if the instruction named one before.
   */
  placeOfPerson?: (clause: string) => string | undefined;
  /**
   * The last place the instruction names before a clause ("Visitors sit at the front desk ... put
   * the magazines there" -> "the front desk"): where its "there" points.
   */
  placeSaidBefore?: (clause: string) => string | undefined;
  /** The verbs of the run's skills that put things somewhere (placingVerbs); default: the built-in skills'. */
  placingVerbs?: ReadonlySet<string>;
};

/** Verbs that ask for a thing to be thrown away: with no place said, it goes in the bin that fits it. */
const DISPOSING =
  /^(?:throw\s+(?:\S+\s+)*?(?:away|out)\b|dispose\s+of\b|discard\b|bin\b|trash\b|get\s+rid\s+of\b)/i;
/** What a disposing request with no place of its own asks for: the bin that fits each thing. */
export const FITTING_BIN = 'the correct bin';

/** A person the verb gives something to: "take him ...", "bring them a ...", "get her an ...". */
const RECIPIENT = /^(?:him|her|them)$/i;
const AFTER_RECIPIENT = /^(?:a|an|the|some|something|anything|one|two|three)$/i;
/** A preposition that ends a clause leaves its phrase without a place: "something to clean with". */
const STRANDED = /^(?:with|on|in|into|at|for|from|by)$/i;

/** Whether a phrase names one of the graph's rooms ("Dimity's office" -> dimitys_office). */
export function roomNamer(graph: SceneGraph): (phrase: string) => boolean {
  const room = namedRoom(graph);
  return (phrase) => room(phrase) !== undefined;
}

/** The room of the graph a phrase names, whole ("Dimity's office" -> dimitys_office), if any. */
export function namedRoom(graph: SceneGraph): (phrase: string) => string | undefined {
  const rooms = new Map(
    graph.filterNodes((_id, attributes) => attributes.kind === 'room').map((id) => [spoken(id), id] as const),
  );
  return (phrase) =>
    rooms.get(
      phrase
        .toLowerCase()
        .replace(/['’]/g, '')
        .replace(/^(?:the|a|an)\s+/, '')
        .trim(),
    );
}

const PLACE_PREPOSITION = /^(?:on|onto|in|into|to)$/i;
/** "Over" says where a thing goes when a place follows it ("spread it over the bed"), not in "bring it over to". */
const OPENS_PLACE = /^(?:the|his|her|their|my|our|your|its)$/i;
/** Verbs that bring a thing to whoever asks: with no place said, it goes where the speaker is. */
const FETCHING = /^(?:bring|fetch)$/i;
/**
 * A past participle, or a verb of how a thing rests, before a place: "left", "kept", "lying",
 * "sitting" ("put something on the desk" keeps its place: not every -ing word is one).
 */
const PARTICIPLE = /^(?:[a-z]{3,}ed|left|kept|lain|sat|stood|hung|lying|sitting|standing|hanging|resting)$/i;
const DIRECTIONAL = /^(?:onto|into|to)$/i;
/** A word after a preposition that makes it a particle: "in from the patio", "on out of". */
const SOURCE = /^(?:from|out|off)$/i;

/**
 * The place a placing clause names: the words after its first "to", "into" or "onto", else after
 * its first "on" or "in", when the clause opens with a verb that moves things ("place the mug on
 * his desk" -> "his desk"; "move the things on the desk to the shelf" -> "the shelf"). A first
 * phrase that names a room where a later one follows says where the thing is, not where it goes
 * ("throw the fruit in Dimity's office in the correct bin" -> "the correct bin"). A clause that
 * moves a thing to "me" ("bring it to me", or with no place) goes where the speaker is, to "him", "her" or "them" where
 * that person has things brought; one that throws a thing away with no place says "the correct
 * bin". A phrase that ends on its preposition says what a thing is for ("take him something to
 * clean with"), not where it goes. Other clauses name no destination
 * ("Refrigerate the orange left on the bench").
 */
export function destinationPhrase(clause: string, context: PlaceContext = {}): string | undefined {
  // "Could you put them on the table", "so keep it in the fridge": the request opens at its verb.
  const words = requestOpening(clause)
    .replace(/[.!?,;:]+$/, '')
    .split(/\s+/);
  const verb = (words[0] ?? '').toLowerCase();
  const disposing = DISPOSING.test(clause.trim());
  // "Get" moves a thing to someone ("get them a fresh apple", "get me a coffee") or to where "to"
  // says ("get the kit to his desk").
  const getting = verb === 'get' && !disposing;
  if (!(context.placingVerbs ?? defaultPlacingVerbs()).has(verb) && !disposing && !getting) return undefined;
  // "Something to clean with": a phrase that ends on its preposition says what for, not where.
  const last = words.length - 1;
  // "Put the telly on in the lounge": "put ... on" there switches a thing on; it places nothing.
  if (
    verb === 'put' &&
    words.some((word, i) => i > 1 && /^(?:on|off)$/i.test(word) && PLACE_PREPOSITION.test(words[i + 1] ?? ''))
  )
    return undefined;
  // A place after a participle says where the thing is: "the orange left on the bench".
  // "Take him the wrench out of the toolbox in the lab": the person says where it goes, and a
  // place after where it comes from says where that is.
  const giving = /^(?:him|her|them|me)$/i.test(words[1] ?? '') && AFTER_RECIPIENT.test(words[2] ?? '');
  const starts = words.flatMap((word, i) =>
    i > 0 &&
    (PLACE_PREPOSITION.test(word) || (/^over$/i.test(word) && OPENS_PLACE.test(words[i + 1] ?? ''))) &&
    // "Bring the pot in from the patio": "in" there says no place; "from" says where it was.
    !SOURCE.test(words[i + 1] ?? '') &&
    // "On the bench next to it": "next to" says where, as "beside" does; it is no "to".
    !(/^to$/i.test(word) && /^(?:next|close)$/i.test(words[i - 1]!)) &&
    !(i < last && STRANDED.test(words[last]!)) &&
    !PARTICIPLE.test(words[i - 1]!) &&
    // "Carry the mash from the table in dining room 2": a room after where a thing comes from
    // says where that is.
    !((giving || namesRoomAfter(words, i, context)) && inSource(words, i)) &&
    // "Get the kit from the cabinet to his desk" places it; "get them an apple" does not.
    (!getting || DIRECTIONAL.test(word))
      ? [i]
      : [],
  );
  // "to", "into" and "onto" say where a thing goes; "on" and "in" before them say where it is
  // ("move the things on the desk to the shelf").
  const toward = starts.find((i) => DIRECTIONAL.test(words[i]!));
  let at = toward ?? starts[0];
  if (
    toward === undefined &&
    at !== undefined &&
    starts.length > 1 &&
    context.namesRoom?.(words.slice(at + 1, starts[1]).join(' '))
  )
    at = starts[1];
  const place = at !== undefined ? words.slice(at + 1).join(' ') : '';
  // "Bring it to me", "take it to her": where the speaker is, where that person has things brought.
  if (/^me$/i.test(place)) return context.speakerAt;
  if (RECIPIENT.test(place)) return context.placeOfPerson?.(clause);
  if (place.length > 0) return place;
  // "Put the magazines from the lounge there instead": where the instruction said before.
  if (words.some((word, i) => i > 1 && /^there$/i.test(word))) return context.placeSaidBefore?.(clause);
  // "Throw away the can": into the bin that fits it.
  if (disposing) return FITTING_BIN;
  if (words.some((word) => word.toLowerCase() === 'me')) return context.speakerAt;
  // "Take him something to clean with": to where that person has things brought; someone the
  // building keeps no place for ("bring him the board", of Dad at the table) to where the
  // instruction says people are.
  if (RECIPIENT.test(words[1] ?? '') && AFTER_RECIPIENT.test(words[2] ?? ''))
    return context.placeOfPerson?.(clause) ?? context.speakerAt;
  // "We're sat round the table ... Could you fetch the photo album?": brought to where the speaker is.
  return FETCHING.test(verb) ? context.speakerAt : undefined;
}

/** Whether the words after the preposition at `at`, up to the next one, name a room. */
function namesRoomAfter(words: readonly string[], at: number, context: PlaceContext): boolean {
  const next = words.findIndex((word, i) => i > at && PLACE_PREPOSITION.test(word));
  return context.namesRoom?.(words.slice(at + 1, next < 0 ? undefined : next).join(' ')) ?? false;
}

/**
 * Whether the "on" or "in" at `at` still says where the thing comes from: the last preposition
 * before it is "from", "off" or "out of" ("take him the wrench out of the red toolbox in mobile
 * robotics", "take her the laptop off the coffee table in the front room"). Only where a person receives the thing: "put the milk from the fridge on the table"
 * places it on the table.
 */
function inSource(words: readonly string[], at: number): boolean {
  if (!/^(?:on|in)$/i.test(words[at]!)) return false;
  for (let i = at - 1; i > 0; i--) {
    const word = words[i]!.toLowerCase();
    if (word === 'from' || word === 'off' || (word === 'of' && words[i - 1]!.toLowerCase() === 'out'))
      return true;
    if (PLACE_PREPOSITION.test(word) || word === 'of') return false;
  }
  return false;
}

/**
 * The last place an instruction names before a clause: the last noun phrase after "at", "on",
 * "in", "into", "onto", "to", "by" or "near" in the text before it ("Visitors sit at the front desk
 * for ages ... Could you put the magazines there?" -> "the front desk"). Undefined when none comes
 * before, or the clause is not in the instruction.
 */
export function lastPlaceBefore(instruction: string, clause: string): string | undefined {
  const at = instruction.indexOf(clause);
  if (at < 0) return undefined;
  const before = instruction.slice(0, at);
  const places = nounPhraseSpans(before).filter((span) => PLACE_BEFORE.test(span.follows));
  let place = places.at(-1)?.phrase;
  if (place === undefined) return undefined;
  // "On the shelf in the kitchen": the room says where the shelf is; the shelf is the place.
  const previous = places.at(-2)?.phrase;
  if (
    previous !== undefined &&
    new RegExp(String.raw`\b${previous}\s+(?:in|at)\s+the\s+${place}\b`, 'i').test(before)
  )
    place = `${previous} in the ${place}`;
  // "On the shelf in reception", "in bedroom 2": a room said with no article, one word and its number.
  const room = new RegExp(String.raw`\b${place}\s+((?:in|at)\s+[a-z]+(?:\s+[0-9]+)?)\b`, 'i').exec(before);
  return room === null ? `the ${place}` : `the ${place} ${room[1]}`;
}
const PLACE_BEFORE = /^(?:at|on|in|into|onto|to|by|near)$/;

/**
 * The person the instruction names whom a pronoun at the end of the text stands for: of the names
 * before it (capitalised words that do not open a sentence, or any capitalised word `isPerson`
 * accepts; those it accepts when there are any, so "the Modern Robotics book" names no one), the
 * last one in the text's own sentence, else the first one (the subject, as centering theory
 * prefers) of the last sentence before that names anyone: "Lena's wrapping a present for Sam.
 * Take her the scissors" takes them to Lena. Undefined when no name comes before.
 */
export function personBefore(
  instruction: string,
  text: string,
  isPerson?: (word: string) => boolean,
  /** People an answer named ("Filipe's notebook" answered "his notebook"): they settle a pronoun they may stand for. */
  answered: readonly string[] = [],
): string | undefined {
  const pronounAt = instruction.indexOf(text);
  const end = pronounAt < 0 ? instruction.length : pronounAt + text.length;
  // The nearest people the text's first "his" or "her" may stand for (peopleForPronoun): one
  // settles it, as does one an answer named.
  const pronoun =
    pronounAt < 0 || isPerson === undefined ? null : new RegExp(PRONOUNS.source, 'i').exec(text);
  if (pronoun !== null && isPerson !== undefined) {
    const near = peopleForPronoun(instruction, pronounAt + pronoun.index, pronoun[0], isPerson);
    const settled = near.length === 1 ? near[0] : near.find((name) => answered.includes(name.toLowerCase()));
    if (settled !== undefined) return settled;
  }
  const all = [...instruction.matchAll(/\b([A-Z][a-z]+)(?:'s)?\b/g)]
    .filter(
      (match) =>
        match.index < end &&
        (!/(?:[.!?]\s*|^)$/.test(instruction.slice(0, match.index)) || isPerson?.(match[1]!)),
    )
    .map((match) => ({ name: match[1]!, at: match.index }));
  const people = all.filter((name) => isPerson?.(name.name));
  const names = people.length > 0 ? people : all;
  const last = names.at(-1);
  if (last === undefined) return undefined;
  // The sentence each name is in: the count of sentence ends before it.
  const sentenceOf = (at: number) => (instruction.slice(0, at).match(/[.!?](?:\s|$)/g) ?? []).length;
  const own = sentenceOf(pronounAt < 0 ? end : pronounAt);
  const lastSentence = sentenceOf(last.at);
  return lastSentence === own ? last.name : names.find((name) => sentenceOf(name.at) === lastSentence)!.name;
}

/**
 * The text with "his", "her" and "their" read as the last person the instruction named before
 * them ("Place Will's drone on his desk" -> "... on Will's desk"; a name opening a sentence counts
 * when `isPerson` accepts it). Text with no name before the pronoun is left as it is.
 */
export function withNamesForPronouns(
  instruction: string,
  text: string,
  /** Whether a capitalised word opening a sentence is someone ("Chris has been ..."). */
  isPerson?: (word: string) => boolean,
  /** People an answer named (personBefore). */
  answered: readonly string[] = [],
): string {
  const name = personBefore(instruction, text, isPerson, answered);
  return name === undefined ? text : text.replace(PRONOUNS, `${name}'s`);
}

/** How much a placement loses per unit of cosine its target falls short of the best-named target. */
export const DESTINATION_WEIGHT = 0.5;

/**
 * The ranking with each placement goal lowered by how much worse its target matches the clause's
 * destination than the best-matching target does ("on Will's desk": Will's chair loses to his desk
 * even when the search found a document next to the chair). Holding a thing goes nowhere: it is
 * lowered as a placement whose target matches not at all ("bring me an apple" to where I am is the
 * apple there, not in the gripper). Other goals keep their scores. When the destination names a
 * kind of asset, a placement on anything not of that kind (not in `fits`) is no option: "on the
 * table in meeting room 3" is never a chair there.
 */
export function towardDestination(
  ranked: readonly Option<Goal>[],
  closeness: ReadonlyMap<string, number>,
  /** The assets of the kind the destination names (destinationAssets): a placement elsewhere is dropped. */
  fits?: ReadonlySet<string>,
): Option<Goal>[] {
  const best = Math.max(...closeness.values());
  return ranked
    .filter(
      (option) =>
        fits === undefined ||
        (option.value.kind !== 'on' && option.value.kind !== 'inside') ||
        fits.has(option.value.target),
    )
    .map((option) => {
      const goal = option.value;
      if (goal.kind === 'holding' && goal.object !== null)
        return { ...option, score: option.score - DESTINATION_WEIGHT * best };
      if (goal.kind !== 'on' && goal.kind !== 'inside') return option;
      const near = closeness.get(goal.target);
      return near === undefined
        ? option
        : { ...option, score: option.score - DESTINATION_WEIGHT * (best - near) };
    })
    .sort(byScore);
}
