// The long fuzz run over scene files: `pnpm --filter @groundplan/scene-graph fuzz -- --count 10000
// [--seed N] [--out bench-results/fuzz-scenes.json]`. Mutants of datasets/office.json and home.json
// go through loading, validation, the views, rendering and token counting (src/fuzz). It prints
// its seed first; case i is sample i of fast-check with seed + i, so any case replays alone.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { checkSceneText, type MutantVerdict } from '../src/fuzz/check-scene-mutant.js';
import { describeMutant, mutantText, sceneMutant } from '../src/fuzz/scene-mutants.js';

const { values } = parseArgs({
  // `pnpm fuzz -- --count N` passes the `--` on.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    count: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    out: { type: 'string' },
  },
});
const count = Number(values.count);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error('groundplan: --count and --seed take whole numbers (--count at least 1)');
  process.exit(1);
}
console.log(`fuzz-scenes: seed ${seed}, ${count} mutants`);

const datasets = new URL('../../../datasets/', import.meta.url);
const bases = new Map<string, object>(
  ['office', 'home'].map((name) => [
    name,
    JSON.parse(readFileSync(new URL(`${name}.json`, datasets), 'utf8')),
  ]),
);
const HANG_MS = 1000;

const verdicts: Record<MutantVerdict | 'hang', number> = {
  accepted: 0,
  refused: 0,
  crash: 0,
  'bad-message': 0,
  'accepted-invalid': 0,
  hang: 0,
};
const failures: { caseSeed: number; verdict: string; ms: number; detail?: string; mutant: string }[] = [];
let maxMs = 0;
let slowest = '';
const started = performance.now();
for (let i = 0; i < count; i++) {
  const caseSeed = seed + i;
  const [mutant] = fc.sample(sceneMutant([...bases.keys()]), { numRuns: 1, seed: caseSeed });
  if (!mutant) throw new Error('fast-check gave no sample');
  const text = mutantText(mutant, bases);
  const t0 = performance.now();
  const outcome = checkSceneText(text);
  const ms = performance.now() - t0;
  verdicts[outcome.verdict]++;
  if (ms > maxMs) {
    maxMs = ms;
    slowest = describeMutant(mutant);
  }
  const hang = ms > HANG_MS;
  if (hang) verdicts.hang++;
  if (hang || (outcome.verdict !== 'accepted' && outcome.verdict !== 'refused')) {
    const failure = {
      caseSeed,
      verdict: hang ? `hang (${outcome.verdict})` : outcome.verdict,
      ms,
      detail: outcome.detail,
      mutant: describeMutant(mutant),
    };
    failures.push(failure);
    if (failures.length <= 20) console.log(JSON.stringify(failure));
  }
  if ((i + 1) % 1000 === 0) console.log(`${i + 1}/${count}: ${JSON.stringify(verdicts)}`);
}

const result = {
  what: 'structure-aware mutants of datasets/office.json and home.json through parseJsonText, parseScene, the full checker, the canonical round trip, collapse/expand/contract, renderView/renderFullScene and countTokens',
  seed,
  count,
  verdicts,
  hangThresholdMs: HANG_MS,
  maxMsPerCase: Math.round(maxMs * 10) / 10,
  slowestCase: slowest,
  totalSeconds: Math.round((performance.now() - started) / 100) / 10,
  failures: failures.slice(0, 50),
  node: process.version,
  loadAverageAtEnd: loadavg().map((load) => Math.round(load * 100) / 100), // per-case times depend on it
  date: new Date().toISOString(),
  // The code the run measured (a dirty tree is marked: its figures are not of that commit alone).
  commit: execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8' }).trim(),
};
console.log(
  JSON.stringify({ verdicts, maxMsPerCase: result.maxMsPerCase, totalSeconds: result.totalSeconds }),
);
if (values.out) {
  const target = fileURLToPath(new URL(`../${values.out}`, import.meta.url));
  await writeFile(target, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${target}`);
}
process.exit(failures.length === 0 ? 0 : 1);
