import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileSceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import { createRoleWorkers } from '@groundplan/workflows/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayLlmEnv, servedAnswers } from './test-support/replay-llm.js';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

const instruction = "Close Jason's cabinet.";
const RUNS = 20;
// The cassette's run: 4 semantic-search steps and 2 plans (the simulator rejects the first).
const CALLS_PER_RUN = 6;

describe(`${RUNS} concurrent planTask runs on one planner and two LLM worker processes`, {
  timeout: 120_000,
}, () => {
  let env: TestWorkflowEnvironment;
  let planner: Worker;
  let plannerRun: Promise<void>;
  let sceneRef: string;
  const processes: WorkerProcess[] = [];
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-scaling-`);
  const sceneStore = `${dataDir}/scenes`;
  const hitLogs = [`${dataDir}/llm-a.hits`, `${dataDir}/llm-b.hits`];

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    const office = await datasetScene('office');
    sceneRef = await fileSceneStore(sceneStore).put(office);
    const common = {
      TEMPORAL_ADDRESS: env.address,
      GROUNDPLAN_DATA_DIR: dataDir,
      GROUNDPLAN_SCENE_STORE: sceneStore,
    };
    // Each LLM worker answers one call at a time, 200 ms late, as a small local model would.
    const llmWorker = (hitLog: string) =>
      startWorkerProcess(['--roles', 'llm'], {
        ...common,
        ...replayLlmEnv({ latencyMs: 200, hitLog, concurrency: 1 }),
      });
    const started = await Promise.allSettled([
      ...hitLogs.map(llmWorker),
      startWorkerProcess(['--roles', 'sim'], common),
    ]);
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    planner = await (
      await createRoleWorkers(env.nativeConnection, { roles: ['planner'], namespace: env.namespace })
    )[0]!;
    plannerRun = planner.run();
  });
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    planner?.shutdown();
    await plannerRun;
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const served = (hitLog: string) => servedAnswers(hitLog).length;

  it('verifies the same plan in every run, with both LLM workers serving calls and none served twice', async () => {
    const handles = await Promise.all(
      Array.from({ length: RUNS }, () => startPlanTask(env.client, 'office', { sceneRef, instruction })),
    );
    const results = await Promise.all(handles.map((h) => runOutcome(h)));

    expect(new Set(handles.map((h) => h.workflowId)).size).toBe(RUNS);
    expect(results.map((r) => r.status)).toEqual(Array(RUNS).fill('verified'));
    for (const r of results) {
      expect(r.plan).toEqual(results[0]!.plan);
      expect(r.expandedPlan).toEqual(results[0]!.expandedPlan);
      expect(r.attempts).toHaveLength(2);
      expect(r.usage.calls).toBe(CALLS_PER_RUN);
    }
    expect(results[0]!.plan.at(-1)).toEqual({ action: 'close', args: ['cabinet_3'] });

    const perWorker = hitLogs.map(served);
    expect(perWorker.every((calls) => calls > 0)).toBe(true);
    expect(perWorker[0]! + perWorker[1]!).toBe(RUNS * CALLS_PER_RUN);
  });
});
