// Token counting on one unbroken word, the input that was quadratic (issue 13: 100 kB 5.3 s,
// 200 kB 21 s, 400 kB 93 s): `tsx bench/count-tokens.bench.ts [--exact-up-to 100]`. countTokens
// is timed at 100, 200 and 400 kB; the exact single-pass count (what countTokens did before) only
// up to --exact-up-to kB, because above that it takes minutes. Writes bench-results/count-tokens.json.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { countTokens as exactO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { mulberry32 } from '../src/generate/prng.js';
import { countTokens } from '../src/tokens/count-tokens.js';

const { values } = parseArgs({ options: { 'exact-up-to': { type: 'string', default: '100' } } });
const exactUpTo = Number(values['exact-up-to']);

function word(kind: string, length: number): string {
  if (kind === 'one letter') return 'a'.repeat(length);
  if (kind === 'spaces') return ' '.repeat(length);
  if (kind === 'punctuation') return '!'.repeat(length);
  const random = mulberry32(7);
  const letters: string[] = [];
  for (let i = 0; i < length; i++) letters.push(String.fromCharCode(97 + Math.floor(random() * 26)));
  return letters.join('');
}

function timed(count: (text: string) => number, text: string): { tokens: number; seconds: number } {
  const start = performance.now();
  const tokens = count(text);
  return { tokens, seconds: Math.round((performance.now() - start) / 10) / 100 };
}

const rows = [];
for (const kilobytes of [100, 200, 400])
  for (const kind of ['one letter', 'random letters', 'spaces', 'punctuation']) {
    const text = word(kind, kilobytes * 1000);
    const row = {
      kilobytes,
      kind,
      countTokens: timed(countTokens, text),
      ...(kilobytes <= exactUpTo ? { exactSinglePass: timed(exactO200k, text) } : {}),
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }

const target = fileURLToPath(new URL('../bench-results/count-tokens.json', import.meta.url));
await writeFile(
  target,
  `${JSON.stringify({ node: process.version, date: new Date().toISOString(), exactUpToKilobytes: exactUpTo, rows }, null, 2)}\n`,
);
console.log(`wrote ${target}`);
