import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openRetrieval, type SceneIndexCache } from '@groundplan/retrieval';
import { memorySceneStore, type SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explorationPrior, lookSteps } from './exploration-prior.js';

const cacheDir = mkdtempSync(`${tmpdir()}/groundplan-exploration-prior-`);
const scenes = memorySceneStore();
let office: SceneGraph;
let retrieval: SceneIndexCache;

beforeAll(async () => {
  office = await datasetScene('office');
  const opened = await openRetrieval({ cacheDir });
  if (!opened.ok) throw new Error(opened.error);
  retrieval = opened.value;
});
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** The office as a robot with an empty gripper believes it before it has seen these objects. */
async function beliefWithout(...unseen: string[]): Promise<string> {
  const belief = office.copy();
  belief.dropNode('coke_can');
  for (const id of unseen) belief.dropNode(id);
  return scenes.put(belief);
}

const prior = () => explorationPrior({ scenes, retrieval });

describe('the exploration prior (no model)', () => {
  it('looks into the closed pantry cupboard of the kitchen for the bread: access, open, look inside', async () => {
    const beliefRef = await beliefWithout('bread');
    const look = await prior().nextRoomLook({ beliefRef, room: 'kitchen', targets: ['bread'], looked: [] });
    expect(look.found).toEqual([]);
    expect(look.asset).toBe('pantry_cupboard');
    expect(look.steps).toEqual([
      { action: 'access', args: ['pantry_cupboard'] },
      { action: 'open', args: ['pantry_cupboard'] },
      { action: 'look_inside', args: ['pantry_cupboard'] },
    ]);
  });

  it('offers each asset once, best first, and nothing once every target is in the belief', async () => {
    const beliefRef = await beliefWithout('cheese');
    const llm = prior();
    const first = await llm.nextRoomLook({ beliefRef, room: 'kitchen', targets: ['cheese'], looked: [] });
    const second = await llm.nextRoomLook({
      beliefRef,
      room: 'kitchen',
      targets: ['cheese'],
      looked: [first.asset!],
    });
    expect(second.asset).toBeDefined();
    expect(second.asset).not.toBe(first.asset);
    expect(second.score!).toBeLessThanOrEqual(first.score!);
    const seen = await llm.nextRoomLook({
      beliefRef: await scenes.put(office),
      room: 'kitchen',
      targets: ['cheese'],
      looked: [],
    });
    expect(seen).toEqual({ found: ['cheese'], steps: [] });
  });

  it('ranks the kitchen first among rooms for food, keeping the given order among equals', async () => {
    const beliefRef = await beliefWithout('cheese');
    const ranked = await prior().rankRoomsByPrior({
      beliefRef,
      targets: ['cheese'],
      rooms: ['admin', 'kitchen', 'presentation_lounge'],
    });
    expect(ranked.rooms.map((room) => room.room)[0]).toBe('kitchen');
    expect(ranked.rooms).toHaveLength(3);
    // A room the belief does not know scores 0, after every room it knows, in the given order.
    const unknown = await prior().rankRoomsByPrior({
      beliefRef,
      targets: ['cheese'],
      rooms: ['nowhere', 'elsewhere'],
    });
    expect(unknown.rooms).toEqual([
      { room: 'nowhere', score: 0 },
      { room: 'elsewhere', score: 0 },
    ]);
  });

  it('looks on what is no container, inside what is open, and on a closed container it cannot open', () => {
    const scene = office.copy();
    // The office's robot holds a coke can: opening needs the empty gripper.
    expect(lookSteps(scene, 'fridge')).toEqual([{ action: 'look_on', args: ['fridge'] }]);
    scene.dropNode('coke_can');
    expect(lookSteps(scene, 'kitchen_bench')).toEqual([{ action: 'look_on', args: ['kitchen_bench'] }]);
    scene.setNodeAttribute('fridge', 'state', { door: 'open' });
    expect(lookSteps(scene, 'fridge')).toEqual([{ action: 'look_inside', args: ['fridge'] }]);
    scene.setNodeAttribute('fridge', 'state', { door: 'closed' });
    scene.setNodeAttribute('fridge', 'affordances', ['contain']);
    expect(lookSteps(scene, 'fridge')).toEqual([{ action: 'look_on', args: ['fridge'] }]);
  });

  it('fails in one line without an embedding model', async () => {
    await expect(
      explorationPrior({ scenes }).nextRoomLook({
        beliefRef: await scenes.put(office),
        room: 'kitchen',
        targets: ['x'],
        looked: [],
      }),
    ).rejects.toThrow('the exploration prior needs retrieval');
  });
});
