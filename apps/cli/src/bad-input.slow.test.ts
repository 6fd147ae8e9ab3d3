import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

const office = new URL('../../../datasets/office.json', import.meta.url).pathname;

/** One line on stderr, exit code 1, and no stack trace. */
function expectOneLineError(run: { code: number; stderr: string }, text: string) {
  expect(run.code).toBe(1);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toContain(text);
  expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
}

describe('the CLI on bad input', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-cli-`);
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
  });
  afterAll(async () => {
    await env?.teardown();
    rmSync(dir, { recursive: true, force: true });
  });
  const store = { GROUNDPLAN_SCENE_STORE: `${dir}/scenes` };

  it.concurrent('a missing scene file', async () => {
    expectOneLineError(
      await runCli(['plan', '--scene', `${dir}/nope.json`, 'Find me a carrot.'], store),
      'cannot read scene file',
    );
  });

  it.concurrent('an invalid scene file, naming the first problem by path', async () => {
    const bad = `${dir}/bad.json`;
    writeFileSync(
      bad,
      JSON.stringify({
        format: 'groundplan.scene-graph',
        version: 1,
        name: 'x',
        nodes: [{ id: 'a', kind: 'room' }],
        edges: [{ kind: 'hierarchy', source: 'a', target: 'b' }],
      }),
    );
    expectOneLineError(await runCli(['plan', '--scene', bad, 'Find me a carrot.'], store), 'edges[0].target');
  });

  it.concurrent('an empty instruction', async () => {
    expectOneLineError(await runCli(['plan', '--scene', office, '   '], store), 'the instruction is empty');
  });

  it.concurrent('a server that is not there', async () => {
    const run = await runCli(['plan', '--scene', office, 'Find me a carrot.'], {
      ...store,
      TEMPORAL_ADDRESS: '127.0.0.1:1',
    });
    expectOneLineError(run, 'cannot reach Temporal at 127.0.0.1:1');
  });

  it.concurrent('an unknown run id', async () => {
    const run = await runCli(['status', 'plan-office-no-such-run'], {
      ...store,
      TEMPORAL_ADDRESS: env.address,
    });
    expectOneLineError(run, "no run with id 'plan-office-no-such-run'");
  });

  it.concurrent('an unknown run id in result', async () => {
    const run = await runCli(['result', 'plan-office-no-such-run'], {
      ...store,
      TEMPORAL_ADDRESS: env.address,
    });
    expectOneLineError(run, "no run with id 'plan-office-no-such-run'");
  });
});
