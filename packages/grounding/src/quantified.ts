/**
 * Requests over several things ("wash all the dishes on the lunch table", "locate all 6 t-shirts",
 * "place all items in their correct locations"): the words that say so. Which things they are is
 * grounded in the scene graph (see set-goals.ts).
 */

/** A quantified noun phrase: how many were asked for (if said), its words, and where they are (if said). */
export type Quantified = { count?: number; noun: string; place?: string };

const NUMBERS = new Map(
  'two three four five six seven eight nine ten eleven twelve'.split(' ').map((word, i) => [word, i + 2]),
);

const QUANTIFIERS = new Set(['all', 'every', 'each', 'both']);
/** Quantifiers that are their own noun: "everything in the fridge" is all the things in it. */
const WHOLE = new Set(['everything']);
const SKIPPED = new Set('of the my our his her their these those'.split(' '));
/** Words that end a noun phrase; the first four open where its things are. */
const LOCATING = new Set('on in inside from'.split(' '));
const ENDS = new Set([...LOCATING, ...'at to into onto over with for that which who given and'.split(' ')]);

/** Nouns that name no kind of thing: "all items" are whatever the request is about. */
const GENERIC = new Set('items things objects stuff everything contents'.split(' '));

/**
 * The clause's quantified noun phrase: "all", "every", "each" or "both", or a number from two on,
 * then the noun phrase up to a preposition; the place after its "on", "in", "inside" or "from", up
 * to the next preposition.
 * "Wash all the dishes on the lunch table" -> { noun: "dishes", place: "the lunch table" }.
 */
export function quantifiedPhrase(clause: string): Quantified | undefined {
  const words = plainWords(clause);
  const at = words.findIndex(
    (word, i) => i > 0 && (QUANTIFIERS.has(word) || WHOLE.has(word) || count(word) !== undefined),
  );
  if (at < 0) return undefined;
  // "Everything in the fridge": only with where the things are ("so everything can dry" is a subject).
  if (WHOLE.has(words[at]!))
    return LOCATING.has(words[at + 1] ?? '') ? placed(words, at + 1, { noun: words[at]! }) : undefined;
  let i = at;
  let asked = count(words[i]!);
  if (words[i] === 'both') asked = 2;
  i++;
  while (i < words.length && (SKIPPED.has(words[i]!) || count(words[i]!) !== undefined)) {
    asked ??= count(words[i]!);
    i++;
  }
  const start = i;
  while (i < words.length && !ENDS.has(words[i]!)) i++;
  const noun = words.slice(start, i).join(' ');
  // A number alone quantifies only a plural ("2 apples"), not "a single bottle" or "meeting room 1".
  if (noun.length === 0 || (!QUANTIFIERS.has(words[at]!) && !/s\b/.test(noun))) return undefined;
  return placed(words, i, { noun, ...(asked !== undefined ? { count: asked } : {}) });
}

/** The quantified phrase with where its things are: the words after the "on", "in", "inside" or "from" at `i`. */
function placed(words: readonly string[], i: number, quantified: Quantified): Quantified {
  let end = i + 1;
  while (end < words.length && !ENDS.has(words[end]!)) end++;
  const place = i < words.length && LOCATING.has(words[i]!) ? words.slice(i + 1, end).join(' ') : undefined;
  return { ...quantified, ...(place ? { place } : {}) };
}

/** Whether a quantified phrase names no kind of thing ("all items", "everything"). */
export function isGeneric(quantified: Quantified): boolean {
  const words = quantified.noun.split(' ');
  return words.length === 0 || GENERIC.has(words.at(-1)!);
}

/** A phrase's words as the word rules read them: lower case, without punctuation. */
export function plainWords(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .replace(/[.!?,;:]/g, '')
    .split(/\s+/)
    .filter(Boolean);
}

function count(word: string): number | undefined {
  if (/^\d+$/.test(word)) {
    const n = Number(word);
    return n >= 2 ? n : undefined;
  }
  return NUMBERS.get(word);
}

/** Words that ask for the place that fits each thing ("the correct bin", "their proper places"). */
const FITTING = /\b(?:correct|right|proper|appropriate|matching)\b/i;

/** Whether a destination asks for the place that fits each thing rather than one named place. */
export function asksForFit(place: string): boolean {
  return FITTING.test(place);
}

/** Nouns that name no kind of place: "their correct locations" fit among every place that can take them. */
const GENERIC_PLACES = new Set('location locations place places spot spots home homes'.split(' '));

/** The kind of place a fitting destination names ("the correct bin" -> "bin"), or undefined for any place. */
export function placeKind(place: string): string | undefined {
  const head = plainWords(place).at(-1);
  if (head === undefined || GENERIC_PLACES.has(head)) return undefined;
  return head.replace(/s$/, '');
}
