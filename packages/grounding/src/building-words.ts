import { nodeTexts } from '@groundplan/retrieval';
import type { SceneGraph } from '@groundplan/scene-graph';
import { isAdjectiveOnly, isOnlyNoun, otherNames } from './lexicon.js';
import { opensNounPhrase } from './noun-phrases.js';

/**
 * The building's words: every word of its nodes' texts (ids, kinds, places, attributes, states,
 * affordances), and the name by which it knows a word a person says another way ("the telly" is
 * its tv, "the lasagne" its lasagna).
 */

/** Whether the building knows a word, as it is or under another name WordNet gives it. */
export function isBuildingWord(scene: SceneGraph, word: string): boolean {
  return buildingName(scene, word) !== undefined;
}

/** The word itself when the building knows it, else the first other name of it the building knows. */
export function buildingName(scene: SceneGraph, word: string): string | undefined {
  const known = vocabulary(scene);
  const lower = word.toLowerCase();
  if (known.has(stem(lower))) return lower;
  return otherNames(lower).find((name) => known.has(stem(name)));
}

/**
 * A text with each word the building does not know, but knows under another name, said by that
 * name: "Put the telly on in the lounge" -> "Put the tv on in the lounge". Only a word that opens a
 * noun phrase (right after a determiner or a possessive, or after one adjective after one: "the hot
 * veggie dish"), that English uses as a noun alone and that starts lower-case is renamed: "the
 * milk might as well" keeps its "might", and "can you" and "Will's desk" stay; a word that
 * begins a longer word of the building is its short form ("the ag lab" is no silver lab).
 */
export function inBuildingWords(scene: SceneGraph, text: string): string {
  const known = vocabulary(scene);
  const words: string[] = [];
  return text.replace(/[A-Za-z][A-Za-z'’]*/g, (word) => {
    const [before, first] = [words.at(-1) ?? '', words.at(-2) ?? ''];
    words.push(word.toLowerCase());
    const opens = opensNounPhrase(before) || (opensNounPhrase(first) && isAdjectiveOnly(before));
    if (!opens || !/^[a-z]{2,}$/.test(word) || known.has(stem(word)) || !isOnlyNoun(word)) return word;
    // "The ag lab": a word that begins one of the building's words is its short form, not silver.
    if (shortens(known, word.toLowerCase())) return word;
    return buildingName(scene, word) ?? word;
  });
}

/** Whether a word begins a longer word the building knows ("ag": agriculture). */
function shortens(known: ReadonlySet<string>, word: string): boolean {
  for (const name of known) if (name.length > word.length && name.startsWith(word)) return true;
  return false;
}

/**
 * Every word of every node's text, stemmed, and a participle's verb too ("mashed_potatoes": mash,
 * "roasted_vegetables": roast), cached per scene graph.
 */
const vocabularies = new WeakMap<SceneGraph, Set<string>>();
function vocabulary(scene: SceneGraph): Set<string> {
  let words = vocabularies.get(scene);
  if (words === undefined) {
    words = new Set(
      nodeTexts(scene)
        .flatMap((node) => (node.text.toLowerCase().match(/[a-z]+/g) ?? []).map(stem))
        .flatMap((word) =>
          word.length > 5 && /(?:ed|ing)$/.test(word) ? [word, word.replace(/(?:ed|ing)$/, '')] : [word],
        ),
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
