/**
 * Words that open a noun phrase: articles, possessive pronouns, quantifiers, a name's possessive
 * (not a pronoun's 's, which is "is" or "has": "so it's easier", "that's all").
 */
const OPENER = `(?:the|a|an|some|any|my|his|her|their|our|your|its|this|that|these|those|every|each|all|(?!(?:it|that|there|here|what|who|where|he|she|let|how|when|why|whatever|whoever|wherever|everything|something|anything|nothing|everyone|someone|anyone|everybody|somebody|anybody|nobody)['’]s\\b)[a-z]+['’]s)`;
/** Whether a word opens a noun phrase: "the", "his", "Peter's"; not "it's". */
export function opensNounPhrase(word: string): boolean {
  return new RegExp(`^${OPENER}$`, 'i').test(word);
}

/** Articles, possessive pronouns and demonstratives: words that say which, not what ("the", "our", "those", "any"). */
export const DETERMINERS: ReadonlySet<string> = new Set(
  'the a an some any my his her their our your its this that these those'.split(' '),
);

/** A determiner opening a phrase after "her": "her the scissors" -> "scissors". */
const DETERMINER_FIRST = new RegExp(String.raw`^(?:${[...DETERMINERS].join('|')})\s+`);

/**
 * Words that end one: prepositions, conjunctions, a verb's particles and the adverbs of where
 * ("carry the mash down from the table", "the cushion upstairs too"), and the end of a clause.
 */
const CLOSING_WORDS =
  `on in into onto to from at with of for by near next under inside behind and or then that which who
  so because where if down up out off over back away around downstairs upstairs outside too`.split(/\s+/);
const CLOSER = String.raw`(?=\s+(?:${CLOSING_WORDS.join('|')})\b|[,.;:!?]|$)`;

/** A noun phrase of a text: its words after the opener, and the word it follows ("on", "for"). */
export type NounPhrase = { phrase: string; follows: string };

/**
 * The noun phrases of a text: the words after an opener up to the next closer. A phrase followed
 * by "of" names what holds or measures the thing, and the thing is after "of": "the tin of beans"
 * -> beans, "a pair of scissors" -> scissors, "the edge of the bath" -> bath.
 */
export function nounPhraseSpans(text: string): NounPhrase[] {
  const lower = text.toLowerCase();
  const pattern = new RegExp(String.raw`\b${OPENER}\s+([a-z][a-z' -]*?)${CLOSER}`, 'gi');
  const phrases: NounPhrase[] = [];
  for (const match of lower.matchAll(pattern)) {
    let phrase = tidy(match[1]!);
    // "Bring her the scissors": this "her" says whom (the only opener that may be an object), and
    // the thing's phrase opens after it.
    if (/^her\s/i.test(match[0])) phrase = phrase.replace(DETERMINER_FIRST, '');
    // "the apple that isn't in the kitchen": after "that" or "which", a verb opens a clause, not a thing.
    if (CLAUSE_OPENERS.has(phrase.split(' ')[0]!)) continue;
    // "take them all down there", "leave it like that for her": a word that ends a phrase opens none.
    if (NO_THING_FIRST.has(phrase.split(' ')[0]!)) continue;
    // "Warm it up a little", "wait a moment": how much or how long, no thing.
    if (/^an?\s/.test(match[0]) && MEASURES.has(phrase)) continue;
    const rest = lower.slice(match.index + match[0].length);
    const of = new RegExp(String.raw`^\s+of\s+(?:${OPENER}\s+)?([a-z][a-z' -]*?)${CLOSER}`, 'i').exec(rest);
    // Not "out of there" or "a stash of them": a place or a pronoun after "of" names no thing.
    if (of !== null && !/(?:^| )(?:out|off)$/.test(phrase) && !/^(?:there|here|it|them)$/.test(tidy(of[1]!)))
      phrase = tidy(of[1]!);
    const follows = lower.slice(0, match.index).match(/([a-z]+)\s*$/)?.[1] ?? '';
    if (phrase.length > 0) phrases.push({ phrase, follows });
  }
  return phrases;
}

/** The noun phrases of a text, as words ("Put the teddy bear on the bed" -> teddy bear, bed). */
export function nounPhrases(text: string): string[] {
  return nounPhraseSpans(text).map((span) => span.phrase);
}

function tidy(phrase: string): string {
  return phrase.trim().replace(/\s+/g, ' ');
}

/**
 * Words that end a phrase, and "there" and "here": a phrase that starts with one names no thing.
 * Not those that also describe a thing ("the upstairs fridge", "the back door", "the next one").
 */
const DESCRIBING = new Set(['downstairs', 'upstairs', 'outside', 'inside', 'back', 'next']);
const NO_THING_FIRST = new Set([...CLOSING_WORDS.filter((word) => !DESCRIBING.has(word)), 'there', 'here']);

/** Verbs, auxiliaries and negations: a phrase that starts with one is a clause ("that isn't in..."). */
const CLAUSE_OPENERS = new Set(
  `is isn't are aren't was wasn't were weren't be been has hasn't have haven't had hadn't does doesn't
  do don't did didn't can can't cannot could couldn't will won't would wouldn't should shouldn't must
  might may not no never still also already`.split(/\s+/),
);

/** What "a" opens when it says how much or how long: "a little", "a bit", "a lot", "a moment". */
const MEASURES = new Set(['little', 'bit', 'lot', 'while', 'moment', 'second', 'minute', 'sec', 'tad']);
