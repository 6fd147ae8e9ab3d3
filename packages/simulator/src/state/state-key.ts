import type { SceneGraph } from '@groundplan/scene-graph';
import { type SimState, sceneParent } from './sim-state.js';

/**
 * A canonical string for a state: equal keys mean the world is the same (agent place, accessed,
 * holding, and every placement and state value that differs from the scene). Changes that were
 * undone (a door closed and opened again) drop out, so a search can treat such states as one.
 */
export function stateKey(scene: SceneGraph, sim: SimState): string {
  const parts: string[] = [];
  for (const [id, placement] of sim.placements) {
    const original = sceneParent(scene, id);
    if (original?.parent === placement.parent && original.relation === placement.relation) continue;
    parts.push(`p:${id}>${placement.relation ?? ''}:${placement.parent}`);
  }
  for (const [id, changed] of sim.states) {
    const original: Readonly<Record<string, string>> = scene.getNodeAttribute(id, 'state') ?? {};
    for (const dimension of Object.keys(changed).sort()) {
      const value = changed[dimension]!;
      if (original[dimension] !== value) parts.push(`s:${id}.${dimension}=${value}`);
    }
  }
  parts.sort();
  return `${sim.agent}@${sim.place}|a:${sim.accessed ?? ''}|h:${sim.holding ?? ''}|${parts.join('|')}`;
}
