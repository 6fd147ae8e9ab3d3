// The long fuzz run over model answers: `pnpm --filter @groundplan/llm fuzz -- --count 10000
// [--seed N] [--out reports/fuzz-model-answers.json]`. HTTP answers of an OpenAI-compatible
// endpoint go through the real openai client, the provider (every structured-output mode) and
// the search, plan and grounded-choice contracts of the office scene (src/fuzz). It prints its
// seed first; case i is sample i of fast-check with seed + i, so any case replays alone.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSceneFile } from '@groundplan/scene-graph';
import fc from 'fast-check';
import { type AnswerVerdict, checkModelAnswer } from '../src/fuzz/check-model-answer.js';
import { modelAnswerCase, officeContext } from '../src/fuzz/model-answers.js';

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
console.log(`fuzz-model-answers: seed ${seed}, ${count} answers`);

const office = await loadSceneFile(fileURLToPath(new URL('../../../datasets/office.json', import.meta.url)));
if (!office.ok) throw new Error('datasets/office.json does not load');
const context = officeContext(office.value);
const cases = modelAnswerCase(context);
const HANG_MS = 1000;

const verdicts: Record<AnswerVerdict | 'hang', number> = {
  accepted: 0,
  refused: 0,
  crash: 0,
  'bad-message': 0,
  'accepted-invalid': 0,
  hang: 0,
};
const byContract: Record<string, { accepted: number; refused: number }> = {};
const failures: { caseSeed: number; verdict: string; ms: number; detail?: string; answer: string }[] = [];
let maxMs = 0;
const started = performance.now();
for (let i = 0; i < count; i++) {
  const caseSeed = seed + i;
  const [answer] = fc.sample(cases, { numRuns: 1, seed: caseSeed });
  if (!answer) throw new Error('fast-check gave no sample');
  const t0 = performance.now();
  const outcome = await checkModelAnswer(answer, context);
  const ms = performance.now() - t0;
  verdicts[outcome.verdict]++;
  if (outcome.verdict === 'accepted' || outcome.verdict === 'refused') {
    const tally = byContract[answer.contract] ?? { accepted: 0, refused: 0 };
    tally[outcome.verdict]++;
    byContract[answer.contract] = tally;
  }
  maxMs = Math.max(maxMs, ms);
  const hang = ms > HANG_MS;
  if (hang) verdicts.hang++;
  if (hang || (outcome.verdict !== 'accepted' && outcome.verdict !== 'refused')) {
    const failure = {
      caseSeed,
      verdict: hang ? `hang (${outcome.verdict})` : outcome.verdict,
      ms,
      ...(outcome.detail ? { detail: outcome.detail } : {}),
      answer: `${answer.contract} ${answer.mode} ${answer.status} ${answer.body.slice(0, 300)}`,
    };
    failures.push(failure);
    if (failures.length <= 20) console.log(JSON.stringify(failure));
  }
  if ((i + 1) % 1000 === 0) console.log(`${i + 1}/${count}: ${JSON.stringify(verdicts)}`);
}

const result = {
  what: 'HTTP answers of an OpenAI-compatible endpoint (valid answers, mutated fields, prototype names, huge strings, JSON in prose, fences, cut, doubled, deep nesting; broken bodies, statuses) through the openai client, openAiCompatibleProvider in json_schema, json_object and prompt modes, askStructured, and the semantic-search (collapsed and expanded office views), plan and grounded choice/goals contracts; accepted values checked by hand',
  seed,
  count,
  verdicts,
  acceptedAndRefusedByContract: byContract,
  hangThresholdMs: HANG_MS,
  maxMsPerCase: Math.round(maxMs * 10) / 10,
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
  const target = fileURLToPath(new URL(`../../../${values.out}`, import.meta.url));
  await writeFile(target, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${target}`);
}
process.exit(failures.length === 0 ? 0 : 1);
