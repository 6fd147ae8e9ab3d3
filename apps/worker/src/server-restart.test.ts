import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import {
  connectClient,
  freePort,
  startDevServer,
  stopDevServer,
  temporalConfigFromEnv,
} from '@groundplan/temporal-runtime';
import { type PlanTaskResult, startPlanTask } from '@groundplan/workflows';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

const root = new URL('../../../', import.meta.url).pathname;

describe('the Temporal dev server restarted during a run', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-restart-`);
  let server: { port: number; uiPort: number; dataDir: string } | undefined;
  let worker: WorkerProcess | undefined;
  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    await worker?.exited;
    if (server) await stopDevServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the run in its SQLite history, and the run completes once the server is back', async () => {
    server = { port: await freePort(), uiPort: await freePort(), dataDir: `${dir}/temporal` };
    const started = await startDevServer(server);
    if (!started.ok) throw new Error(started.error);
    const env = { TEMPORAL_ADDRESS: started.value.address };
    const temporal = temporalConfigFromEnv(env);
    if (!temporal.ok) throw new Error(temporal.error);

    const office = await loadSceneFile(`${root}datasets/office.json`);
    if (!office.ok) throw new Error('datasets/office.json does not load');
    const sceneRef = await fileSceneStore(`${dir}/scenes`).put(office.value);
    const hitLog = `${dir}/hits.log`;
    worker = await startWorkerProcess(['--roles', 'planner,llm,sim'], {
      ...env,
      GROUNDPLAN_DATA_DIR: dir,
      GROUNDPLAN_LLM_PROVIDER: 'replay',
      GROUNDPLAN_CASSETTE: `${root}datasets/cassettes/close-jasons-cabinet.cassette.json`,
      GROUNDPLAN_REPLAY_LATENCY_MS: '1000',
      GROUNDPLAN_REPLAY_HIT_LOG: hitLog,
    });

    let client = await connectClient(temporal.value);
    const { workflowId } = await startPlanTask(client, 'office', {
      sceneRef,
      instruction: "Close Jason's cabinet.",
    });
    await client.connection.close();
    const served = () => (existsSync(hitLog) ? readFileSync(hitLog, 'utf8').trim().split('\n').length : 0);
    while (served() < 2) await new Promise((r) => setTimeout(r, 100));

    await stopDevServer(server);
    const restarted = await startDevServer(server);
    expect(restarted.ok).toBe(true);

    client = await connectClient(temporal.value);
    const result: PlanTaskResult = await client.workflow.getHandle(workflowId).result();
    await client.connection.close();
    expect(result.status).toBe('verified');
    expect(result.plan.at(-1)).toEqual({ action: 'close', args: ['cabinet_3'] });
    expect(served()).toBeGreaterThanOrEqual(6);
  });
});
