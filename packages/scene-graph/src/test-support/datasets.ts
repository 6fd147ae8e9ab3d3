import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSceneFile } from '../io/scene-file.js';
import type { SceneGraph } from '../model/scene-graph.js';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));

/** The scenes of the repository's datasets/ folder that tests use. */
export type DatasetName = 'office' | 'home';

/** The path of datasets/<name>.json. */
export function datasetPath(name: DatasetName): string {
  return join(repository, 'datasets', `${name}.json`);
}

/** A fresh copy of a scene of datasets/, loaded and checked: a test cannot go on without it, so it throws. */
export async function datasetScene(name: DatasetName): Promise<SceneGraph> {
  const loaded = await loadSceneFile(datasetPath(name));
  if (!loaded.ok) throw new Error(`datasets/${name}.json does not load: ${loaded.error[0]?.message}`);
  return loaded.value;
}
