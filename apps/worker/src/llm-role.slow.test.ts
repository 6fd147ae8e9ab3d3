import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, LLM_TASK_QUEUE } from '@groundplan/workflows/contract';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerProcess } from './worker-process.js';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('the llm role on the local model at worker start', { timeout: 300_000 }, () => {
  let env: TestWorkflowEnvironment;
  const dir = mkdtempSync(`${tmpdir()}/groundplan-llm-role-`);
  const settings = (extra: Record<string, string> = {}) => ({
    TEMPORAL_ADDRESS: env.address,
    GROUNDPLAN_DATA_DIR: dir,
    GROUNDPLAN_LLM_PROVIDER: 'local',
    ...extra,
  });

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
  });
  /** Workers polling the llm queue for activities, as the server saw them. */
  const llmPollers = async () => {
    const queue = await env.client.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: LLM_TASK_QUEUE },
      taskQueueType: 2, // TASK_QUEUE_TYPE_ACTIVITY
    });
    return queue.pollers?.length ?? 0;
  };

  afterAll(async () => {
    await env?.teardown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads the model before it polls the llm queue, then logs ready; the warm-up in one JSON line', async () => {
    // A thread pool larger than the cores: the worker says so in its log, not on stderr.
    const pool = availableParallelism() + 1;
    const starting = startWorkerProcess(['--roles', 'llm'], {
      ...settings(),
      UV_THREADPOOL_SIZE: String(pool),
    });
    // While the worker starts, nothing may poll the llm queue: a task taken then fails its heartbeat timeout.
    let polledEarly = false;
    let started = false;
    void starting.then(() => {
      started = true;
    });
    while (!started) {
      polledEarly ||= (await llmPollers()) > 0;
      await new Promise((r) => setTimeout(r, 200));
    }
    const worker = await starting;
    const warmedUp = worker
      .output()
      .split('\n')
      .find((line) => line.includes('"llm warm-up done"'));
    expect(warmedUp).toBeDefined();
    const line = JSON.parse(warmedUp!);
    expect(line).toMatchObject({
      level: 'INFO',
      provider: 'local',
      model: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    });
    expect(line.ms).toBeGreaterThanOrEqual(line.loadMs);
    expect(line.promptTokens).toBeGreaterThan(0);
    expect(worker.output().indexOf(warmedUp!)).toBeLessThan(worker.output().indexOf('"worker ready"'));
    const slow = worker
      .output()
      .split('\n')
      .find((line) => line.includes('"level":"WARN"') && line.includes('thread pool'));
    expect(JSON.parse(slow!).message).toContain(`has ${pool} threads`);
    expect(polledEarly).toBe(false);
    // Ready means polling.
    while ((await llmPollers()) === 0) await new Promise((r) => setTimeout(r, 200));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });

  it.each([
    ['a missing model file', `${tmpdir()}/groundplan-no-such-model.gguf`, 'install-model.sh'],
    ['a file that is not a model', `${dir}/not-a-model.gguf`, 'failed to load'],
  ])('on %s says so in one line and exits 1', async (_case, modelPath, message) => {
    writeFileSync(`${dir}/not-a-model.gguf`, 'not a GGUF file\n');
    const run = await new Promise<{ code: number; stderr: string }>((done) =>
      execFile(
        process.execPath,
        ['--conditions=@groundplan/source', '--import', 'tsx', main, '--roles', 'llm'],
        { env: { ...process.env, ...settings({ GROUNDPLAN_MODEL: modelPath }) }, timeout: 120_000 },
        (error, _stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      ),
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`${modelPath}.*${message}`)),
    ]);
  });
});
