import { err, ok, type Result } from '@groundplan/scene-graph';
import { embeddingModelDir } from './model-catalogue.js';
import { loadEmbedder } from './onnx-embedder.js';
import { createSceneIndexCache, type SceneIndexCache } from './scene-index.js';

/**
 * Retrieval as a worker needs it: the embedding model loaded (the catalogue's default unless
 * `modelDir` names another) and a scene index cache over it, kept on disk under `cacheDir`.
 * A missing or broken model is a one-line error, for the worker to stop on at start.
 */
export async function openRetrieval(options: {
  modelDir?: string;
  cacheDir?: string;
  threads?: number;
}): Promise<Result<SceneIndexCache, string>> {
  const dir = options.modelDir ?? embeddingModelDir();
  if (dir === undefined) return err('no embedding model in packages/retrieval/models.json');
  const embedder = await loadEmbedder(dir, options.threads === undefined ? {} : { threads: options.threads });
  if (!embedder.ok) return embedder;
  return ok(
    createSceneIndexCache({
      embedder: embedder.value,
      ...(options.cacheDir ? { dir: options.cacheDir } : {}),
    }),
  );
}
