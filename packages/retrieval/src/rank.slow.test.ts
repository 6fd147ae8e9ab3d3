import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from './embedder.js';
import { rankNodes } from './rank.js';
import { createSceneIndexCache, type SceneIndex } from './scene-index.js';
import { dataset, installedEmbedder } from './test-support/scenes.js';

describe('rankNodes with the installed model on the real scenes', () => {
  let embedder: Embedder;
  let office: SceneIndex;
  let home: SceneIndex;
  beforeAll(async () => {
    embedder = await installedEmbedder();
    const cache = createSceneIndexCache({ embedder });
    const [o, h] = await Promise.all([dataset('office'), dataset('home')]);
    office = await cache.indexFor(o.ref, o.scene);
    home = await cache.indexFor(h.ref, h.scene);
  });
  afterAll(() => embedder.close());

  it('"Find me a banana" on the office: the kitchen first among 37 rooms, bananas and the fruit bowl high', async () => {
    const rooms = await rankNodes(office, 'Find me a banana.', { kinds: ['room'] });
    expect(rooms).toHaveLength(37);
    expect(rooms[0]?.id).toBe('kitchen');
    const things = (
      await rankNodes(office, 'Find me a banana.', { kinds: ['asset', 'object'], limit: 10 })
    ).map((node) => node.id);
    expect(things).toHaveLength(10);
    expect(things.slice(0, 3).sort()).toEqual(['banana', 'banana_2', 'banana_3']);
    expect(things).toContain('fruit_bowl');
  });

  it('scores a room by what it holds: without contents the kitchen is not even in the top 5', async () => {
    const ownTextOnly = await rankNodes(office, 'Find me a banana.', {
      kinds: ['room'],
      contents: 0,
      limit: 5,
    });
    expect(ownTextOnly.map((node) => node.id)).not.toContain('kitchen');
  });

  it('finds the rattle and its living room in the home', async () => {
    const instruction = 'The baby dropped their rattle in one of the rooms. Locate it.';
    const [room] = await rankNodes(home, instruction, { kinds: ['room'], limit: 1 });
    const [thing] = await rankNodes(home, instruction, { kinds: ['object'], limit: 1 });
    expect(room).toMatchObject({ id: 'living_room0', kind: 'room' });
    expect(thing).toMatchObject({ id: 'rattle', kind: 'object' });
    expect(thing?.score).toBeGreaterThan(room?.score ?? 1);
  });

  it('ranks only the given candidates, best first, leaving out ids the scene lacks', async () => {
    const ranked = await rankNodes(home, 'Find me a bottle of wine.', {
      candidates: ['bedroom0', 'garage0', 'kitchen0', 'no_such_room'],
    });
    expect(ranked.map((node) => node.id)).toHaveLength(3);
    expect(ranked[0]?.id).toBe('kitchen0');
    expect(ranked[0]?.score).toBeGreaterThanOrEqual(ranked[1]?.score ?? 1);
    expect(ranked[1]?.score).toBeGreaterThanOrEqual(ranked[2]?.score ?? 1);
  });

  it('breaks equal scores by id, so the same input always ranks the same way', async () => {
    const same = home.vectors[0] as Float32Array;
    const flat: SceneIndex = { ...home, vectors: home.vectors.map(() => same) };
    const ranked = await rankNodes(flat, 'anything at all', { kinds: ['room'] });
    const ids = ranked.map((node) => node.id);
    expect(new Set(ranked.map((node) => node.score)).size).toBe(1);
    expect(ids).toEqual([...ids].sort());
  });

  it('returns nothing for a limit of 0 and for no candidates', async () => {
    expect(await rankNodes(home, 'Find me a towel.', { limit: 0 })).toEqual([]);
    expect(await rankNodes(home, 'Find me a towel.', { candidates: [] })).toEqual([]);
  });
});
