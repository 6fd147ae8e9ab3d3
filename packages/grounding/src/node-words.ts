import type { SceneGraph } from '@groundplan/scene-graph';
import { stem } from './building-words.js';

/**
 * A node's naming words, stemmed: its id's words, its attributes' text values (not those that
 * name someone else: owner, for, sender) and the names of its flags that hold ("alcoholic": true).
 * The name of a valued attribute says what the value is, not what the node is: "colour": "red"
 * makes the node red, not a colour ("the kids like to colour in" names nothing), and "leaves":
 * "spiky" is no reason for "leave them there" to name the plant (attributeNames).
 */
export function nodeWords(graph: SceneGraph, id: string): string[] {
  const attributes = (graph.getNodeAttribute(id, 'attributes') ?? {}) as Record<string, unknown>;
  const texts = [
    id,
    // A flag names the node only when it holds: "alcoholic": false is no alcohol.
    ...Object.entries(attributes).flatMap(([key, value]) => (value === true ? [key] : [])),
    ...Object.entries(attributes).flatMap(([key, value]) =>
      typeof value === 'string' && !OTHERS.has(key) ? [value] : [],
    ),
  ];
  return texts.flatMap((text) => {
    const lower = text.toLowerCase();
    // A code of letters and digits is also one word: "K31X" is k31x as well as k and x.
    return [...(lower.match(/[a-z]+/g) ?? []).map(stem), ...(lower.match(CODE) ?? [])];
  });
}

/** A code: letters, digits, then a letter ("k31x", "j64m"); not a numbered name ("tv0", "apple_4"). */
const CODE = /[a-z]+[0-9]+[a-z][a-z0-9]*/g;

/** Attributes whose values name someone or something else than the node. */
const OTHERS = new Set(['owner', 'occupant', 'for', 'sender', 'note', 'shows']);

/** The names of a node's valued attributes, stemmed ("colour", "leaves"): words that describe it, never name it. */
export function attributeNames(graph: SceneGraph, id: string): string[] {
  const attributes = (graph.getNodeAttribute(id, 'attributes') ?? {}) as Record<string, unknown>;
  return Object.entries(attributes).flatMap(([key, value]) =>
    typeof value === 'boolean' ? [] : (key.toLowerCase().match(/[a-z]+/g) ?? []).map(stem),
  );
}

/** A thing's name: its id without a trailing number, in words ("book_2" -> "book"). */
export function nameOf(id: string): string {
  return id
    .toLowerCase()
    .replace(/[_-]?\d+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
}

/** The last word of a thing's name, what it is (English compounds are head-last): "bookshelf_2" -> bookshelf, "filipes_notebook" -> notebook. */
export function nameHead(id: string): string {
  return nameOf(id).split(' ').at(-1)!;
}
