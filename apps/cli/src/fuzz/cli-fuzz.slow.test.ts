import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';
import { runInProcess } from '../test-support/run-in-process.js';
import { cliArguments, cliEnvironment } from './cli-arguments.js';

const office = new URL('../../../../datasets/office.json', import.meta.url).pathname;
// CI runs a fixed seed; GROUNDPLAN_FUZZ_SEED replays a failure found elsewhere.
const seed = Number(process.env.GROUNDPLAN_FUZZ_SEED ?? 20261124);
// The connect timeout (5 s) and a loaded machine's slack; anything longer hangs.
const HANG_MS = 15_000;

/** What a command line may end in: exit 0, or exit 1 with one `groundplan:` line and no stack trace. */
function expectCleanEnd(args: string[], run: { code: number; stderr: string }) {
  const lines = run.stderr.split('\n').filter((line) => line !== '');
  const shown = JSON.stringify(args).slice(0, 300);
  if (run.code === 0) return;
  expect(run.code, shown).toBe(1);
  expect(lines, `${shown}\n${run.stderr}`).toHaveLength(1);
  expect(lines[0], shown).toMatch(/^groundplan: /);
  expect(lines[0], shown).not.toMatch(/unexpected error|\bat .+:\d+:\d+/);
}

describe('the CLI on random command lines and settings', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-cli-fuzz-`);
  const text = readFileSync(office, 'utf8');
  writeFileSync(`${dir}/truncated.json`, text.slice(0, 5000));
  writeFileSync(`${dir}/bom.json`, `\ufeff${text}`);
  mkdirSync(`${dir}/a-folder`);
  const files = {
    inputs: [office, `${dir}/truncated.json`, `${dir}/bom.json`, `${dir}/missing.json`, `${dir}/a-folder`],
    outputs: [`${dir}/out.json`, `${dir}/a-folder`, `${dir}/no-such-folder/out.json`],
  };
  // Nothing may reach a real server: a closed port, a scene store of its own.
  const baseEnv = {
    TEMPORAL_ADDRESS: '127.0.0.1:1',
    GROUNDPLAN_DATA_DIR: `${dir}/data`,
    GROUNDPLAN_SCENE_STORE: `${dir}/scenes`,
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const inProcess = (args: string[], env: Record<string, string>) =>
    runInProcess(args, { ...env, ...baseEnv });

  it('ends every command line with exit 0 or one groundplan: line and exit 1, none hanging', async () => {
    // A command that gets as far as Temporal waits out the 5 s connect timeout on the closed
    // port, so the cases run 500 at a time (each run's output is its own, see runInProcess).
    const cases = fc.sample(fc.tuple(cliArguments(files), cliEnvironment()), { seed, numRuns: 1000 });
    const outcomes: string[] = [];
    for (let start = 0; start < cases.length; start += 500) {
      await Promise.all(
        cases.slice(start, start + 500).map(async ([args, env]) => {
          const started = performance.now();
          const run = await inProcess(args, env);
          outcomes.push(
            run.code === 0
              ? 'exit 0'
              : (run.stderr.split(/[:;(]/)[1]?.trim().split(' ').slice(0, 2).join(' ') ?? ''),
          );
          expectCleanEnd(args, run);
          expect(performance.now() - started, JSON.stringify(args)).toBeLessThan(HANG_MS);
        }),
      );
    }
    // The cases reach the commands' own code, not only the flag parser.
    expect(outcomes.filter((o) => o === 'cannot reach').length).toBeGreaterThan(100);
    expect(outcomes.filter((o) => o === 'cannot read').length).toBeGreaterThan(10);
  });

  it('regressions: bad numeric flags, no command, an unknown flag', async () => {
    for (const args of [
      ['list', '-n', 'abc'],
      ['plan', '--scene', office, '--max-replans', '-3', 'Find me a carrot.'],
      [],
      ['plan', '--frobnicate'],
      ['list', '-n', '1e999'],
      ['help', ' '],
    ]) {
      const run = await inProcess(args, {});
      expect(run.code, JSON.stringify(args)).toBe(1);
      expectCleanEnd(args, run);
    }
  });

  it('regression: one scene planned by many runs at once is stored once, without "unexpected error: ENOENT"', async () => {
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => inProcess(['plan', '--scene', office, 'Find a mug.'], {})),
    );
    for (const run of runs)
      expect(run.stderr).toMatch(/^groundplan: cannot reach Temporal at 127\.0\.0\.1:1/);
  });

  it('says which flag and value are wrong, on one line, as a real process', async () => {
    const run = await runCli(['list', '-n', 'abc'], baseEnv);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "groundplan: option '-n, --limit <n>' argument 'abc' is invalid. expected a whole number (add --help for usage)\n",
    );
    // A process's arguments cannot hold a NUL byte; everything else goes through as generated.
    const passable = cliArguments(files).filter((args) => args.every((arg) => !arg.includes('\u0000')));
    const random = fc.sample(passable, { seed, numRuns: 3 });
    for (const args of random) expectCleanEnd(args, await runCli(args, baseEnv));
  });
});
