import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type LlmScript, scriptedProvider } from '@groundplan/llm';
import { createSimulatedRobot, readWorld, worldFilePath } from '@groundplan/robot';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { checkGoalText, initialState } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlanAndExecute, startPlanTask } from './client.js';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, progressQuery } from './contract.js';
import { createRoleWorkers, runWorkersUntil } from './worker.js';

const officePath = new URL('../../../datasets/office.json', import.meta.url).pathname;

// "Close Jason's cabinet": the robot holds a can, so the first plan fails (hand not empty) and
// the simulator's feedback leads to a second plan that puts the can down first.
const closeCabinet: LlmScript = {
  search: [
    { command: 'expand' as const, node: 'jasons_office' },
    { command: 'done' as const, node: 'cabinet_3' },
  ],
  plans: [
    [
      { action: 'goto', args: ['jasons_office'] },
      { action: 'access', args: ['cabinet_3'] },
      { action: 'close', args: ['cabinet_3'] },
    ],
    [
      { action: 'goto', args: ['jasons_office'] },
      { action: 'access', args: ['jasons_desk'] },
      { action: 'release', args: ['coke_can'] },
      { action: 'access', args: ['cabinet_3'] },
      { action: 'close', args: ['cabinet_3'] },
    ],
  ],
};

describe('planning and execution as Temporal workflows', () => {
  let env: TestWorkflowEnvironment;
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-workflows-`);
  const scenes = fileSceneStore(`${dataDir}/scenes`);
  let sceneRef: string;

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    const office = await loadSceneFile(officePath);
    if (!office.ok) throw new Error('datasets/office.json does not load');
    sceneRef = await scenes.put(office.value);
  });
  afterAll(async () => {
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function workers(robotId: string, script: LlmScript = closeCabinet) {
    return createRoleWorkers(env.nativeConnection, {
      roles: ['planner', 'llm', 'sim', 'robot'],
      namespace: env.namespace,
      scenes,
      provider: scriptedProvider(script),
      robot: {
        id: robotId,
        executor: createSimulatedRobot({
          robotId,
          scenes,
          dataDir,
          speedMps: 1,
          timeScale: 0.001,
          tickMs: 5,
        }),
      },
    });
  }
  const runWith = runWorkersUntil;

  it('replans with the simulator feedback until the plan is verified', async () => {
    const all = await workers('planner-only');
    const result = await runWith(
      all,
      startPlanTask(env.client, 'office', { sceneRef, instruction: "Close Jason's cabinet." }).then((h) =>
        h.result(),
      ),
    );
    expect(result.status).toBe('verified');
    expect(result.explored.expanded).toEqual(['jasons_office']);
    expect(result.attempts).toHaveLength(2);
    expect(result.attempts[0]!.feedback).toMatch(/coke_can|hand|holding/);
    expect(result.expandedPlan.length).toBeGreaterThan(result.plan.length);
    expect(result.usage.calls).toBe(4);
  });

  it('reports a model that keeps answering outside its contract as a failed plan, not a failed run', async () => {
    const garbage: LlmScript = {
      search: [{ command: 'done', node: 'kitchen' }],
      plans: [[{ action: 'teleport', args: ['kitchen'] }]],
    };
    const all = await workers('planner-only', garbage);
    const result = await runWith(
      all,
      startPlanTask(env.client, 'office', {
        sceneRef,
        instruction: 'Teleport to the kitchen.',
        options: { maxReplans: 1 },
      }).then((h) => h.result()),
    );
    expect(result.status).toBe('failed');
    expect(result.attempts).toHaveLength(2);
    expect(result.attempts[0]!.feedback).toMatch(/not a valid plan/);
    expect(result.reason).toMatch(/no verified plan after 2 attempts/);
    // One search call, then each plan request tried three times (two retries with the error shown).
    expect(result.usage.calls).toBe(7);
  });

  it('executes the verified plan on the simulated robot, leaving a world that meets the goal', async () => {
    const robotId = 'sim-1';
    const all = await workers(robotId);
    const { result, progress } = await runWith(
      all,
      (async () => {
        const handle = await startPlanAndExecute(env.client, 'office', {
          sceneRef,
          instruction: "Close Jason's cabinet.",
          robotId,
        });
        const result = await handle.result();
        return { result, progress: await handle.query(progressQuery) };
      })(),
    );
    expect(result.status).toBe('completed');
    expect(result.execution?.steps.every((s) => s.status === 'done')).toBe(true);
    expect(progress.stage).toBe('done');
    const saved = await readWorld(worldFilePath(dataDir, robotId, sceneRef));
    if (!saved) throw new Error('the robot kept no world');
    const start = initialState(saved.world);
    if (!start.ok) throw new Error(start.error);
    const goal = checkGoalText(saved.world, start.value, [
      'state(cabinet_3, door, closed)',
      'on(coke_can, jasons_desk)',
    ]);
    expect(goal.ok && goal.value.satisfied).toBe(true);
  });
});
