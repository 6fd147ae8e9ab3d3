import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expandPlan } from '@groundplan/path-planner';
import { readWorld, worldFilePath } from '@groundplan/robot';
import { fileSceneStore, type SceneGraph, sceneToJson } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { runOutcome } from '@groundplan/workflows/client';
import {
  GROUNDPLAN_SEARCH_ATTRIBUTES,
  PLANNER_TASK_QUEUE,
  type PlanStep,
} from '@groundplan/workflows/contract';
import { createRoleWorkers } from '@groundplan/workflows/worker';
import { executePlan } from '@groundplan/workflows/workflows';
import { defaultPayloadConverter } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverySeconds } from './test-support/recovery.js';
import { startWorkerProcess } from './worker-process.js';

describe('a robot worker killed with SIGKILL during a long navigation', { timeout: 300_000 }, () => {
  let env: TestWorkflowEnvironment;
  let planner: Worker;
  let plannerRun: Promise<void>;
  let sim: Worker;
  let office: SceneGraph;
  let sceneRef: string;
  let plan: PlanStep[];
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-crash-skill-`);
  // Robot time runs 50x (reference run) or 2x (crashed run, so a 5 s heartbeat timeout's throttled heartbeats show progress before the kill).
  const workerEnv = (timeScale: string) => ({
    TEMPORAL_ADDRESS: env.address,
    GROUNDPLAN_DATA_DIR: dataDir,
    GROUNDPLAN_ROBOT_SPEED: '0.5',
    GROUNDPLAN_ROBOT_TIME_SCALE: timeScale,
  });

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    office = await datasetScene('office');
    sceneRef = await fileSceneStore(`${dataDir}/scenes`).put(office);
    const route = expandPlan(office, [{ action: 'goto', args: ['wills_office'] }]);
    if (!route.ok) throw new Error(route.error.message);
    plan = route.value;
    // The planner runs the workflow; the sim role moves the robot's belief after every step.
    const [plannerWorker, simWorker] = await createRoleWorkers(env.nativeConnection, {
      roles: ['planner', 'sim'],
      namespace: env.namespace,
      scenes: fileSceneStore(`${dataDir}/scenes`),
    });
    planner = plannerWorker!;
    sim = simWorker!;
    plannerRun = Promise.all([planner.run(), sim.run()]).then(() => undefined);
  });
  afterAll(async () => {
    planner?.shutdown();
    sim?.shutdown();
    await plannerRun;
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const execute = (robotId: string, workflowId: string) =>
    env.client.workflow.start(executePlan, {
      taskQueue: PLANNER_TASK_QUEUE,
      workflowId,
      args: [{ sceneRef, plan, robotId }],
    });

  async function finalWorld(robotId: string): Promise<string> {
    const saved = await readWorld(worldFilePath(dataDir, robotId, sceneRef));
    if (!saved) throw new Error(`robot ${robotId} kept no world`);
    expect(saved.appliedSteps.size).toBe(plan.length);
    return sceneToJson(saved.world);
  }

  it('resumes from the heartbeat on a new worker and ends in the same world as an uncrashed run', async () => {
    expect(plan.filter((s) => s.action === 'goto').length).toBeGreaterThan(3);

    const steady = await startWorkerProcess(['--roles', 'robot', '--robot-id', 'steady'], workerEnv('0.02'));
    const reference = await runOutcome(await execute('steady', 'execute-steady'));
    steady.child.kill('SIGTERM');
    expect(await steady.exited).toBe(0);
    expect(reference.status).toBe('completed');

    const first = await startWorkerProcess(['--roles', 'robot', '--robot-id', 'crashy'], workerEnv('0.5'));
    const handle = await execute('crashy', 'execute-crashy');
    // Wait until a navigation skill past the first step has heartbeated progress, then kill the worker.
    for (;;) {
      const { raw, status } = await handle.describe();
      expect(status.name).toBe('RUNNING');
      const pending = raw.pendingActivities?.[0];
      const details = pending?.heartbeatDetails?.payloads?.[0];
      const travelled = details ? (defaultPayloadConverter.fromPayload(details) as number) : 0;
      if (travelled > 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await first.exited;

    const second = await startWorkerProcess(['--roles', 'robot', '--robot-id', 'crashy'], workerEnv('0.5'));
    const workerReadySeconds = (Date.now() - killedAt) / 1000;
    const result = await runOutcome(handle);
    second.child.kill('SIGTERM');
    await second.exited;

    // The default heartbeat timeout decides how soon the skill in flight moves to the new worker.
    const recovery = await recoverySeconds(handle, killedAt);
    console.log(JSON.stringify({ crash: 'mid-skill', recoverySeconds: recovery, workerReadySeconds }));
    expect(recovery).toBeDefined();
    expect(result.status).toBe('completed');
    expect(result.steps.map((s) => s.index)).toEqual(plan.map((_, i) => i));
    expect(result.steps.some((s) => s.resumedFrom > 0)).toBe(true);
    expect(await finalWorld('crashy')).toBe(await finalWorld('steady'));
  });
});
