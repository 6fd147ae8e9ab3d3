import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createLlmActivities, scriptedProvider } from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { generateScene, memorySceneStore, nodesOfKind, type SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectsInClosedContainers, withEmptyGripper } from './exploration-tasks.js';
import { type ExplorationDeps, exploreInSimulation } from './explore-in-simulation.js';

/** Every node and edge of the belief is in the world, edges between the same nodes and of the same kind. */
function isSubgraph(belief: SceneGraph, world: SceneGraph): string[] {
  const problems: string[] = [];
  belief.forEachNode((id, attributes) => {
    if (!world.hasNode(id)) problems.push(`node ${id} is not in the world`);
    else if (world.getNodeAttribute(id, 'kind') !== attributes.kind) problems.push(`node ${id} changed kind`);
  });
  belief.forEachEdge((_edge, attributes, source, target, _s, _t, undirected) => {
    if (attributes.kind === 'at') return; // where the robot stands moves
    const match = undirected ? world.undirectedEdge(source, target) : world.directedEdge(source, target);
    if (match === undefined || world.getEdgeAttribute(match, 'kind') !== attributes.kind)
      problems.push(`${attributes.kind} edge ${source} -> ${target} is not in the world`);
  });
  return problems;
}

describe('exploring a building the robot does not know (no Temporal)', () => {
  let office: SceneGraph;
  let deps: ExplorationDeps;
  const cacheDir = mkdtempSync(`${tmpdir()}/groundplan-explore-sim-`);
  beforeAll(async () => {
    const loaded = await datasetScene('office');
    // SayNav's robot starts with an empty gripper, so it can open containers.
    office = withEmptyGripper(loaded);
    expect(office.order).toBe(loaded.order - 1);
    const retrieval = await openRetrieval({ cacheDir });
    if (!retrieval.ok) throw new Error(retrieval.error);
    const scenes = memorySceneStore();
    const prior = createLlmActivities({
      provider: scriptedProvider({ search: [], plans: [] }),
      scenes,
      retrieval: retrieval.value,
    });
    deps = { prior, scenes, retrieval: retrieval.value };
  });
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('finds two objects in the office, the belief growing look by look into a subgraph of the truth', async () => {
    const outcome = await exploreInSimulation(
      office,
      { targets: ['apple', 'aarons_laptop'] },
      'frontier',
      deps,
    );
    expect(outcome.status).toBe('found');
    expect(outcome.found).toEqual(['apple', 'aarons_laptop']);
    // Each look adds what the room held: the belief never stands still.
    for (let i = 1; i < outcome.beliefSizes.length; i++)
      expect(outcome.beliefSizes[i]!).toBeGreaterThan(outcome.beliefSizes[i - 1]!);
    expect(outcome.belief.order).toBeLessThan(office.order);
    expect(isSubgraph(outcome.belief, office)).toEqual([]);
    // The rooms looked around are all the belief knows the contents of.
    for (const room of nodesOfKind(outcome.belief, 'room'))
      if (!outcome.explored.includes(room))
        expect(outcome.belief.outDegree(room), `${room} was not looked around`).toBe(0);
  });

  it('the oracle, which knows where the targets are, drives less than the frontier explorer', async () => {
    const task = { targets: ['apple', 'aarons_laptop'] };
    const oracle = await exploreInSimulation(office, task, 'oracle', deps);
    const frontier = await exploreInSimulation(office, task, 'frontier', deps);
    expect(oracle.status).toBe('found');
    expect(oracle.explored.length).toBeLessThanOrEqual(2);
    expect(oracle.distance).toBeLessThan(frontier.distance);
  });

  it('the oracle opens the container that truly holds its target, where the prior looks elsewhere first', async () => {
    expect(objectsInClosedContainers(office)).toContain('fork_3');
    const oracle = await exploreInSimulation(office, { targets: ['fork_3'] }, 'oracle', deps);
    expect(oracle.status).toBe('found');
    expect(oracle.assetLooks).toHaveLength(1);
  });

  it('opens the closed pantry cupboard the prior ranks first and sees the bread; without the per-room plan it never does', async () => {
    expect(objectsInClosedContainers(office)).toContain('bread');
    const looking = await exploreInSimulation(office, { targets: ['bread'] }, 'frontier', deps);
    expect(looking.status).toBe('found');
    expect(looking.assetLooks.at(-1)).toBe('kitchen/pantry_cupboard');
    expect(looking.belief.getNodeAttribute('pantry_cupboard', 'state')).toMatchObject({ door: 'open' });
    const around = await exploreInSimulation(
      office,
      { targets: ['bread'], looksPerRoom: 0 },
      'frontier',
      deps,
    );
    expect(around.status).toBe('not-found');
    expect(around.explored).toContain('kitchen');
  });

  it('looks at no more than looksPerRoom assets in a room', async () => {
    const outcome = await exploreInSimulation(
      office,
      { targets: ['unicorn'], looksPerRoom: 1 },
      'frontier',
      deps,
    );
    const rooms = outcome.assetLooks.map((look) => look.split('/')[0]);
    expect(new Set(rooms).size).toBe(rooms.length);
    expect(rooms.length).toBeGreaterThan(0);
  });

  it('frontier-prior and full-graph find the bread without a model; full-graph drives no more than frontier', async () => {
    const prior = await exploreInSimulation(office, { targets: ['bread'] }, 'frontier-prior', deps);
    expect(prior.status).toBe('found');
    expect(prior.llm.calls).toBe(0);
    const full = await exploreInSimulation(office, { targets: ['bread'] }, 'full-graph', deps);
    const frontier = await exploreInSimulation(office, { targets: ['bread'] }, 'frontier', deps);
    expect(full.status).toBe('found');
    expect(full.explored).toEqual(['kitchen']);
    expect(full.distance).toBeLessThanOrEqual(frontier.distance);
  });

  it('ends "not found" for a target that does not exist, after looking around every room once', async () => {
    const outcome = await exploreInSimulation(office, { targets: ['unicorn'] }, 'frontier', deps);
    expect(outcome.status).toBe('not-found');
    expect([...outcome.explored].sort()).toEqual(nodesOfKind(office, 'room'));
    expect(outcome.unreachable).toEqual([]);
  });

  it('reports the rooms of a disconnected world as unreachable, knowing the floor plan', async () => {
    const cut = office.copy();
    for (const edge of cut.edges('admin'))
      if (cut.getEdgeAttribute(edge, 'kind') === 'navigation') cut.dropEdge(edge);
    const outcome = await exploreInSimulation(
      cut,
      { targets: ['unicorn'], floorPlan: true },
      'frontier',
      deps,
    );
    expect(outcome.status).toBe('not-found');
    expect(outcome.unreachable).toEqual(['admin']);
    expect(outcome.explored).not.toContain('admin');
  });

  it('stops at the distance budget', async () => {
    const outcome = await exploreInSimulation(
      office,
      { targets: ['unicorn'], maxDistance: 40 },
      'frontier',
      deps,
    );
    expect(outcome.status).toBe('budget');
    expect(outcome.distance).toBeLessThanOrEqual(40);
  });

  it('explores all 200 rooms of a generated building with the frontier rule', async () => {
    const building = generateScene({
      seed: 3,
      floors: 4,
      roomsPerFloor: 50,
      assetsPerRoom: 1,
      objectsPerAsset: 1,
    });
    const outcome = await exploreInSimulation(building, { targets: ['unicorn'] }, 'frontier', deps);
    expect(outcome.status).toBe('not-found');
    expect(new Set(outcome.explored).size).toBe(200);
    expect(isSubgraph(outcome.belief, building)).toEqual([]);
    // About 20 s on a quiet machine; the shared one runs it at load 10 or more.
  }, 180_000);
});
