import { fileURLToPath } from 'node:url';
import { loadSceneFile, type SceneGraph } from '@groundplan/scene-graph';

/** The path of a scene of the repository's datasets/ folder. */
export const datasetPath = (name: 'office' | 'home'): string =>
  fileURLToPath(new URL(`../../../../datasets/${name}.json`, import.meta.url));

/** A scene of datasets/, loaded and checked: a test cannot go on without it, so it throws. */
export async function datasetScene(name: 'office' | 'home'): Promise<SceneGraph> {
  const loaded = await loadSceneFile(datasetPath(name));
  if (!loaded.ok) throw new Error(`datasets/${name}.json does not load`);
  return loaded.value;
}
