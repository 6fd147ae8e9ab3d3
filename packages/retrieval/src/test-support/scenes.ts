import { type SceneGraph, sceneRef } from '@groundplan/scene-graph';
import { type DatasetName, datasetScene } from '@groundplan/scene-graph/test-support';
import type { Embedder } from '../embedder.js';
import { embeddingModelDir } from '../model-catalogue.js';
import { loadEmbedder } from '../onnx-embedder.js';

/** One of the repo's datasets (office, home) with its scene ref. */
export async function dataset(name: DatasetName): Promise<{ scene: SceneGraph; ref: string }> {
  const scene = await datasetScene(name);
  return { scene, ref: sceneRef(scene) };
}

/** The installed default embedding model; tests need it installed (scripts/setup.sh does). */
export async function installedEmbedder(): Promise<Embedder> {
  const loaded = await loadEmbedder(embeddingModelDir() as string);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

/** The real embedder, counting the texts it is asked to embed. */
export function counted(embedder: Embedder): Embedder & { calls: number; texts: number } {
  const wrapper = {
    model: embedder.model,
    dimension: embedder.dimension,
    calls: 0,
    texts: 0,
    async embed(texts: readonly string[]) {
      wrapper.calls++;
      wrapper.texts += texts.length;
      return embedder.embed(texts);
    },
    close: () => embedder.close(),
  };
  return wrapper;
}
