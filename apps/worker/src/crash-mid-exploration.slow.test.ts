import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { countUsage, type LlmProvider, recordingProvider } from '@groundplan/llm';
import { createSimulatedRobot } from '@groundplan/robot';
import { fileSceneStore, ok } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, PLANNER_TASK_QUEUE } from '@groundplan/workflows/contract';
import type { ExploreForInput, ExploreForResult } from '@groundplan/workflows/explore-contract';
import { createRoleWorkers, runWorkersUntil } from '@groundplan/workflows/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askedRequests, replayLlmEnv, servedAnswers } from './test-support/replay-llm.js';
import { startWorkerProcess } from './worker-process.js';

/** Picks the frontier room whose name suggests the targets, else the nearest: SayNav's choice, answered by rule. */
function roomKeywordModel(): LlmProvider {
  return {
    name: 'room-keywords',
    model: 'room-keywords',
    async complete(request) {
      const prompt = request.messages.map((message) => message.content).join('\n');
      const options = [...prompt.matchAll(/^- ([^:]+):/gm)].map((match) => match[1]!);
      const choice = options.find((room) => /office/.test(room)) ?? options[0]!;
      const text = JSON.stringify({ choice });
      return ok({
        text,
        json: { choice },
        usage: countUsage(request.messages, text),
        latencyMs: 0,
        provider: 'room-keywords',
        model: 'room-keywords',
        attempts: 1,
      });
    },
  };
}

// 73 s on two shared cores at load 6; the other crash tests (94-125 s) have the same bound.
describe('a worker killed with SIGKILL mid-exploration (SayNav)', { timeout: 300_000 }, () => {
  let env: TestWorkflowEnvironment;
  let planner: Worker;
  let plannerRun: Promise<void>;
  let sceneRef: string;
  const dir = mkdtempSync(`${tmpdir()}/groundplan-crash-explore-`);
  const cassette = `${dir}/saynav.cassette.json`;
  const scenes = fileSceneStore(`${dir}/scenes`);
  // Two targets the office holds far apart: several rooms, several model choices.
  const input = (robotId: string): ExploreForInput => ({
    robotId,
    sceneRef,
    explorer: 'saynav',
    targets: ['apple', 'aarons_laptop'],
    roomsPerRun: 3,
    // Both targets lie in the open, so look_around finds them: no per-room plan (it needs the
    // embedding model, which these workers go without); what crashes here is the model's room choice.
    looksPerRoom: 0,
    heartbeatTimeoutSeconds: 2,
    llmHeartbeatTimeoutSeconds: 3,
  });
  const explore = (robotId: string) =>
    env.client.workflow.start('exploreFor', {
      taskQueue: PLANNER_TASK_QUEUE,
      workflowId: `explore-${robotId}`,
      args: [input(robotId)],
    });
  // One process runs the model (replaying the recorded answers 400 ms late), the simulator and the robot.
  const worker = (robotId: string, hitLog: string) =>
    startWorkerProcess(['--roles', 'llm,sim,robot', '--robot-id', robotId], {
      TEMPORAL_ADDRESS: env.address,
      GROUNDPLAN_DATA_DIR: dir,
      GROUNDPLAN_EMBEDDING_MODEL: 'off',
      GROUNDPLAN_ROBOT_SPEED: '5',
      GROUNDPLAN_ROBOT_TIME_SCALE: '0.01',
      ...replayLlmEnv({ cassette, latencyMs: 400, hitLog }),
    });

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    const office = await datasetScene('office');
    sceneRef = await scenes.put(office);
    planner = (
      await createRoleWorkers(env.nativeConnection, { roles: ['planner'], namespace: env.namespace })
    )[0]!;
    plannerRun = planner.run();
  });
  afterAll(async () => {
    planner?.shutdown();
    await plannerRun;
    await env?.teardown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('completes with the same explored rooms, never asking the model again for an answer it gave', async () => {
    // The reference run, in this process, records the model's answers for the replaying workers.
    const recording = await createRoleWorkers(env.nativeConnection, {
      roles: ['llm', 'sim', 'robot'],
      namespace: env.namespace,
      scenes,
      provider: recordingProvider(roomKeywordModel(), cassette),
      robot: {
        id: 'reference',
        executor: createSimulatedRobot({
          robotId: 'reference',
          scenes,
          dataDir: dir,
          speedMps: 5,
          timeScale: 0.001,
          tickMs: 5,
        }),
      },
    });
    const reference = await runWorkersUntil(
      recording,
      (await explore('reference')).result() as Promise<ExploreForResult>,
    );
    expect(reference.status).toBe('found');
    expect(reference.usage.calls).toBeGreaterThanOrEqual(3);
    expect(reference.runs).toBeGreaterThan(1);

    const first = await worker('crashy', `${dir}/first.log`);
    const handle = await explore('crashy');
    // Killed once two answers are served and a third question is with the model.
    while (askedRequests(`${dir}/first.log`).length < 3) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    const beforeCrash = servedAnswers(`${dir}/first.log`);

    const second = await worker('crashy', `${dir}/second.log`);
    const result = (await handle.result()) as ExploreForResult;
    second.child.kill('SIGTERM');
    await second.exited;
    const afterCrash = servedAnswers(`${dir}/second.log`);

    expect(result.status).toBe('found');
    expect(result.explored).toEqual(reference.explored);
    expect(result.distance).toBe(reference.distance);
    expect(beforeCrash.length).toBeGreaterThanOrEqual(2);
    for (const hash of beforeCrash) expect(afterCrash).not.toContain(hash);
    expect(beforeCrash.length + afterCrash.length).toBe(reference.usage.calls);
  });
});
