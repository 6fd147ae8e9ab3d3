import { ancestorsOf, type SceneGraph } from '@groundplan/scene-graph';
import { getGender } from 'gender-detection-from-name';
import type { Ambiguity } from './ambiguous-things.js';
import { stem } from './building-words.js';
import { isNoun, isParticiple } from './lexicon.js';
import { nameHead } from './node-words.js';
import { occupantName, ownerOf, personOfRoom } from './people.js';

/**
 * Whom "his" and "her" stand for, and when that is too unclear to act on. The people a pronoun may
 * stand for are the nearest ones named before it (centering: the pronoun's own clause first, then
 * the rest of its sentence, then the sentences before it, nearest first):
 * - someone named only as whose a thing is ("Will's copy", "Dimity's rubber snake") is no
 *   candidate: a name's 's before a noun says whose, before a participle or another word it is
 *   "is" or "has" ("Laurianne's lent", "Filipe's off sick");
 * - a first name of the other gender is no candidate ("Zoe ... Aaron ... her desk": Zoe), by the
 *   `gender-detection-from-name` package's lists of first names; a name it does not know
 *   ("Dimity") fits either pronoun.
 * Two or more left at the nearest level is a real ambiguity: "Filipe bumped into Michael and told
 * him he'd need his laptop".
 */
export function peopleForPronoun(
  instruction: string,
  /** Where the pronoun is in the instruction. */
  at: number,
  pronoun: string,
  isPerson: (word: string) => boolean,
): string[] {
  const before = instruction.slice(0, at);
  const sentenceStart = lastEnd(before, SENTENCE_END);
  const clauseStart = Math.max(sentenceStart, lastEnd(before, CLAUSE_END));
  const fitting = (text: string) => namedIn(text, pronoun, isPerson);
  const own = fitting(before.slice(clauseStart));
  if (own.length > 0) return own;
  const sentence = fitting(before.slice(sentenceStart, clauseStart));
  if (sentence.length > 0) return sentence;
  const earlier = before.slice(0, sentenceStart).match(/[^.!?]+[.!?]*/g) ?? [];
  for (const text of earlier.reverse()) {
    const named = fitting(text);
    if (named.length > 0) return named;
  }
  return [];
}

/** Where a sentence ends, and where a clause does: a comma, a dash, a semicolon or a conjunction. */
const SENTENCE_END = /[.!?]\s+/g;
const CLAUSE_END = /(?:,|;|\s[-–—]+)\s+|\s(?:and|but|so|because|while|when|if|then)\s+/gi;

function lastEnd(text: string, pattern: RegExp): number {
  let end = 0;
  for (const match of text.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}

/** The people of a text a pronoun may stand for, in order, each once. */
function namedIn(text: string, pronoun: string, isPerson: (word: string) => boolean): string[] {
  const names = [...text.matchAll(/\b([A-Z][a-z]+)(?:['’]s\s+([a-z]+))?/g)]
    .filter((match) => match[2] === undefined || !whose(match[2]))
    .map((match) => match[1]!)
    .filter((name) => isPerson(name) && fitsPronoun(name, pronoun));
  return [...new Set(names)];
}

/** Whether a name's 's before this word says whose it is ("Will's copy"), not "is" or "has" ("Laurianne's lent"). */
function whose(word: string): boolean {
  return isNoun(word) && !isParticiple(word);
}

/** Whether a first name may be the person a pronoun stands for: not one of the other gender. */
function fitsPronoun(name: string, pronoun: string): boolean {
  const gender = getGender(name, 'en');
  const wanted = /^(?:his|he|him)$/i.test(pronoun)
    ? 'male'
    : /^(?:her|she|hers)$/i.test(pronoun)
      ? 'female'
      : undefined;
  return wanted === undefined || gender === 'unknown' || gender === wanted;
}

/**
 * The things "his" or "her" may name when the pronoun may stand for two or more people who each
 * have one: "Filipe's off sick, so Aaron's stepping in ... He's asked for his notebook" (Filipe's
 * and Aaron's notebooks), "Laurianne's lent Dimity her office ... could you open her cabinet".
 * A person's things: those they own, sit at, or that are in their room. A pronoun an answer has
 * settled (one of `answered` is one of its people's things) is no longer unclear.
 */
export function ambiguousOwners(
  graph: SceneGraph,
  instruction: string,
  isPerson: (word: string) => boolean,
  answered: readonly string[] = [],
): Ambiguity[] {
  const found: Ambiguity[] = [];
  for (const match of instruction.matchAll(POSSESSIVE)) {
    const pronoun = match[1]!.toLowerCase();
    const people = peopleForPronoun(instruction, match.index, pronoun, isPerson);
    if (people.length < 2) continue;
    // "his black wireless headphones": the thing is the last of the words a person has one of.
    const words = match[2]!.toLowerCase().split(/\s+/);
    for (const head of words.reverse()) {
      const theirs = people.map((person) => thingsOf(graph, person, head));
      const having = people.filter((_person, i) => theirs[i]!.length > 0);
      if (having.length < 2) continue;
      const options = [...new Set(theirs.flat())].sort();
      if (!options.some((id) => answered.includes(id)))
        found.push({ phrase: `${head} "${pronoun}" means (${having.join(' or ')})`, options });
      break;
    }
  }
  return found;
}

/** "his" or "her" and up to three words after it. */
const POSSESSIVE = /\b(his|her)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})/gi;

/**
 * A person's things of a name ("notebook"): the assets and objects whose name ends in it and that
 * they own ("filipes_notebook", owner "Niko"), sit at ("Omar" at phd_desk_4), or that are in their
 * room (cabinet_8 in dimitys_office).
 */
export function thingsOf(graph: SceneGraph, person: string, name: string): string[] {
  const lower = person.toLowerCase();
  const theirs = new Set([lower, lower.endsWith('s') ? lower : `${lower}s`]);
  const kind = stem(name);
  return graph.filterNodes((id, attributes) => {
    if (attributes.kind !== 'asset' && attributes.kind !== 'object') return false;
    if (stem(nameHead(id)) !== kind) return false;
    const owner = ownerOf(graph, id);
    if (owner !== undefined) return theirs.has(owner);
    if (occupantName(graph, id) === lower) return true;
    return ancestorsOf(graph, id).some((up) => theirs.has(personOfRoom(up) ?? ''));
  });
}
