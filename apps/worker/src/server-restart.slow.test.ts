import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileSceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import {
  connectClient,
  freePort,
  startDevServer,
  stopDevServer,
  temporalConfigFromEnv,
} from '@groundplan/temporal-runtime';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, type PlanTaskResult } from '@groundplan/workflows/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { replayLlmEnv, servedAnswers } from './test-support/replay-llm.js';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

describe('the Temporal dev server restarted during a run', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-restart-`);
  let server: Parameters<typeof startDevServer>[0] | undefined;
  let worker: WorkerProcess | undefined;
  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    await worker?.exited;
    if (server) await stopDevServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the run in its SQLite history, and the run completes once the server is back', async () => {
    server = {
      port: await freePort(),
      uiPort: await freePort(),
      dataDir: `${dir}/temporal`,
      searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES,
    };
    const started = await startDevServer(server);
    if (!started.ok) throw new Error(started.error);
    const env = { TEMPORAL_ADDRESS: started.value.address };
    const temporal = temporalConfigFromEnv(env);
    if (!temporal.ok) throw new Error(temporal.error);

    const office = await datasetScene('office');
    const sceneRef = await fileSceneStore(`${dir}/scenes`).put(office);
    const hitLog = `${dir}/hits.log`;
    worker = await startWorkerProcess(['--roles', 'planner,llm,sim'], {
      ...env,
      GROUNDPLAN_DATA_DIR: dir,
      ...replayLlmEnv({ latencyMs: 1000, hitLog }),
    });

    let client = await connectClient(temporal.value);
    const { workflowId } = await startPlanTask(client, 'office', {
      sceneRef,
      instruction: "Close Jason's cabinet.",
    });
    await client.connection.close();
    const served = () => servedAnswers(hitLog).length;
    while (served() < 2) await new Promise((r) => setTimeout(r, 100));

    await stopDevServer(server);
    const restarted = await startDevServer(server);
    expect(restarted.ok).toBe(true);

    client = await connectClient(temporal.value);
    const result: PlanTaskResult = await runOutcome(client.workflow.getHandle(workflowId));
    await client.connection.close();
    expect(result.status).toBe('verified');
    expect(result.plan.at(-1)).toEqual({ action: 'close', args: ['cabinet_3'] });
    expect(served()).toBeGreaterThanOrEqual(6);
  });
});
