import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sceneRef } from '@groundplan/scene-graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from './embedder.js';
import { nodeTexts } from './node-texts.js';
import { createSceneIndexCache } from './scene-index.js';
import { counted, dataset, installedEmbedder } from './test-support/scenes.js';

describe('createSceneIndexCache', () => {
  let embedder: Embedder;
  let office: Awaited<ReturnType<typeof dataset>>;
  let home: Awaited<ReturnType<typeof dataset>>;
  beforeAll(async () => {
    embedder = await installedEmbedder();
    office = await dataset('office');
    home = await dataset('home');
  });
  afterAll(() => embedder.close());

  it('embeds a scene once per ref: the second request embeds nothing', async () => {
    const model = counted(embedder);
    const cache = createSceneIndexCache({ embedder: model });
    const first = await cache.indexFor(office.ref, office.scene);
    expect(model.calls).toBe(1);
    expect(model.texts).toBe(nodeTexts(office.scene).length);
    const second = await cache.indexFor(office.ref, office.scene);
    expect(second).toBe(first);
    expect(model.calls).toBe(1);
    expect(cache.counts).toEqual({ memory: 1, disk: 0, embedded: 1, textsEmbedded: model.texts });
    await cache.indexFor(home.ref, home.scene);
    expect(model.calls).toBe(2);
  });

  it('shares one embedding between concurrent requests for the same scene', async () => {
    const model = counted(embedder);
    const cache = createSceneIndexCache({ embedder: model });
    const [a, b] = await Promise.all([
      cache.indexFor(home.ref, home.scene),
      cache.indexFor(home.ref, home.scene),
    ]);
    expect(a).toBe(b);
    expect(model.calls).toBe(1);
  });

  it('embeds only the changed node texts of a new version of a scene', async () => {
    const model = counted(embedder);
    const cache = createSceneIndexCache({ embedder: model });
    const before = await cache.indexFor(office.ref, office.scene);
    const after = office.scene.copy();
    after.setNodeAttribute('banana', 'state', { ripeness: 'rotten' });
    const next = await cache.indexFor(sceneRef(after), after);
    expect(model.calls).toBe(2);
    expect(model.texts).toBe(before.nodes.length + 1);
    const banana = next.nodes.findIndex((node) => node.id === 'banana');
    expect(next.nodes[banana]?.text).toContain('ripeness rotten');
    expect(next.vectors[banana]).not.toEqual(before.vectors[banana]);
    expect(next.vectors.filter((vector, i) => vector === before.vectors[i])).toHaveLength(
      before.nodes.length - 1,
    );
  });

  it('keeps at most `keep` indexes in memory, dropping the least recently used', async () => {
    const model = counted(embedder);
    const cache = createSceneIndexCache({ embedder: model, keep: 1 });
    const variant = home.scene.copy();
    variant.setNodeAttribute('rattle', 'attributes', { colour: 'blue' });
    await cache.indexFor(home.ref, home.scene);
    await cache.indexFor(sceneRef(variant), variant);
    await cache.indexFor(home.ref, home.scene);
    // home was dropped for the variant and built again, reusing the variant's vectors but one.
    expect(cache.counts).toMatchObject({ memory: 0, embedded: 3 });
    expect(model.texts).toBe(nodeTexts(home.scene).length + 2);
    await cache.indexFor(home.ref, home.scene);
    expect(cache.counts).toMatchObject({ memory: 1, embedded: 3 });
  });

  it('keeps indexes on disk, so a restarted worker reads them instead of embedding again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'groundplan-index-'));
    const before = counted(embedder);
    const made = await createSceneIndexCache({ embedder: before, dir }).indexFor(home.ref, home.scene);
    const files = await readdir(dir);
    expect(files).toEqual([`${home.ref.replace(':', '-')}.all-MiniLM-L6-v2-int8.json`]);

    const after = counted(embedder);
    const restarted = createSceneIndexCache({ embedder: after, dir });
    const read = await restarted.indexFor(home.ref, home.scene);
    expect(after.calls).toBe(0);
    expect(restarted.counts).toEqual({ memory: 0, disk: 1, embedded: 0, textsEmbedded: 0 });
    expect(read.nodes).toEqual(made.nodes);
    expect(read.vectors).toEqual(made.vectors);
  });

  it('embeds again when the file on disk is corrupt or was made from other node texts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'groundplan-index-'));
    await createSceneIndexCache({ embedder, dir }).indexFor(home.ref, home.scene);
    const [file] = await readdir(dir);
    const path = join(dir, file as string);
    const stored = JSON.parse(await readFile(path, 'utf8'));
    stored.nodes[0].text = 'a text an older recipe wrote';
    await writeFile(path, JSON.stringify(stored));
    const stale = counted(embedder);
    await createSceneIndexCache({ embedder: stale, dir }).indexFor(home.ref, home.scene);
    expect(stale.calls).toBe(1);

    await writeFile(path, '{"format": "groundplan.scene-index", "vers');
    const corrupt = counted(embedder);
    const cache = createSceneIndexCache({ embedder: corrupt, dir });
    await cache.indexFor(home.ref, home.scene);
    expect(corrupt.calls).toBe(1);
    expect(await readdir(dir)).toEqual([file]);
    expect(JSON.parse(await readFile(path, 'utf8')).nodes[0].text).toBe(nodeTexts(home.scene)[0]?.text);
  });
});
