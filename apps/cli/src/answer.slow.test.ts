import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { startWorkerProcess, type WorkerProcess } from '@groundplan/worker';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, progressQuery } from '@groundplan/workflows/contract';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

// A run that asks which of three staplers is meant, answered (and not) from the command line as a
// script would: `plan --no-wait --json`, `groundplan answer`, `plan --no-ask`, against a real
// server and a real worker process (grounded-prior: no model).
const root = new URL('../../../', import.meta.url).pathname;
const office = `${root}datasets/office.json`;
const instruction = 'Bring me the stapler.';

describe('answering a run from the CLI', { timeout: 240_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-cli-answer-`);
  let env: TestWorkflowEnvironment;
  let worker: WorkerProcess;
  let cliEnv: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, cliEnv);
  const plan = (...args: string[]) =>
    cli('plan', '--planner', 'grounded-prior', '--scene', office, '--plan-only', ...args, instruction);

  /** Waits until the run asks, and returns its question as its progress shows it. */
  const untilAsked = async (runId: string) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const progress = await env.client.workflow.getHandle(runId).query(progressQuery);
      if (progress.stage === 'awaiting-answer') return progress.question;
      if (Date.now() > deadline) throw new Error(`run ${runId} never asked: ${progress.stage}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    cliEnv = { TEMPORAL_ADDRESS: env.address, GROUNDPLAN_SCENE_STORE: `${dir}/scenes` };
    worker = await startWorkerProcess(['--roles', 'planner,llm,sim'], {
      ...cliEnv,
      GROUNDPLAN_DATA_DIR: dir,
      // grounded-prior asks no model; a replay provider keeps the llm role from loading one.
      GROUNDPLAN_LLM_PROVIDER: 'replay',
      GROUNDPLAN_CASSETTE: `${root}datasets/cassettes/close-jasons-cabinet.cassette.json`,
    });
  }, 240_000);
  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    await worker?.exited;
    await env?.teardown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answer refuses a choice that is no option in one line, then the run plans for the one chosen', async () => {
    const started = await plan('--no-wait', '--json');
    expect(started.stderr).toBe('');
    const { runId } = JSON.parse(started.stdout) as { runId: string };
    expect(await untilAsked(runId)).toEqual({
      phrase: 'stapler',
      options: ['stapler', 'stapler_2', 'stapler_3'],
    });

    const refused = await cli('answer', runId, 'jasons_keyboard');
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/refused the answer: .*choose one of stapler, stapler_2, stapler_3/);

    const answered = await cli('answer', runId, 'stapler_2');
    expect([answered.code, answered.stdout.trim()]).toEqual([
      0,
      `answered ${runId}: the stapler is stapler_2`,
    ]);
    const result = await cli('result', runId, '--json');
    const { result: outcome } = JSON.parse(result.stdout) as {
      result: { status: string; question: unknown; attempts: { goals?: string[] }[] };
    };
    expect(outcome.status).toBe('verified');
    expect(outcome.question).toEqual({
      phrase: 'stapler',
      options: ['stapler', 'stapler_2', 'stapler_3'],
      answer: 'stapler_2',
    });
    expect(outcome.attempts.at(-1)?.goals?.join(' ')).toContain('stapler_2');

    // Once answered, the run asks nothing: a second answer is one line, exit 1.
    const again = await cli('answer', runId, 'stapler_3');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/is not asking anything now$/);
  });

  it('plan --no-ask fails at once with the question, exit 2, and plans nothing', async () => {
    const run = await plan('--no-ask', '--json');
    expect(run.code).toBe(2);
    const printed = JSON.parse(run.stdout) as { result?: { question?: unknown; plan?: unknown[] } };
    expect(printed.result?.question).toEqual({
      phrase: 'stapler',
      options: ['stapler', 'stapler_2', 'stapler_3'],
    });
    expect(printed.result?.plan ?? []).toEqual([]);
  });
});
