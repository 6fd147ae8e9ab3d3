import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

// Byte-pair encoding merges within one pre-token, and its cost grows with the square of the
// pre-token's length: one unbroken 100 kB word took 5 s, 400 kB 93 s. o200k's pre-tokenizer keeps
// a run of letters, of punctuation or of white space together (digits go three at a time), so a
// run of one of those classes longer than PIECE characters is counted PIECE characters at a time.
// Everything else, compact JSON included (its letters and punctuation alternate), is counted
// exactly; a long run may differ from the exact count by about one token per cut.
const PIECE = 256;
const LONG_RUN = new RegExp(
  `[\\p{L}\\p{M}]{${PIECE + 1},}|[^\\s\\p{L}\\p{N}]{${PIECE + 1},}|\\s{${PIECE + 1},}`,
  'gu',
);

/** Tokens in a text under OpenAI's o200k_base encoding (GPT-4o and later); offline, no network. */
export function countTokens(text: string): number {
  let total = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    if (run.index > from) total += countO200k(text.slice(from, run.index));
    const end = run.index + run[0].length;
    for (let start = run.index; start < end; ) {
      let cut = Math.min(start + PIECE, end);
      if (cut < end && isLowSurrogate(text.charCodeAt(cut))) cut--; // never split a character in two
      total += countO200k(text.slice(start, cut));
      start = cut;
    }
    from = end;
  }
  return from === 0 ? countO200k(text) : total + (from < text.length ? countO200k(text.slice(from)) : 0);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
