import type { SceneGraph } from '../model/scene-graph.js';
import type { SceneRef } from './scene-ref.js';
import type { SceneStore } from './scene-store.js';

/** The failure type of a scene reference that names no stored scene; retrying cannot help. */
export const SCENE_NOT_FOUND = 'SceneNotFound';

/**
 * Thrown by requireScene. Temporal reports a thrown error by its name, so activities fail with
 * type SceneNotFound, which every activity's retry policy lists as non-retryable.
 */
export class SceneNotFoundError extends Error {
  override readonly name = SCENE_NOT_FOUND;
}

/** The scene a reference names, loaded from the store, or a SceneNotFoundError saying why not. */
export async function requireScene(store: SceneStore, ref: SceneRef): Promise<SceneGraph> {
  const scene = await store.get(ref);
  if (!scene.ok) throw new SceneNotFoundError(scene.error);
  return scene.value;
}
