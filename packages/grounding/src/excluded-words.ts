import type { SceneGraph } from '@groundplan/scene-graph';
import { stem } from './building-words.js';
import { isAdverb } from './lexicon.js';
import { nodeWords } from './node-words.js';
import { thingsNotThere } from './things-in-rooms.js';

/**
 * The things an instruction says to leave out, by its words: "everything except the chess",
 * "anything but the milk", "all except the dresses", "apart from the ones in the kitchen", "don't
 * move the laptop", and a clause of its own that opens with "not" ("... - not the mash, though"). The phrase ends at punctuation or at a word that starts a new part ("and",
 * "that", a preposition). A phrase whose last word names nothing in particular ("the one on
 * Niko's desk", "his stuff") excludes nothing here.
 */
export function excludedPhrases(instruction: string): string[] {
  const phrases: string[] = [];
  for (const match of instruction.toLowerCase().matchAll(EXCLUDING)) {
    // "not the brown banana though": an adverb after the thing is no part of its name.
    const words = match[1]!.trim().split(/\s+/);
    while (words.length > 1 && isAdverb(words.at(-1)!)) words.pop();
    const phrase = words.join(' ');
    if (phrase.length > 0) phrases.push(phrase);
  }
  return phrases;
}

/**
 * The assets and objects whose names share the last word of an excluded phrase ("the rice" -> rice),
 * and those a negated relative clause places where the request does not mean (thingsNotThere).
 */
export function excludedByWords(graph: SceneGraph, instruction: string): Set<string> {
  const heads = excludedPhrases(instruction)
    .map((phrase) => phrase.split(/\s+/).at(-1)!)
    .filter((word) => !GENERAL.has(word))
    .map(stem);
  // "the apple that isn't in the kitchen" leaves out the apples in the kitchen.
  const excluded = thingsNotThere(graph, instruction);
  if (heads.length === 0) return excluded;
  graph.forEachNode((id, attributes) => {
    if (attributes.kind !== 'asset' && attributes.kind !== 'object') return;
    if (nodeWords(graph, id).some((word) => heads.includes(word))) excluded.add(id);
  });
  return excluded;
}

const OPENERS = String.raw`(?:(?:^|(?<=[,.;:!?–—-]\s*))not|except(?:\s+for)?|apart\s+from|other\s+than|aside\s+from|(?:anything|everything|all)\s+but|but\s+not|(?:do\s+not|don't|never)\s+(?:touch|move|take|use|throw\s+out|throw\s+away|bring)(?:\s+any\s+of)?)`;
const DETERMINER = String.raw`(?:(?:the|a|an|any|his|her|their|my|our|your)\s+)?`;
const EXCLUDING = new RegExp(
  String.raw`\b${OPENERS}\s+${DETERMINER}([a-z][a-z -]*?)(?=\s*(?:[,.;:!?]|\s-\s|$)|\s+(?:and|or|that|which|who|on|in|at|from|to|into|onto|is|are|was|were|please)\b)`,
  'g',
);

/** Last words that name no particular thing. */
const GENERAL = new Set([
  'one',
  'ones',
  'thing',
  'things',
  'stuff',
  'item',
  'items',
  'it',
  'them',
  'rest',
  'others',
]);
