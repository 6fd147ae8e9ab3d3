import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readWorld, worldFilePath } from '@groundplan/robot';
import { fileSceneStore, sceneToFile } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import {
  GROUNDPLAN_SEARCH_ATTRIBUTES,
  type LookForResult,
  PLANNER_TASK_QUEUE,
} from '@groundplan/workflows/contract';
import { createRoleWorkers } from '@groundplan/workflows/worker';
import { lookFor } from '@groundplan/workflows/workflows';
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

// The robot believes Will's drone is gone; in its true world (the office) it is on the drone shelf.
// It looks room by room until it sees it. Killed mid-look and with a belief update pending, it must
// end with the belief of an uncrashed run: same content-addressed ref, no observation applied twice.
describe('SIGKILL while the robot looks and while its belief is updated', { timeout: 300_000 }, () => {
  let env: TestWorkflowEnvironment;
  let planner: Worker;
  let plannerRun: Promise<void>;
  let beliefRef: string;
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-crash-look-`);
  const trueWorldFile = `${dataDir}/office-truth.json`;
  const workerEnv = () => ({
    TEMPORAL_ADDRESS: env.address,
    GROUNDPLAN_DATA_DIR: dataDir,
    GROUNDPLAN_ROBOT_SPEED: '1',
    GROUNDPLAN_ROBOT_TIME_SCALE: '0.1',
    GROUNDPLAN_ROBOT_TRUE_WORLD: trueWorldFile,
  });

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    const loaded = await datasetScene('office');
    writeFileSync(trueWorldFile, JSON.stringify(sceneToFile(loaded)));
    const belief = loaded.copy();
    belief.dropNode('wills_drone');
    beliefRef = await fileSceneStore(`${dataDir}/scenes`).put(belief);
    planner = (
      await createRoleWorkers(env.nativeConnection, { roles: ['planner'], namespace: env.namespace })
    )[0]!;
    plannerRun = planner.run();
  });
  // Every worker process the test starts, so a failing test leaves none behind.
  const processes: WorkerProcess[] = [];
  afterAll(async () => {
    for (const worker of processes) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    planner?.shutdown();
    await plannerRun;
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const look = (robotId: string) =>
    env.client.workflow.start(lookFor, {
      taskQueue: PLANNER_TASK_QUEUE,
      workflowId: `look-${robotId}`,
      args: [
        {
          robotId,
          sceneRef: beliefRef,
          belief: { ref: beliefRef, accessed: null },
          wanted: ['wills_drone'],
          maxRooms: 60,
          heartbeatTimeoutSeconds: 2,
        },
      ],
    });
  const track = async (worker: Promise<WorkerProcess>) => {
    processes.push(await worker);
    return processes.at(-1)!;
  };
  const robotWorker = (robotId: string) =>
    track(startWorkerProcess(['--roles', 'robot', '--robot-id', robotId], workerEnv()));
  const simWorker = () => track(startWorkerProcess(['--roles', 'sim'], workerEnv()));
  const stop = async (worker: WorkerProcess, signal: NodeJS.Signals) => {
    worker.child.kill(signal);
    await worker.exited;
  };

  /** Waits until the run has a pending activity of this type that matches. */
  async function pending(handle: WorkflowHandle, type: string, started: boolean): Promise<void> {
    for (;;) {
      const { raw } = await handle.describe();
      const found = raw.pendingActivities?.some(
        (a) => a.activityType?.name === type && (started ? a.state === 2 : a.state === 1),
      );
      if (found) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('ends with the same belief as an uncrashed run, each observation applied once', async () => {
    let sim = await simWorker();
    const steady = await robotWorker('steady');
    const reference: LookForResult = await (await look('steady')).result();
    await stop(steady, 'SIGTERM');
    expect(reference.found).toBe(true);

    let robot = await robotWorker('crashy');
    const handle = await look('crashy');
    // 1. SIGKILL the robot worker while it runs a look: the first look_around, step k of the reference.
    const k = reference.steps.findIndex((s) => s.step.action === 'look_around');
    for (;;) {
      const progress = await handle.query<{ executedSteps: number }>('progress');
      expect(progress.executedSteps).toBeLessThanOrEqual(k);
      if (progress.executedSteps === k) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await pending(handle, 'runSkill', true);
    expect((await handle.query<{ executedSteps: number }>('progress')).executedSteps).toBe(k);
    await stop(robot, 'SIGKILL');
    robot = await robotWorker('crashy');
    // 2. SIGKILL the sim worker; the next belief update waits for a sim worker, then runs on a new one.
    await stop(sim, 'SIGKILL');
    await pending(handle, 'advanceBelief', false);
    sim = await simWorker();
    const crashed: LookForResult = await handle.result();
    await stop(robot, 'SIGTERM');
    await stop(sim, 'SIGTERM');

    expect(crashed.found).toBe(true);
    expect(crashed.looked).toEqual(reference.looked);
    expect(crashed.belief).toEqual(reference.belief);
    expect(crashed.beliefVersions.map((v) => v.ref)).toEqual(reference.beliefVersions.map((v) => v.ref));
    // The robot applied each step once: its true world file counts every step id once.
    const world = await readWorld(worldFilePath(dataDir, 'crashy', beliefRef));
    expect(world?.appliedSteps.size).toBe(crashed.steps.length);
  });
});
