import { datasetScene } from '@groundplan/scene-graph/test-support';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonInAnswer } from '../structured-output.js';
import { checkModelAnswer } from './check-model-answer.js';
import { type AnswerContext, type ModelAnswerCase, modelAnswerCase, officeContext } from './model-answers.js';

// CI runs a fixed seed; GROUNDPLAN_FUZZ_SEED replays one found by scripts/fuzz-model-answers.ts.
const seed = Number(process.env.GROUNDPLAN_FUZZ_SEED ?? 20261124);
const HANG_MS = 1000;

let context: AnswerContext;
beforeAll(async () => {
  const office = await datasetScene('office');
  context = officeContext(office);
});

/** A case must be accepted and sound, or refused with a message, within a second. */
async function expectSound(c: ModelAnswerCase) {
  const started = performance.now();
  const outcome = await checkModelAnswer(c, context);
  const ms = performance.now() - started;
  const shown = `${c.contract} ${c.mode} ${c.status} ${c.body.slice(0, 200)}`;
  expect(['accepted', 'refused'], `${shown}\n${outcome.detail}`).toContain(outcome.verdict);
  expect(ms, shown).toBeLessThan(HANG_MS);
}

describe('model answers through every contract and provider parser', () => {
  it('accepts only answers within the contract and refuses the rest with a message, never throwing', async () => {
    await fc.assert(fc.asyncProperty(modelAnswerCase(context), expectSound), { seed, numRuns: 400 });
  });

  it('regressions', async () => {
    const completion = (content: string) =>
      JSON.stringify({
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      });
    const cases: ModelAnswerCase[] = [
      // An own __proto__ key from JSON.parse must not turn into an accepted answer with an extra key.
      {
        contract: 'choice',
        mode: 'json_schema',
        status: 200,
        body: completion('{"__proto__":{"x":1},"choice":"expand kitchen"}'),
      },
      { contract: 'plan', mode: 'json_schema', status: 200, body: JSON.stringify({ choices: [] }) },
      // Found by the long run (seed 1630463442, case 1630466576): an empty body gave the provider no object.
      { contract: 'choice', mode: 'prompt', status: 200, body: '' },
      // Found by this suite: a non-string content crashed token counting; a message-less choice threw.
      { contract: 'plan', mode: 'prompt', status: 200, body: '{"choices":[{"message":{"content":42}}]}' },
      { contract: 'choice', mode: 'json_object', status: 200, body: '{"choices":[{"index":0}]}' },
      // Token counts that are not counts: counted locally instead.
      {
        contract: 'choice',
        mode: 'json_schema',
        status: 200,
        body: JSON.stringify({
          choices: [{ message: { content: '{"choice":"expand kitchen"}' } }],
          usage: { prompt_tokens: 'many', completion_tokens: -3 },
        }),
      },
    ];
    for (const c of cases) await expectSound(c);
  });

  it('finds JSON in free text quickly whatever surrounds it', () => {
    for (const noise of [
      '`'.repeat(100_000),
      '```'.repeat(30_000),
      '{'.repeat(100_000),
      `${'```json\n'.repeat(20_000)}`,
    ]) {
      const started = performance.now();
      expect(() => jsonInAnswer(`${noise}{"a":1}`)).not.toThrow(RangeError);
      expect(performance.now() - started).toBeLessThan(HANG_MS);
    }
  });
});
