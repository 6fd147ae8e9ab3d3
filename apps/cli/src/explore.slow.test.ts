import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { startWorkerProcess, type WorkerProcess } from '@groundplan/worker';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

const root = new URL('../../../', import.meta.url).pathname;
const home = `${root}datasets/home.json`;

/** One line on stderr, exit code 1, and no stack trace. */
function expectOneLineError(run: { code: number; stderr: string }, text: string) {
  expect(run.code).toBe(1);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toContain(text);
  expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
}

describe('groundplan explore against a real server and worker', { timeout: 240_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-cli-explore-`);
  let env: TestWorkflowEnvironment;
  let worker: WorkerProcess;
  let cliEnv: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, cliEnv);

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    cliEnv = { TEMPORAL_ADDRESS: env.address, GROUNDPLAN_SCENE_STORE: `${dir}/scenes` };
    // The frontier explorers make no model call: a cassette stands in for the model.
    worker = await startWorkerProcess(['--roles', 'planner,llm,sim,robot', '--robot-id', 'explorer-1'], {
      ...cliEnv,
      GROUNDPLAN_DATA_DIR: dir,
      GROUNDPLAN_LLM_PROVIDER: 'replay',
      GROUNDPLAN_CASSETTE: `${root}datasets/cassettes/close-jasons-cabinet.cassette.json`,
      GROUNDPLAN_ROBOT_TIME_SCALE: '0.001',
    });
  }, 240_000);
  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    await worker?.exited;
    await env?.teardown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the banana in the home, printing rooms as they are explored and the one-line outcome', async () => {
    const run = await cli(
      'explore',
      '--targets',
      'banana',
      '--explorer',
      'frontier',
      '--robot',
      'explorer-1',
      home,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Run explore-frontier-home-find-banana-[0-9a-f]{8}$/m);
    expect(run.stdout).toMatch(/\[exploring\] \d+ room\(s\) explored/);
    expect(run.stdout).toMatch(
      /^Found banana: \d+ room\(s\) explored, [\d.]+ m, \d+ skills, LLM 0 call\(s\) \(frontier\)$/m,
    );
    const runId = /^Run (\S+)$/m.exec(run.stdout)![1]!;

    // The finished exploration read back: result, status and list.
    const result = await cli('result', runId);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Found banana: \d+ room\(s\) explored/m);
    // The exploration was one of the robot's tasks: its status names it.
    const robot = await cli('robot', 'status', 'explorer-1');
    expect(robot.stderr).toBe('');
    expect(robot.stdout).toContain(`done: 1 task(s), last ${runId} found`);
    const json = await cli('result', runId, '--json');
    expect(JSON.parse(json.stdout).result).toMatchObject({ status: 'found', found: ['banana'] });
    expect((await cli('status', runId)).stdout).toContain(`${runId}: COMPLETED (exploreFor), outcome found`);
    const rows = JSON.parse((await cli('list', '--json')).stdout) as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.runId === runId)).toMatchObject({
      type: 'exploreFor',
      status: 'COMPLETED',
      outcome: 'found',
      planner: 'frontier',
      robot: 'explorer-1',
      scene: 'home',
      instruction: 'find banana',
    });
  });

  it('exits 2 when the budget is spent before the targets are seen, the full result in --json', async () => {
    const run = await cli(
      'explore',
      '--targets',
      'unicorn',
      '--explorer',
      'frontier-prior',
      '--budget-m',
      '20',
      '--robot',
      'explorer-1',
      '--json',
      home,
    );
    expect(run.code).toBe(2);
    const { result } = JSON.parse(run.stdout) as { result: { status: string; distance: number } };
    expect(result.status).toBe('budget');
    expect(result.distance).toBeLessThanOrEqual(20);
  });

  it.concurrent('bad input is one line: an unknown explorer, no targets, no scene, a bad budget, --room-prior or --room-scores without saynav, too many targets', async () => {
    expectOneLineError(
      await cli('explore', '--targets', 'apple', '--explorer', 'random', home),
      "unknown explorer 'random'",
    );
    expectOneLineError(await cli('explore', '--targets', ' , ', home), '--targets names no object');
    expectOneLineError(await cli('explore', '--targets', 'apple'), 'name the scene graph JSON file');
    expectOneLineError(
      await cli('explore', '--targets', 'apple', '--budget-m', '-5', home),
      'metres above 0',
    );
    expectOneLineError(await cli('explore', home), "required option '-t, --targets <ids>'");
    expectOneLineError(
      await cli('explore', '--targets', 'apple', '--explorer', 'frontier', '--room-prior', home),
      '--room-prior orders the rooms offered to saynav',
    );
    expectOneLineError(
      await cli('explore', '--targets', 'apple', '--explorer', 'oracle', '--room-scores', home),
      "--room-scores has saynav's model score the rooms offered; the oracle explorer has none",
    );
    const many = Array.from({ length: 11 }, (_, i) => `thing${i}`).join(',');
    expectOneLineError(await cli('explore', '--targets', many, home), 'targets: at most 10 targets');
  });
});
