// Issue 14's loop, durable: a robot entity plans from its belief, the simulated robot's true world
// differs (the object was moved), the skill fails with what the robot saw, the robot looks room by
// room until it sees the object, and the run replans from the corrected belief and completes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { scriptedProvider } from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { createSimulatedRobot, readWorld, worldFilePath } from '@groundplan/robot';
import { memorySceneStore, parentOf, requireScene } from '@groundplan/scene-graph';
import { checkGoalText, initialState } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { robotState, runOutcome, submitRobotTask } from '@groundplan/workflows/client';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, type LookForResult } from '@groundplan/workflows/contract';
import { createRoleWorkers, runWorkersUntil } from '@groundplan/workflows/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDynamicTasks, storeDynamicWorlds } from './dynamic-tasks.js';
import { loadEvalScenes } from './scenes.js';

describe('a robot whose belief is wrong looks, corrects it and replans (Temporal)', () => {
  let env: TestWorkflowEnvironment;
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-dynamic-workflow-`);
  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
  });
  afterAll(async () => {
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('office-simple-planning-09--moved: the drone is not where believed; found by looking, then placed', async () => {
    const store = memorySceneStore();
    const scenes = await loadEvalScenes(store);
    const dynamic = await loadDynamicTasks();
    if (!dynamic.ok) throw new Error(dynamic.error);
    const variant = dynamic.value.find((task) => task.id === 'office-simple-planning-09--moved')!;
    if (variant.criteria.kind !== 'planning') throw new Error('a planning variant');
    const truths = await storeDynamicWorlds(store, scenes, [variant]);
    if (!truths.ok) throw new Error(truths.error);
    const retrieval = await openRetrieval({ cacheDir: `${dataDir}/retrieval` });
    if (!retrieval.ok) throw new Error(retrieval.error);
    const robotId = 'dynamic-1';
    const workers = await createRoleWorkers(env.nativeConnection, {
      roles: ['planner', 'llm', 'sim', 'robot'],
      namespace: env.namespace,
      scenes: store,
      // SayPlan with a scripted model: the model's plans are the test's, the loop around them is not.
      provider: scriptedProvider({
        search: [
          { command: 'expand', node: 'mobile_robotics_lab' },
          { command: 'expand', node: 'drone_shelf' },
          { command: 'expand', node: 'wills_office' },
          { command: 'done', node: 'wills_drone' },
          { command: 'expand', node: 'wills_office' },
          { command: 'expand', node: 'wills_bookshelf' },
          { command: 'done', node: 'wills_drone' },
        ],
        plans: [
          [
            { action: 'goto', args: ['mobile_robotics_lab'] },
            { action: 'access', args: ['drone_shelf'] },
            { action: 'pickup', args: ['wills_drone'] },
            { action: 'goto', args: ['wills_office'] },
            { action: 'access', args: ['wills_desk'] },
            { action: 'release', args: ['wills_drone'] },
          ],
          [
            { action: 'access', args: ['wills_bookshelf'] },
            { action: 'pickup', args: ['wills_drone'] },
            { action: 'access', args: ['wills_desk'] },
            { action: 'release', args: ['wills_drone'] },
          ],
        ],
      }),
      retrieval: retrieval.value,
      robot: {
        id: robotId,
        executor: createSimulatedRobot({
          robotId,
          scenes: store,
          dataDir,
          speedMps: 1,
          timeScale: 0.0005,
          tickMs: 5,
          trueWorld: (ref) => truths.value.get(ref),
        }),
      },
    });
    const sceneRef = variant.belief.ref;
    const { result, state, look } = await runWorkersUntil(
      workers,
      (async () => {
        const handle = await submitRobotTask(env.client, variant.belief.scene, {
          sceneRef,
          instruction: variant.instruction,
          robotId,
        });
        const result = await runOutcome(handle);
        const look: LookForResult = await env.client.workflow
          .getHandle(`${handle.workflowId}-look-1`)
          .result();
        for (;;) {
          const state = await robotState(env.client, robotId);
          if (state?.tasksDone.length === 1) return { result, state, look };
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
    );
    expect(result.status).toBe('completed');
    expect(result.replannedForExecutionFailures).toBe(1);
    // It looked room by room, nearest first, until it saw the drone in Will's office.
    expect(look.found).toBe(true);
    expect(look.looked[0]).toBe('mobile_robotics_lab');
    expect(look.looked.at(-1)).toBe('wills_office');
    expect(look.steps.filter((s) => s.step.action === 'look_around')).toHaveLength(look.looked.length);
    // The second plan started where the looking ended, with the drone where the robot saw it.
    if (!('planning' in result)) throw new Error('SayPlan plans before it executes');
    expect(result.planning.expandedPlan[0]).toEqual({ action: 'access', args: ['wills_bookshelf'] });
    const belief = await requireScene(store, result.belief.ref);
    expect(parentOf(belief, 'wills_drone')?.parent).toBe('wills_desk');
    const truth = await readWorld(worldFilePath(dataDir, robotId, sceneRef));
    const start = initialState(truth!.world);
    if (!start.ok) throw new Error(start.error);
    const goal = checkGoalText(truth!.world, start.value, variant.criteria.goal);
    expect(goal.ok && goal.value.satisfied).toBe(true);
    expect(state.belief).toEqual(result.belief);
  }, 240_000);
});
