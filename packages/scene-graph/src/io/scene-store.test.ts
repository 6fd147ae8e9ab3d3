import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { sceneToJson } from '../format/canonical-json.js';
import { generateScene } from '../generate/generate-scene.js';
import { fileSceneStore } from './scene-store.js';

describe('the file scene store', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-scenes-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const scene = generateScene({ seed: 7, floors: 1, roomsPerFloor: 3, assetsPerRoom: 2, objectsPerAsset: 1 });

  it('returns the same scene by its reference, also from a fresh store over the same folder', async () => {
    const ref = await fileSceneStore(dir).put(scene);
    expect(ref).toMatch(/^sha256:[0-9a-f]{64}$/);
    const loaded = await fileSceneStore(dir).get(ref);
    expect(loaded.ok && sceneToJson(loaded.value)).toBe(sceneToJson(scene));
  });

  it('stores a scene once however often it is put', async () => {
    const store = fileSceneStore(dir);
    await store.put(scene);
    await store.put(scene);
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });

  it('says what is wrong with an unknown or malformed reference', async () => {
    const store = fileSceneStore(dir);
    expect(await store.get(`sha256:${'0'.repeat(64)}`)).toEqual({
      ok: false,
      error: expect.stringContaining('register the scene first'),
    });
    expect(await store.get('office')).toEqual({
      ok: false,
      error: expect.stringContaining('is not a scene reference'),
    });
  });
});
