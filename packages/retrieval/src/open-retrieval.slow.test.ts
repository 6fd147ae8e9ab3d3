import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { memorySceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { openRetrieval } from './open-retrieval.js';
import { rankNodes } from './rank.js';

describe('retrieval as a worker opens it', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-open-retrieval-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the default model and indexes a scene by its reference', async () => {
    const retrieval = await openRetrieval({ cacheDir: dir });
    if (!retrieval.ok) throw new Error(retrieval.error);
    const office = await datasetScene('office');
    const ref = await memorySceneStore().put(office);
    const index = await retrieval.value.indexFor(ref, office);
    const [best] = await rankNodes(index, 'Find me a banana.', { kinds: ['room'], limit: 1 });
    expect(best?.id).toBe('kitchen');
  });

  it('refuses a model folder with no model in one line', async () => {
    const missing = await openRetrieval({ modelDir: `${dir}/no-model` });
    expect(missing.ok).toBe(false);
    expect(missing.ok ? '' : missing.error).not.toContain('\n');
  });
});
