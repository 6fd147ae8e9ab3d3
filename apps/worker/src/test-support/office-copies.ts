import type { SceneRef, SceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';

/**
 * `count` copies of the office in the store, each under its own scene reference: only the
 * description names the copy, so the prompts (and the replayed answers) are the office's, while
 * the simulated robot keeps a separate world per copy and many runs can execute side by side.
 */
export async function officeCopies(store: SceneStore, count: number): Promise<SceneRef[]> {
  const office = await datasetScene('office');
  const description = office.getAttribute('description') ?? '';
  const refs: SceneRef[] = [];
  for (let copy = 0; copy < count; copy++) {
    office.setAttribute('description', `${description} (copy ${copy})`);
    refs.push(await store.put(office.copy()));
  }
  return refs;
}
