import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { sceneToJson } from '../format/canonical-json.js';
import { generateScene } from '../generate/generate-scene.js';
import { decodeCompactScene, encodeCompactScene } from './compact-scene.js';
import { loadSceneFile } from './scene-file.js';
import { sceneFileLimit } from './scene-size.js';
import { fileSceneStore } from './scene-store.js';

describe('the compact form of a scene', () => {
  const scene = generateScene({ seed: 3, floors: 2, roomsPerFloor: 4, assetsPerRoom: 2, objectsPerAsset: 2 });
  const dir = mkdtempSync(`${tmpdir()}/groundplan-compact-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('decodes to the scene it was made from', () => {
    const decoded = decodeCompactScene(encodeCompactScene(scene));
    expect(decoded.ok && sceneToJson(decoded.value)).toBe(sceneToJson(scene));
  });

  it('says in one line that damaged bytes are not a scene', () => {
    const bytes = encodeCompactScene(scene);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 100] = flipped[flipped.length - 100]! ^ 1;
    expect(decodeCompactScene(flipped)).toEqual({ ok: false, error: expect.stringContaining('CRC32') });
    expect(decodeCompactScene(bytes.subarray(0, bytes.length - 8))).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^the compact scene is \d+ bytes, its header says \d+; the file is damaged$/,
      ),
    });
    expect(decodeCompactScene(Buffer.from('{"nodes":[]}'))).toEqual({
      ok: false,
      error: 'not a compact scene (no GPSCENE1 mark at the start)',
    });
  });

  it('is what a fresh store loads a large scene from, once the first load wrote it', async () => {
    const ref = await fileSceneStore(dir, { compactFromNodes: 10 }).put(scene);
    expect((await fileSceneStore(dir, { compactFromNodes: 10 }).get(ref)).ok).toBe(true);
    const json = `${dir}/${ref.slice('sha256:'.length)}.json`;
    const text = readFileSync(json, 'utf8');
    writeFileSync(json, 'not the scene'); // only the compact form can answer now
    const again = await fileSceneStore(dir, { compactFromNodes: 10 }).get(ref);
    expect(again.ok && sceneToJson(again.value)).toBe(sceneToJson(scene));
    writeFileSync(json, text);
  });

  it('is only a cache: a damaged compact form falls back to the JSON', async () => {
    const ref = await fileSceneStore(dir, { compactFromNodes: 10 }).put(scene);
    await fileSceneStore(dir, { compactFromNodes: 10 }).get(ref);
    writeFileSync(`${dir}/${ref.slice('sha256:'.length)}.scene-compact`, 'GPSCENE1 broken');
    const loaded = await fileSceneStore(dir, { compactFromNodes: 10 }).get(ref);
    expect(loaded.ok && sceneToJson(loaded.value)).toBe(sceneToJson(scene));
  });
});

describe('a scene too large for this process', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-large-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails at load in one line naming its size and the limit, before reading it', async () => {
    const file = `${dir}/campus.json`;
    writeFileSync(file, '');
    truncateSync(file, sceneFileLimit().bytes + 1e6); // sparse: no disk is used
    const loaded = await loadSceneFile(file);
    expect(loaded.ok).toBe(false);
    const message = !loaded.ok ? loaded.error[0]!.message : '';
    expect(message).toMatch(
      /^scene file .*campus\.json is [\d.]+ [MG]B, more than the [\d.]+ [MG]B this process can load: /,
    );
    expect(message).not.toContain('\n');
  });
});
