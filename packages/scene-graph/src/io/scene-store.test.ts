import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('takes the same scene put by many stores at once (found by the CLI fuzz: a shared temporary name failed with ENOENT)', async () => {
    const refs = await Promise.all(Array.from({ length: 20 }, () => fileSceneStore(dir).put(scene)));
    expect(new Set(refs).size).toBe(1);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
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

  it('names the file and the spot when a stored scene is truncated or corrupt, in one line', async () => {
    const store = fileSceneStore(dir);
    const ref = await store.put(scene);
    const file = `${dir}/${ref.slice('sha256:'.length)}.json`;
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, 1000));
    expect(await fileSceneStore(dir).get(ref)).toEqual({
      ok: false,
      error: expect.stringMatching(
        new RegExp(
          `^the stored scene file ${file} is not valid JSON at line \\d+, column \\d+ \\(character 1000\\): the text ends early; the file may be truncated; put the scene again$`,
        ),
      ),
    });
    writeFileSync(file, text.replace('"kind":"room"', '"kind":"lounge"'));
    const invalid = await fileSceneStore(dir).get(ref);
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.error).toMatch(
      new RegExp(
        `^the stored scene file ${file} is invalid: nodes\\[\\d+\\]\\.kind: expected one of [^\\n]*$`,
      ),
    );
    writeFileSync(file, text);
  });
});
