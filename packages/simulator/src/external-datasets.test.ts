import { expandPlan } from '@groundplan/path-planner';
import {
  collapse,
  collapsedNodes,
  expand,
  loadSceneFile,
  type SceneGraph,
  visibleNodes,
} from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { parentIn, sceneParent } from './state/sim-state.js';
import { verifyPlan } from './verify/verify-plan.js';

// The conversions committed under datasets/external (see its README): real scene graphs written
// outside this project, loaded, searched and planned in as any groundplan scene.
const external = new URL('../../../datasets/external/', import.meta.url);

async function load(path: string): Promise<SceneGraph> {
  const loaded = await loadSceneFile(new URL(path, external).pathname);
  if (!loaded.ok) throw new Error(`${path}: ${JSON.stringify(loaded.error.slice(0, 3))}`);
  return loaded.value;
}

// As in a run: the path planner fills in the plan's goto steps, then the whole plan is verified.
function verify(graph: SceneGraph, plan: readonly string[]) {
  const steps = plan.map((text) => {
    const [, action, args] = /^(\w+)\((.*)\)$/.exec(text)!;
    return { action: action!, args: args!.split(',').map((a) => a.trim()) };
  });
  const expanded = expandPlan(graph, steps);
  if (!expanded.ok) throw new Error(JSON.stringify(expanded.error));
  return verifyPlan(graph, expanded.value);
}

// One fetch-and-carry per VirtualHome scene, from one room to another, as a planner would write it.
const virtualHome = [
  {
    scene: 'TestScene1',
    kitchen: 'kitchen_201',
    container: 'microwave_297',
    plan: [
      'goto(kitchen_201)',
      'access(microwave_297)',
      'open(microwave_297)',
      'pickup(plate_298)',
      'goto(livingroom_319)',
      'access(coffeetable_355)',
      'release(plate_298)',
    ],
    moved: ['plate_298', 'coffeetable_355'],
  },
  {
    scene: 'TestScene2',
    kitchen: 'kitchen_41',
    container: 'microwave_135',
    plan: [
      'goto(kitchen_41)',
      'access(microwave_135)',
      'open(microwave_135)',
      'pickup(plate_136)',
      'goto(bedroom_162)',
      'access(coffeetable_199)',
      'release(plate_136)',
    ],
    moved: ['plate_136', 'coffeetable_199'],
  },
  {
    scene: 'TestScene3',
    kitchen: 'kitchen_1',
    container: 'microwave_149',
    plan: [
      'goto(kitchen_1)',
      'access(kitchentable_123)',
      'pickup(juice_152)',
      'goto(livingroom_161)',
      'access(coffeetable_193)',
      'release(juice_152)',
    ],
    moved: ['juice_152', 'coffeetable_193'],
  },
  {
    scene: 'TestScene4',
    kitchen: 'kitchen_1',
    container: 'microwave_86',
    plan: [
      'goto(kitchen_1)',
      'access(microwave_86)',
      'open(microwave_86)',
      'pickup(plate_87)',
      'goto(livingroom_248)',
      'access(coffeetable_249)',
      'release(plate_87)',
    ],
    moved: ['plate_87', 'coffeetable_249'],
  },
];

describe('the VirtualHome conversions', () => {
  for (const { scene, kitchen, container, plan, moved } of virtualHome) {
    it(`${scene}: the collapsed view shows the rooms and the agent; expanding the kitchen, then its microwave, reveals what is in it`, async () => {
      const graph = await load(`virtualhome/${scene}.json`);
      const collapsed = collapsedNodes(graph);
      expect(collapsed).toContain(kitchen);
      expect(collapsed.filter((id) => graph.getNodeAttribute(id, 'kind') === 'agent')).toHaveLength(1);
      expect(collapsed).not.toContain(container);
      const room = expand(graph, collapse(graph), kitchen);
      if (!room.ok) throw new Error(room.error);
      expect(visibleNodes(graph, room.value)).toContain(container);
      const inside = expand(graph, room.value, container);
      if (!inside.ok) throw new Error(inside.error);
      const before = new Set(visibleNodes(graph, room.value));
      const revealed = visibleNodes(graph, inside.value).filter((id) => !before.has(id));
      expect(revealed.length).toBeGreaterThan(0);
      for (const id of revealed) expect(sceneParent(graph, id)?.parent).toBe(container);
    });

    it(`${scene}: the simulator verifies a hand-written fetch-and-carry plan`, async () => {
      const graph = await load(`virtualhome/${scene}.json`);
      const result = verify(graph, plan);
      if (!result.ok) throw new Error(result.failure.feedback);
      const [object, support] = moved as [string, string];
      expect(parentIn(graph, result.final, object)?.parent).toBe(support);
      expect(result.final.holding).toBeNull();
    });
  }

  it('TestScene1: the simulator rejects taking the plate out of the closed microwave', async () => {
    const graph = await load('virtualhome/TestScene1.json');
    const result = verify(graph, ['goto(kitchen_201)', 'access(microwave_297)', 'pickup(plate_298)']);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure.step).toEqual({ action: 'pickup', args: ['plate_298'] });
  });
});

describe('release onto a VirtualHome asset that has a door but holds nothing inside', () => {
  it('puts the plate on the kitchen counter whatever its door state (it cannot contain things)', async () => {
    const graph = await load('virtualhome/TestScene1.json');
    expect(graph.getNodeAttribute('kitchencounter_230', 'state')).toEqual({ door: 'closed' });
    const result = verify(graph, [
      'goto(kitchen_201)',
      'access(microwave_297)',
      'open(microwave_297)',
      'pickup(plate_298)',
      'access(kitchencounter_230)',
      'release(plate_298)',
    ]);
    if (!result.ok) throw new Error(result.failure.feedback);
    expect(parentIn(graph, result.final, 'plate_298')).toEqual({
      parent: 'kitchencounter_230',
      relation: 'on',
    });
  });
});

describe('the Spark-DSG apartment conversion', () => {
  const room = '5908722711110090752'; // R(0): the 64-bit id, exactly
  const building = '4755801206503243776'; // B(0)

  it('keeps the 64-bit ids exactly; collapse shows building, floor and room, expanding the room its objects', async () => {
    const graph = await load('spark-dsg/apartment.json');
    expect(graph.getNodeAttribute(room, 'attributes')).toMatchObject({ name: 'R(0)' });
    expect(collapsedNodes(graph)).toEqual(expect.arrayContaining([building, `${building}_floor`, room]));
    const expanded = expand(graph, collapse(graph), room);
    if (!expanded.ok) throw new Error(expanded.error);
    const objects = visibleNodes(graph, expanded.value).filter(
      (id) => graph.getNodeAttribute(id, 'kind') === 'object',
    );
    expect(objects).toHaveLength(7);
  });

  it('the simulator verifies a plan that goes to the room, then to a place outside it', async () => {
    const graph = await load('spark-dsg/apartment.json');
    const outside = graph
      .filterNodes((id, a) => a.kind === 'pose' && !graph.areNeighbors(id, room))
      .sort()[0]!;
    const result = verify(graph, [`goto(${room})`, `goto(${outside})`]);
    if (!result.ok) throw new Error(result.failure.feedback);
    expect(result.final.place).toBe(outside);
  });
});
