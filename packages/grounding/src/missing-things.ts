import { ancestorsOf, type SceneGraph } from '@groundplan/scene-graph';
import { actedOnPhrases } from './acted-on-phrases.js';
import { buildingName, isBuildingWord, stem } from './building-words.js';
import {
  broaderNames,
  isAdjective,
  isAdverb,
  isBaseVerb,
  isKnownWord,
  isNeverNoun,
  isNoun,
  isParticiple,
  namesNoThing,
  namesPerson,
  namesPlace,
} from './lexicon.js';
import { nodeWords } from './node-words.js';
import { DETERMINERS } from './noun-phrases.js';
import { isPersonOf } from './people.js';

/**
 * The things an instruction asks to act on that the building does not have: each noun phrase its
 * requests act on (actedOnPhrases: "bring me the giraffe", not "Uncle Dev watches the cricket")
 * none of whose words appears in any node's text (its id, kind, place, attributes, state,
 * affordances), singular or plural, or under another name WordNet gives it ("the telly": tv). A
 * word test, not a meaning test: what it returns ends the run with the nearest thing retrieval
 * finds (NotFound), never a made-up goal. `clauses` are the instruction's, in order.
 */
export function missingThings(scene: SceneGraph, clauses: readonly string[]): string[] {
  return unknownPhrases(scene, actedOnPhrases(clauses));
}

/**
 * The phrases none of whose words (beyond the general ones, and words English never uses as a
 * noun: "the rest alone") appears in any node's text: "giraffe", "the purple unicorn". Phrases a
 * model's reading names go through the same test.
 */
export function unknownPhrases(scene: SceneGraph, phrases: readonly string[]): string[] {
  const missing: string[] = [];
  for (const phrase of phrases) {
    const all = phrase.toLowerCase().match(/[a-z][a-z']*/g) ?? [];
    // "the big one downstairs": a pro-form stands for a thing named elsewhere; its other words describe it.
    if (all.some((word) => PRO_FORMS.has(word))) continue;
    const words = all.filter((word) => !isGeneral(word) && !isNeverNoun(word));
    // "Stop by for a look", "done for the week": a phrase whose nouns name no thing asks for none.
    if (words.every(namesNoThing)) continue;
    // "The cookbook from the study", "out in the garden": a place the building calls otherwise is no thing.
    if (words.length > 0 && words.every(namesPlace)) continue;
    if (!words.some((word) => isBuildingWord(scene, word)) || namesUnknownKind(scene, phrase))
      missing.push(phrase);
  }
  return [...new Set(missing)];
}

/**
 * Whether the word a phrase's thing is named by, its head (phraseHead), names a kind the building
 * does not know, though other words of the phrase may be its: "the cricket bat" where the cricket
 * is on the telly, "the watering can". Not a head that usually names a person ("the fitters"), an
 * abstraction or a place, nor one usually a kind of something the building has ("the burgundy
 * armchair": a chair). A word test: "the board rubber" is a rubber, and the office has a rubber snake.
 */
function namesUnknownKind(scene: SceneGraph, phrase: string): boolean {
  const head = phraseHead(phrase);
  if (head === undefined || isGeneral(head) || PRO_FORMS.has(head)) return false;
  const forms = [head, head.replace(/-/g, ''), ...head.split('-')];
  if (forms.some((form) => isBuildingWord(scene, form))) return false;
  if (namesNoThing(head) || namesPlace(head) || namesPerson(head) || isNeverNoun(head)) return false;
  return !broaderNames(head).some((name) => isBuildingWord(scene, name));
}

/**
 * The word a noun phrase's thing is named by: the last of its first run of words that may be nouns
 * ("the green wellies by the door" -> wellies, "the table there" -> table, "the reading glasses
 * should live" -> glasses); the run ends before an adverb, a participle, a verb that is no noun, a
 * word with an apostrophe ("he's") or a closed-class word ("but", "as", "will"). Undefined for a
 * phrase that opens with a participle ("running a taster": something done, no thing).
 */
export function phraseHead(phrase: string): string | undefined {
  const all = phrase.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? [];
  // "All the food": a kind, not one thing of it.
  if (all.length === 0 || DETERMINERS.has(all[0]!)) return undefined;
  // "Running a taster", "binding her thesis": something done, with its object.
  if (isParticiple(all[0]!) && DETERMINERS.has(all[1] ?? '')) return undefined;
  let head = all[0]!;
  for (const [i, word] of all.entries()) {
    if (i === 0) continue;
    // "The meeting room", "the reading glasses": a participle before a noun is part of its name.
    const next = all[i + 1];
    const modifies = isParticiple(word) && next !== undefined && !endsNounRun(next);
    // "The kids can do it": a modal before a verb; "the watering can" is a can.
    const modal = MODALS.has(word) && next !== undefined && isBaseVerb(next);
    if (modal || (!modifies && endsNounRun(word))) break;
    head = word;
  }
  return head.replace(/['’]s$/, '');
}

/** Whether a word after a noun is no part of its phrase: an adverb, a participle, a verb, "he's". */
function endsNounRun(word: string): boolean {
  return (
    /['’]/.test(word) ||
    CLOSED_CLASS.has(word) ||
    DETERMINERS.has(word) ||
    isAdverb(word) ||
    isParticiple(word.split('-').at(-1)!) ||
    (isBaseVerb(word) && !isNoun(word)) ||
    // "the tea belongs": a verb's third person.
    (word.endsWith('s') && isBaseVerb(word.slice(0, -1)) && !isNoun(word)) ||
    (!isNoun(word) && isKnownWord(word) && !isAdjective(word))
  );
}

/** Modal verbs that are also nouns: one before a verb ends a phrase. */
const MODALS = new Set(['can', 'will', 'may']);

/** Words of the closed classes that may follow a noun and are no part of it. */
const CLOSED_CLASS = new Set(
  `there here as but and or nor yet than since till until unless whether because while though
  be is are was were been am has have had do does did would shall should could might must ought
  not no i me you he him she we us they them it my your our their so if for to with of in on at by
  from up down out off round about around across along through over under into onto behind beside
  between beyond when where who whom whose which what why how that`.split(/\s+/),
);

/**
 * The phrases of two words or more that no one thing of the building answers to, though each word
 * may be its: no asset or object whose words hold the phrase's last word (what the thing is) and
 * each noun before it that describes it, in its own words or its places' ("a vending machine" where
 * the only machines make coffee, "a desk fan" where no fan is, "any Scotch tape"; "the kitchen
 * knife" is the knife in the kitchen). Words that only describe ("a hot water bottle": hot), names
 * of people and general words are not read. Each comes with the thing that holds most of its words
 * (or "nothing"), for the one line that says so.
 */
export function describedNowhere(
  scene: SceneGraph,
  phrases: readonly string[],
): { phrase: string; nearest: string }[] {
  return phrases.flatMap((phrase) => {
    const words = (phrase.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? []).filter(
      (word) => !isGeneral(word) && !DETERMINERS.has(word) && !/['’]s$/.test(word),
    );
    if (words.length < 2 || words.some((word) => PRO_FORMS.has(word))) return [];
    const [kind, ...describing] = [words.at(-1)!, ...words.slice(0, -1).filter(describesAsNoun(scene))].map(
      (word) => stem(buildingName(scene, word) ?? word),
    );
    const things = scene.filterNodes((_id, attributes) => THING_KINDS.has(attributes.kind));
    const held = (id: string) => {
      const own = nodeWords(scene, id);
      const around = ancestorsOf(scene, id).flatMap((up) => nodeWords(scene, up));
      return [kind!, ...describing].filter(
        (word) => own.includes(word) || (word !== kind && around.includes(word)),
      );
    };
    if (things.some((id) => held(id).length === describing.length + 1)) return [];
    const nearest = things.reduce<{ id: string; count: number }>(
      (best, id) => {
        const count = held(id).length;
        return count > best.count ? { id, count } : best;
      },
      { id: 'nothing', count: 0 },
    );
    return [{ phrase, nearest: nearest.id }];
  });
}

/**
 * A word before a phrase's noun that names what the thing is for, of or from ("vending", "desk",
 * "packing"): a noun, or a word WordNet does not know ("whiteboard"), not an adjective or someone's name.
 */
const describesAsNoun =
  (scene: SceneGraph) =>
  (word: string): boolean =>
    (isNoun(word) || !isKnownWord(word)) && !isAdjective(word) && !isPersonOf(scene, word);

const THING_KINDS = new Set(['asset', 'object']);

/** A general word, or its plural: "bits", "others". */
function isGeneral(word: string): boolean {
  return GENERAL_WORDS.has(word) || (word.endsWith('s') && GENERAL_WORDS.has(word.slice(0, -1)));
}

/** Words that stand for a thing named elsewhere ("not the big one, the other one"). */
const PRO_FORMS = new Set(['one', 'ones']);

/**
 * Words that name no particular thing ("one of the things", "something to clean with") or that
 * say which or how many, so a phrase of only these is never missing.
 */
const GENERAL_WORDS = new Set(
  `one ones thing things item items stuff something anything everything nothing someone somewhere place
  places location locations spot spots position positions area areas
  way kind sort lot lots bit little piece few couple several pair rest other others same whole right wrong correct appropriate best
  next last first second third new old other own it them me him her us you one's`.split(/\s+/),
);
