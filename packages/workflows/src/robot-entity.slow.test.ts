import type { LlmScript } from '@groundplan/llm';
import { readWorld, worldFilePath } from '@groundplan/robot';
import type { SceneStore } from '@groundplan/scene-graph';
import { type SceneGraph, sceneRef as sceneRefOf } from '@groundplan/scene-graph';
import { checkGoalText, initialState } from '@groundplan/simulator';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRunInput, robotState, runOutcome, startExploration, submitRobotTask } from './client.js';
import { PLANNER_TASK_QUEUE, type PlannedRunResult, robotEntityId } from './contract.js';
import type { ExploreForResult } from './explore-contract.js';
import { type OfficeOnTestServer, officeOnTestServer } from './test-support/office-on-test-server.js';
import { plannedRun } from './test-support/planned-run.js';
import { runWorkersUntil } from './worker.js';

describe('a robot is an entity: one belief, one task at a time', () => {
  let server: OfficeOnTestServer;
  let env: TestWorkflowEnvironment;
  let scenes: SceneStore;
  let sceneRef: string;
  let dataDir: string;

  beforeAll(async () => {
    server = await officeOnTestServer('robot-entity', { search: [], plans: [] });
    ({ env, scenes, sceneRef, dataDir } = server);
  });
  afterAll(async () => {
    await server?.teardown();
  });

  const workers = (robotId: string, script?: LlmScript) => server.workers(robotId, script);

  const task = (robotId: string, instruction: string) =>
    submitRobotTask(env.client, 'office', {
      sceneRef,
      instruction,
      robotId,
      options: { planner: 'grounded-prior' },
    });

  async function sceneOf(ref: string): Promise<SceneGraph> {
    const scene = await scenes.get(ref);
    if (!scene.ok) throw new Error(scene.error);
    return scene.value;
  }

  function holds(scene: SceneGraph, goals: string[]): boolean {
    const start = initialState(scene);
    if (!start.ok) throw new Error(start.error);
    const checked = checkGoalText(scene, start.value, goals);
    return checked.ok && checked.value.satisfied;
  }

  /** The robot's state once it has recorded `tasks` finished tasks (a task's result reaches its caller first). */
  async function settled(robotId: string, tasks: number) {
    for (;;) {
      const state = await robotState(env.client, robotId);
      if (state && state.tasksDone.length >= tasks && state.current === undefined) return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const place = (scene: SceneGraph) => {
    const start = initialState(scene);
    if (!start.ok) throw new Error(start.error);
    return start.value.place;
  };

  it('runs three tasks one after another, each planned from the belief the one before left', async () => {
    const robotId = 'entity-1';
    const instructions = [
      "Close Jason's cabinet.",
      "Place Will's drone on his desk.",
      'Heat up the chicken kebab.',
    ];
    const results: PlannedRunResult[] = [];
    const state = await runWorkersUntil(
      await workers(robotId),
      (async () => {
        for (const instruction of instructions)
          results.push(plannedRun(await runOutcome(await task(robotId, instruction))));
        return settled(robotId, instructions.length);
      })(),
    );
    expect(results.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    // Each plan starts where the robot stood after the task before: one navigation edge away.
    for (const [k, result] of results.entries()) {
      const before = await sceneOf(k === 0 ? sceneRef : results[k - 1]!.belief.ref);
      const first = result.planning.expandedPlan[0]!;
      expect(first.action).toBe('goto');
      expect(
        before.hasEdge(place(before), first.args[0]!) || before.hasEdge(first.args[0]!, place(before)),
      ).toBe(true);
      // What a task achieved stays in the belief the later tasks planned from.
      const goals = result.planning.attempts.at(-1)!.goals!;
      expect(holds(await sceneOf(results.at(-1)!.belief.ref), goals), goals.join(', ')).toBe(true);
    }
    expect(place(await sceneOf(results[0]!.belief.ref))).toBe('jasons_office');
    expect(place(await sceneOf(results[1]!.belief.ref))).not.toBe('jasons_office');
    // The entity holds the same belief, and a version per executed step after the deployed one.
    const steps = results.reduce((n, r) => n + (r.execution?.steps.length ?? 0), 0);
    expect(state?.belief).toEqual(results.at(-1)!.belief);
    expect(state?.versions).toBe(1 + steps);
    expect(state?.history[0]).toMatchObject({ ref: sceneRef, cause: 'deployed' });
    expect(state?.tasksDone.map((t) => t.status)).toEqual(['completed', 'completed', 'completed']);
    // Nothing differs between belief and truth here: the robot's world is its belief.
    const world = await readWorld(worldFilePath(dataDir, robotId, sceneRef));
    expect(world && sceneRefOf(world.world)).toBe(results.at(-1)!.belief.ref);
  }, 180_000);

  it('queues two tasks sent at once and runs them one after the other, never interleaved', async () => {
    const robotId = 'entity-2';
    const { handles, windows, order } = await runWorkersUntil(
      await workers(robotId),
      (async () => {
        const handles = await Promise.all([
          task(robotId, "Close Jason's cabinet."),
          task(robotId, "Place Will's drone on his desk."),
        ]);
        await Promise.all(handles.map((handle) => runOutcome(handle)));
        const window = async (id: string) => {
          const d = await env.client.workflow.getHandle(id).describe();
          return [d.startTime.getTime(), d.closeTime!.getTime()] as const;
        };
        const windows = await Promise.all(
          handles.flatMap((h) => [window(`${h.workflowId}-plan-1`), window(`${h.workflowId}-execute-1`)]),
        );
        return { handles, windows, order: await settled(robotId, 2) };
      })(),
    );
    const [first, second] = order.tasksDone.map((t) => t.taskId);
    expect(new Set([first, second])).toEqual(new Set(handles.map((h) => h.workflowId)));
    // The second task's planning began only after the first task's execution had ended.
    const byTask = new Map(
      handles.map((h, i) => [h.workflowId, { plan: windows[2 * i]!, execute: windows[2 * i + 1]! }]),
    );
    expect(byTask.get(second!)!.plan[0]).toBeGreaterThanOrEqual(byTask.get(first!)!.execute[1]);
    expect(order.versions).toBeGreaterThan(10);
  }, 180_000);

  it('refuses a task in another scene and a robot id it cannot name, with one line each', async () => {
    const robotId = 'entity-3';
    const { refused, badId, state } = await runWorkersUntil(
      await workers(robotId),
      (async () => {
        await runOutcome(await task(robotId, "Close Jason's cabinet."));
        const copy = (await sceneOf(sceneRef)).copy();
        copy.setAttribute('name', 'office-copy');
        const otherScene = await scenes.put(copy);
        const refused = await submitRobotTask(env.client, 'office-copy', {
          sceneRef: otherScene,
          instruction: "Close Jason's cabinet.",
          robotId,
        }).catch((error: unknown) => error);
        const badId = await task('robot/1', "Close Jason's cabinet.").catch((error: unknown) => error);
        return { refused, badId, otherScene, state: await settled(robotId, 1) };
      })(),
    );
    expect(refused).toBeInstanceOf(InvalidRunInput);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^robot ${robotId} is deployed in scene ${sceneRef}, not sha256:[0-9a-f]{64}; send it tasks in its own scene$`,
      ),
    );
    expect(badId).toBeInstanceOf(InvalidRunInput);
    expect((badId as Error).message).toBe('robotId: a robot id is 1-64 of A-Z a-z 0-9 _ -');
    expect(state.tasksDone).toHaveLength(1);
  }, 120_000);

  it('continues as new when idle and keeps its belief and history across runs', async () => {
    const robotId = 'entity-4';
    const entity = await env.client.workflow.start('robotEntity', {
      workflowId: robotEntityId(robotId),
      taskQueue: PLANNER_TASK_QUEUE,
      args: [{ robotId, sceneRef, tasksPerRun: 1 }],
    });
    const { results, state, latest } = await runWorkersUntil(
      await workers(robotId),
      (async () => {
        const results = [
          await runOutcome(await task(robotId, "Close Jason's cabinet.")),
          await runOutcome(await task(robotId, "Place Will's drone on his desk.")),
        ];
        const state = await settled(robotId, 2);
        return {
          results,
          state,
          latest: await env.client.workflow.getHandle(robotEntityId(robotId)).describe(),
        };
      })(),
    );
    expect(latest.runId).not.toBe(entity.firstExecutionRunId);
    expect(results.map((r) => r.status)).toEqual(['completed', 'completed']);
    expect(state?.belief).toEqual(results[1]!.belief);
    expect(state?.tasksDone.map((t) => t.status)).toEqual(['completed', 'completed']);
    expect(state?.history[0]).toMatchObject({ ref: sceneRef, cause: 'deployed' });
  }, 180_000);
  it('explores as one of its tasks, after the plan before it, from where that plan left the robot', async () => {
    const robotId = 'entity-5';
    const { plan, planned, explored, exploration, state } = await runWorkersUntil(
      await workers(robotId),
      (async () => {
        // Both sent at once: the exploration waits for the plan, then starts from its belief.
        const plan = await task(robotId, "Close Jason's cabinet.");
        const exploration = await startExploration(env.client, 'office', {
          robotId,
          sceneRef,
          explorer: 'frontier',
          targets: ['apple'],
        });
        const planned = await runOutcome(plan);
        const explored = (await runOutcome(exploration)) as ExploreForResult;
        return { plan, planned, explored, exploration, state: await settled(robotId, 2) };
      })(),
    );
    expect(planned.status).toBe('completed');
    expect(place(await sceneOf(planned.belief.ref))).toBe('jasons_office');
    expect(explored.status).toBe('found');
    expect(explored.found).toEqual(['apple']);
    // The robot's state shows the exploration: its task, its outcome and every belief version it made.
    expect(state.tasksDone).toEqual([
      { taskId: plan.workflowId, status: 'completed' },
      { taskId: exploration.workflowId, status: 'found' },
    ]);
    expect(state.belief).toEqual(explored.belief);
    const causes = state.history.map((version) => version.cause);
    const fromExploration = causes.filter((cause) => cause.startsWith(`${exploration.workflowId} `));
    expect(fromExploration.length).toBeGreaterThan(0);
    expect(state.history.at(-1)).toMatchObject({ ...explored.belief, cause: fromExploration.at(-1) });
    // Never interleaved: every version the plan made comes before the exploration's first.
    const lastOfPlan = causes.findLastIndex((cause) => cause.startsWith(`${plan.workflowId}-execute-1 `));
    expect(lastOfPlan).toBeGreaterThan(0);
    expect(causes.indexOf(fromExploration[0]!)).toBeGreaterThan(lastOfPlan);
  }, 240_000);
});
