import { nodeTexts } from '@groundplan/retrieval';
import type { SceneGraph } from '@groundplan/scene-graph';

/**
 * The things a request names that the building does not have: each noun phrase opened by a
 * determiner or a possessive ("the giraffe", "Peter's umbrella") none of whose words appears in
 * any node's text (its id, kind, place, attributes, state, affordances), singular or plural. A
 * word test, not a meaning test: "the couch" in a building of sofas is missing too, so what it
 * returns ends the run with the nearest thing retrieval finds (NotFound), never a made-up goal.
 */
export function missingThings(scene: SceneGraph, requests: readonly string[]): string[] {
  return unknownPhrases(scene, requests.flatMap(nounPhrases));
}

/**
 * The phrases none of whose words (beyond the general ones) appears in any node's text: "giraffe",
 * "the purple unicorn". Phrases a model's reading names go through the same test.
 */
export function unknownPhrases(scene: SceneGraph, phrases: readonly string[]): string[] {
  const known = vocabulary(scene);
  const missing: string[] = [];
  for (const phrase of phrases) {
    const all = phrase.toLowerCase().match(/[a-z][a-z']*/g) ?? [];
    // "the big one downstairs": a pro-form stands for a thing named elsewhere; its other words describe it.
    if (all.some((word) => PRO_FORMS.has(word))) continue;
    const words = all.filter((word) => !GENERAL_WORDS.has(word));
    if (words.length > 0 && words.every((word) => !known.has(stem(word)))) missing.push(phrase);
  }
  return [...new Set(missing)];
}

/** Every word of every node's text, stemmed, cached per scene graph. */
const vocabularies = new WeakMap<SceneGraph, Set<string>>();
function vocabulary(scene: SceneGraph): Set<string> {
  let words = vocabularies.get(scene);
  if (words === undefined) {
    words = new Set(
      nodeTexts(scene).flatMap((node) => (node.text.toLowerCase().match(/[a-z]+/g) ?? []).map(stem)),
    );
    vocabularies.set(scene, words);
  }
  return words;
}

/** Plural and possessive endings off: "bottles" and "bottle", "boxes" and "box", "peter's" and "peter". */
export function stem(word: string): string {
  return word
    .replace(/['’]s$/, '')
    .replace(/(?:sses|xes|ches|shes)$/, (end) => end.slice(0, -2))
    .replace(/ies$/, 'y')
    .replace(/(?<!s)s$/, '');
}

/**
 * Words that open a noun phrase: articles, possessive pronouns, quantifiers, a name's possessive
 * (not a pronoun's 's, which is "is" or "has": "so it's easier", "that's all").
 */
const OPENER = `(?:the|a|an|some|any|my|his|her|their|our|your|its|this|that|these|those|every|each|all|(?!(?:it|that|there|here|what|who|where|he|she|let|how|when|why)['’]s\\b)[a-z]+['’]s)`;
/** Words that end one: prepositions, conjunctions, and the end of a clause. */
const CLOSER = String.raw`(?=\s+(?:on|in|into|onto|to|from|at|with|of|for|by|near|next|under|inside|behind|and|or|then|that|which|who|so|because|where|if)\b|[,.;:!?]|$)`;

/** The noun phrases of a request: the words after an opener up to the next closer. */
export function nounPhrases(request: string): string[] {
  const pattern = new RegExp(String.raw`\b${OPENER}\s+([a-z][a-z' -]*?)${CLOSER}`, 'gi');
  const phrases: string[] = [];
  for (const match of request.toLowerCase().matchAll(pattern)) {
    const phrase = match[1]!.trim().replace(/\s+/g, ' ');
    // "the apple that isn't in the kitchen": after "that" or "which", a verb opens a clause, not a thing.
    if (CLAUSE_OPENERS.has(phrase.split(' ')[0]!)) continue;
    if (phrase.length > 0) phrases.push(phrase);
  }
  return phrases;
}

/** Words that stand for a thing named elsewhere ("not the big one, the other one"). */
const PRO_FORMS = new Set(['one', 'ones']);

/** Verbs, auxiliaries and negations: a phrase that starts with one is a clause ("that isn't in..."). */
const CLAUSE_OPENERS = new Set(
  `is isn't are aren't was wasn't were weren't be been has hasn't have haven't had hadn't does doesn't
  do don't did didn't can can't cannot could couldn't will won't would wouldn't should shouldn't must
  might may not no never still also already`.split(/\s+/),
);

/**
 * Words that name no particular thing ("one of the things", "something to clean with") or that
 * say which or how many, so a phrase of only these is never missing.
 */
const GENERAL_WORDS = new Set(
  `one ones thing things item items stuff something anything everything nothing someone somewhere place
  places location locations spot spots position positions area areas
  way kind sort lot lots bit little piece rest other others same whole right wrong correct appropriate best
  next last first second third new old other own it them me him her us you one's`.split(/\s+/),
);
