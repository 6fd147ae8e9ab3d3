import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { countUsage, type LlmProvider, scriptedProvider } from '@groundplan/llm';
import { openRetrieval, type SceneIndexCache } from '@groundplan/retrieval';
import { createSimulatedRobot } from '@groundplan/robot';
import {
  fileSceneStore,
  generateScene,
  nodesOfKind,
  ok,
  parentOf,
  type SceneGraph,
  unknownBuilding,
} from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, PLANNER_TASK_QUEUE } from './contract.js';
import type { ExploreForInput, ExploreForResult } from './explore-contract.js';
import { createRoleWorkers, runWorkersUntil } from './worker.js';

/**
 * A model for SayNav's room choice that prefers rooms whose names suggest the targets (kitchen
 * for food, offices for laptops), else the first option; it counts its calls. It answers only
 * the room choice, through the same output contract a real model's answer passes.
 */
function roomKeywordModel(): LlmProvider & { calls: () => number; scored: () => number } {
  let calls = 0;
  let scored = 0;
  return {
    name: 'room-keywords',
    model: 'room-keywords',
    calls: () => calls,
    scored: () => scored,
    // Scores a kitchen's or an office's reply likelier than any other room's (SayCan's scoring).
    async score(request) {
      scored++;
      return ok({
        logProbs: request.candidates.map((reply) => (/kitchen|office/.test(reply) ? -1 : -5)),
        tokens: request.candidates.map(() => 4),
        usage: { promptTokens: countUsage(request.messages, '').promptTokens, completionTokens: 0 },
        latencyMs: 0,
        provider: 'room-keywords',
        model: 'room-keywords',
        attempts: 1,
      });
    },
    async complete(request) {
      calls++;
      const prompt = request.messages.map((message) => message.content).join('\n');
      const options = [...prompt.matchAll(/^- ([^:]+):/gm)].map((match) => match[1]!);
      const choice = options.find((room) => /kitchen|office/.test(room)) ?? options[0]!;
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

/** Every node and edge of the belief is in the world (the robot's at edge aside: it moves). */
function notInWorld(belief: SceneGraph, world: SceneGraph): string[] {
  const problems: string[] = [];
  belief.forEachNode((id) => {
    if (!world.hasNode(id)) problems.push(id);
  });
  belief.forEachEdge((_edge, attributes, source, target, _s, _t, undirected) => {
    if (attributes.kind === 'at') return;
    const match = undirected ? world.undirectedEdge(source, target) : world.directedEdge(source, target);
    if (match === undefined) problems.push(`${source} -> ${target}`);
  });
  return problems;
}

describe('exploreFor: a robot explores a building it does not know (SayNav)', () => {
  let env: TestWorkflowEnvironment;
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-explore-`);
  const scenes = fileSceneStore(`${dataDir}/scenes`);
  let office: SceneGraph;
  let officeRef: string;
  /** The office whose robot starts with an empty gripper (opening a container needs it). */
  let emptyHandedRef: string;
  let retrieval: SceneIndexCache;

  beforeAll(async () => {
    const opened = await openRetrieval({ cacheDir: `${dataDir}/retrieval` });
    if (!opened.ok) throw new Error(opened.error);
    retrieval = opened.value;
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    office = await datasetScene('office');
    officeRef = await scenes.put(office);
    const emptyHanded = office.copy();
    emptyHanded.dropNode('coke_can');
    emptyHandedRef = await scenes.put(emptyHanded);
  });
  afterAll(async () => {
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function explore(
    input: Omit<ExploreForInput, 'sceneRef'> & { sceneRef?: string },
    provider: LlmProvider = scriptedProvider({ search: [], plans: [] }),
  ): Promise<{ result: ExploreForResult; workflowId: string; firstRunId: string }> {
    const workers = await createRoleWorkers(env.nativeConnection, {
      roles: ['planner', 'llm', 'sim', 'robot'],
      namespace: env.namespace,
      scenes,
      provider,
      retrieval,
      robot: {
        id: input.robotId,
        executor: createSimulatedRobot({
          robotId: input.robotId,
          scenes,
          dataDir,
          speedMps: 1,
          timeScale: 0.0001,
          tickMs: 5,
        }),
      },
    });
    const workflowId = `explore-${input.robotId}`;
    const handle = await env.client.workflow.start('exploreFor', {
      taskQueue: PLANNER_TASK_QUEUE,
      workflowId,
      args: [{ sceneRef: officeRef, ...input }],
    });
    const result = await runWorkersUntil(workers, handle.result() as Promise<ExploreForResult>);
    return { result, workflowId, firstRunId: handle.firstExecutionRunId };
  }

  async function sceneOf(ref: string): Promise<SceneGraph> {
    const scene = await scenes.get(ref);
    if (!scene.ok) throw new Error(scene.error);
    return scene.value;
  }

  it('frontier: finds two objects in the office, the belief growing room by room into a subgraph of the truth', async () => {
    const { result } = await explore({
      robotId: 'frontier-1',
      explorer: 'frontier',
      targets: ['apple', 'aarons_laptop'],
      roomsPerRun: 2,
    });
    expect(result.status).toBe('found');
    expect(result.found).toEqual(['apple', 'aarons_laptop']);
    expect(new Set(result.explored).size).toBe(result.explored.length);
    // Two rooms per run: the exploration continued as new, carrying its belief and its rooms.
    expect(result.runs).toBe(Math.ceil(result.explored.length / 2));
    expect(result.usage.calls).toBe(0);
    const belief = await sceneOf(result.belief.ref);
    expect(notInWorld(belief, office)).toEqual([]);
    expect(belief.order).toBeLessThan(office.order);
    // Only the rooms looked around have contents in the belief.
    for (const room of nodesOfKind(belief, 'room'))
      if (!result.explored.includes(room)) expect(belief.outDegree(room), room).toBe(0);
  }, 120_000);

  it('saynav: the model picks among the nearest frontier rooms, each call counted once', async () => {
    const model = roomKeywordModel();
    const { result } = await explore(
      { robotId: 'saynav-1', explorer: 'saynav', targets: ['apple', 'aarons_laptop'] },
      model,
    );
    expect(result.status).toBe('found');
    expect(result.usage.calls).toBe(model.calls());
    expect(result.usage.calls).toBeGreaterThan(0);
    expect(result.usage.promptTokens).toBeGreaterThan(0);
  }, 120_000);

  it('per-room plan: opens the closed pantry cupboard the prior ranks first and sees the bread inside', async () => {
    const { result } = await explore({
      sceneRef: emptyHandedRef,
      robotId: 'looks-1',
      explorer: 'frontier',
      targets: ['bread'],
    });
    expect(result.status).toBe('found');
    expect(result.explored.at(-1)).toBe('kitchen');
    const belief = await sceneOf(result.belief.ref);
    expect(belief.getNodeAttribute('pantry_cupboard', 'state')).toMatchObject({ door: 'open' });
    expect(office.getNodeAttribute('pantry_cupboard', 'state')).toMatchObject({ door: 'closed' });
  }, 120_000);

  it('without the per-room plan, a look around never sees inside the closed cupboard', async () => {
    const { result } = await explore({
      sceneRef: emptyHandedRef,
      robotId: 'no-looks-1',
      explorer: 'frontier',
      targets: ['bread'],
      looksPerRoom: 0,
      maxDistance: 60,
    });
    expect(result.status).not.toBe('found');
    expect(result.explored).toContain('kitchen');
  }, 120_000);

  it('frontier-prior: the room the prior finds most like the targets, no model call', async () => {
    const { result } = await explore({
      sceneRef: emptyHandedRef,
      robotId: 'prior-1',
      explorer: 'frontier-prior',
      targets: ['bread'],
    });
    expect(result.status).toBe('found');
    expect(result.usage.calls).toBe(0);
  }, 120_000);

  it('saynav with roomPrior: the model picks among the rooms the prior ranks best', async () => {
    const model = roomKeywordModel();
    const { result } = await explore(
      {
        sceneRef: emptyHandedRef,
        robotId: 'saynav-prior-1',
        explorer: 'saynav',
        roomPrior: true,
        targets: ['bread'],
      },
      model,
    );
    expect(result.status).toBe('found');
    expect(result.usage.calls).toBe(model.calls());
  }, 120_000);

  it("saynav with roomScores: the model's scores of each room's reply pick it, nothing generated", async () => {
    const model = roomKeywordModel();
    const { result } = await explore(
      {
        robotId: 'saynav-scored-1',
        explorer: 'saynav',
        roomScores: true,
        targets: ['apple', 'aarons_laptop'],
      },
      model,
    );
    expect(result.status).toBe('found');
    expect(model.calls()).toBe(0);
    expect(model.scored()).toBeGreaterThan(0);
    expect(result.usage.calls).toBe(model.scored());
    expect(result.usage.completionTokens).toBe(0);
  }, 120_000);

  it('the oracle, which knows where the targets are, drives less than the frontier explorer', async () => {
    const targets = ['apple', 'aarons_laptop'];
    const oracle = (await explore({ robotId: 'oracle-1', explorer: 'oracle', targets })).result;
    const frontier = (await explore({ robotId: 'oracle-frontier-1', explorer: 'frontier', targets })).result;
    expect(oracle.status).toBe('found');
    expect(oracle.explored.length).toBeLessThanOrEqual(2);
    expect(oracle.distance).toBeLessThan(frontier.distance);
  }, 180_000);

  it('the oracle opens the container that truly holds its target, where the prior looks elsewhere first', async () => {
    expect(office.getNodeAttribute(parentOf(office, 'fork_3')!.parent, 'state')).toMatchObject({
      door: 'closed',
    });
    const { result } = await explore({
      sceneRef: emptyHandedRef,
      robotId: 'oracle-fork-1',
      explorer: 'oracle',
      targets: ['fork_3'],
    });
    expect(result.status).toBe('found');
    expect(result.assetLooks).toHaveLength(1);
  }, 120_000);

  it('full-graph finds the bread without a model, in the kitchen first, driving no more than frontier', async () => {
    const full = (
      await explore({
        sceneRef: emptyHandedRef,
        robotId: 'full-1',
        explorer: 'full-graph',
        targets: ['bread'],
      })
    ).result;
    const frontier = (
      await explore({
        sceneRef: emptyHandedRef,
        robotId: 'full-frontier-1',
        explorer: 'frontier',
        targets: ['bread'],
      })
    ).result;
    expect(full.status).toBe('found');
    expect(full.usage.calls).toBe(0);
    expect(full.explored).toEqual(['kitchen']);
    expect(full.distance).toBeLessThanOrEqual(frontier.distance);
    // The per-room plan opened the closed pantry cupboard the prior ranks first.
    expect(frontier.assetLooks?.at(-1)).toBe('kitchen/pantry_cupboard');
  }, 180_000);

  it('looks at no more than looksPerRoom assets in a room', async () => {
    const { result } = await explore({
      robotId: 'looks-per-room-1',
      explorer: 'frontier',
      targets: ['unicorn'],
      looksPerRoom: 1,
      maxDistance: 100,
    });
    const rooms = (result.assetLooks ?? []).map((look) => look.split('/')[0]);
    expect(new Set(rooms).size).toBe(rooms.length);
    expect(rooms.length).toBeGreaterThan(0);
  }, 120_000);

  it('reports the rooms of a disconnected world as unreachable, knowing the floor plan', async () => {
    const cut = office.copy();
    for (const edge of cut.edges('admin'))
      if (cut.getEdgeAttribute(edge, 'kind') === 'navigation') cut.dropEdge(edge);
    const { result } = await explore({
      sceneRef: await scenes.put(cut),
      robotId: 'cut-1',
      explorer: 'frontier',
      targets: ['unicorn'],
      floorPlan: true,
    });
    expect(result.status).toBe('not-found');
    expect(result.unreachable).toEqual(['admin']);
    expect(result.explored).not.toContain('admin');
  }, 300_000);

  it('ends "not found" for a target that does not exist, after exploring every room once', async () => {
    const { result } = await explore({ robotId: 'missing-1', explorer: 'frontier', targets: ['unicorn'] });
    expect(result.status).toBe('not-found');
    expect([...result.explored].sort()).toEqual(nodesOfKind(office, 'room'));
    expect(result.unreachable).toEqual([]);
  }, 300_000);

  it('stops when the distance budget is spent', async () => {
    const { result } = await explore({
      robotId: 'budget-1',
      explorer: 'frontier',
      targets: ['unicorn'],
      maxDistance: 40,
    });
    expect(result.status).toBe('budget');
    expect(result.distance).toBeLessThanOrEqual(40);
  }, 120_000);

  it('a robot truly elsewhere than its belief says: the outcome keeps why its skills failed', async () => {
    // The robot truly stands in Jason's office; its belief is what it would know at the office's
    // start (what every exploration after a plan started from, before explorations took the robot's belief).
    const moved = office.copy();
    moved.dropEdge(moved.outEdges('agent').find((edge) => moved.getEdgeAttribute(edge, 'kind') === 'at')!);
    moved.addDirectedEdge('agent', 'jasons_office', { kind: 'at' });
    const { result } = await explore({
      sceneRef: await scenes.put(moved),
      robotId: 'elsewhere-1',
      explorer: 'frontier',
      targets: ['apple'],
      belief: { ref: await scenes.put(unknownBuilding(office)!), accessed: null },
    });
    // Every room "explored" without driving a metre: the failed skills say why.
    expect(result.status).toBe('not-found');
    expect(result.distance).toBe(0);
    expect(result.failedSkills?.[0]).toMatch(/the agent is at jasons_office/);
    // The rooms it set out for and never got into are said as such, not as explored.
    expect(result.unreached?.length).toBeGreaterThan(0);
  }, 120_000);

  it('explores a 200-room generated building within its distance budget, continuing as new', async () => {
    const building = generateScene({
      seed: 7,
      floors: 4,
      roomsPerFloor: 50,
      assetsPerRoom: 1,
      objectsPerAsset: 1,
    });
    const ref = await scenes.put(building);
    const { result, workflowId, firstRunId } = await explore({
      sceneRef: ref,
      robotId: 'big-1',
      explorer: 'frontier',
      targets: ['unicorn'],
      maxDistance: 5000,
      // Each room is a look around and the per-room plan's looks (up to 2 assets): 10 rooms a run.
      roomsPerRun: 10,
    });
    expect(result.status).toBe('not-found');
    expect(new Set(result.explored).size).toBe(200);
    expect(result.distance).toBeLessThanOrEqual(5000);
    expect(result.runs).toBe(20);
    // Each run's history stays far below Temporal's limits (50,000 events).
    const described = await env.client.workflow.getHandle(workflowId).describe();
    const last = await env.client.workflow.getHandle(workflowId, described.runId).fetchHistory();
    expect(last.events?.length ?? 0).toBeLessThan(2_000);
    const first = await env.client.workflow.getHandle(workflowId, firstRunId).fetchHistory();
    expect(first.events?.length ?? 0).toBeLessThan(2_000);
    // 329 s on two shared cores at load 13 (20 runs of 10 rooms): the bound is for such a machine.
  }, 900_000);
});
