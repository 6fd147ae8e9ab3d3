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
const ENDS = new Set([
  ...LOCATING,
  ...'at to into onto over across with for that which who given and'.split(' '),
]);

/** Pronouns a quantifier may follow: "them all", "these both". */
const POINTING_BACK = new Set('them they these those us you'.split(' '));

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
  const all = allThere(words);
  if (all !== undefined) return all;
  const at = words.findIndex(
    (word, i) => i > 0 && (QUANTIFIERS.has(word) || WHOLE.has(word) || count(word) !== undefined),
  );
  if (at < 0) return undefined;
  // "Take them all down there": a quantifier after a pronoun says how many of the things it points
  // back to, and what follows is no noun.
  if (POINTING_BACK.has(words[at - 1]!) && QUANTIFIERS.has(words[at]!)) return undefined;
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

/**
 * Everything on a place, said without a quantifier: "the things on the shelf in bathroom 2", "what's
 * on the old shelf", "everything that's on its coffee table", and a surface cleared onto another
 * ("clear Niko's desk onto the kitchen bench", "clear the games off the table ... onto the shelf":
 * the games there).
 */
function allThere(words: readonly string[]): Quantified | undefined {
  for (const [i, word] of words.entries()) {
    const next = words[i + 1] ?? '';
    // "the things on", "his stuff in": a general noun after a determiner, then where.
    if (
      GENERIC.has(word) &&
      word !== 'everything' &&
      DETERMINER.test(words[i - 1] ?? '') &&
      LOCATING.has(next)
    )
      return placed(words, i + 1, { noun: word });
    // "what's on", "what is on", "everything that's in".
    const what = word === "what's" || word === 'what' ? 1 : word === 'everything' ? 2 : 0;
    const is =
      what === 1
        ? word === "what's"
          ? 0
          : next === 'is'
            ? 1
            : -1
        : what === 2 && next === "that's"
          ? 1
          : -1;
    if (what > 0 && is >= 0 && LOCATING.has(words[i + 1 + is] ?? ''))
      return placed(words, i + 1 + is, { noun: 'everything' });
  }
  // "Clear the kitchen counter onto the table": the place cleared is where the things are.
  const verb = words.indexOf('clear');
  if (verb < 0 || !(verb === 0 || /^(?:you|please|just)$/.test(words[verb - 1]!))) return undefined;
  const to = words.findIndex((word, i) => i > verb && CLEARED_TO.has(word));
  if (to < 0) return undefined;
  const object = words.slice(verb + 1, to);
  const off = object.findIndex((word) => word === 'off' || word === 'from');
  if (off > 0) {
    const noun = object.slice(0, off).filter((word) => !SKIPPED.has(word));
    return noun.length > 0 ? { noun: noun.join(' '), place: object.slice(off + 1).join(' ') } : undefined;
  }
  // A surface is one thing: "clear the plates into the sink" clears no place.
  const head = object.at(-1) ?? '';
  return object.length > 0 && !/[^s]s$/.test(head)
    ? { noun: 'everything', place: object.join(' ') }
    : undefined;
}

/** Words before a general noun that make it a phrase of its own: "the things", "his stuff". */
const DETERMINER = /^(?:the|his|her|their|my|our|your|its|all)$/;
/** Where a cleared place's things go: "onto", "into", "to", "across to". */
const CLEARED_TO = new Set(['onto', 'into', 'to', 'across', 'over']);

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
