import { heldObject, parentOf, type SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';

/** The office as the evaluation runs most tasks: the robot starts empty-handed (packages/eval/src/scenes.ts). */
export async function emptyHandedOffice(): Promise<SceneGraph> {
  const office = await datasetScene('office');
  const held = heldObject(office);
  if (held !== undefined) office.dropNode(held);
  return office;
}

/**
 * The explored subgraph that shows the given nodes: each node with the assets, objects and room
 * above it, as a search that expanded down to them would have it.
 */
export function exploredAround(scene: SceneGraph, ids: readonly string[]): string[] {
  const nodes = new Set<string>();
  for (const id of ids) {
    let current: string | undefined = id;
    while (current !== undefined && scene.hasNode(current) && !nodes.has(current)) {
      const kind = scene.getNodeAttribute(current, 'kind');
      if (kind === 'floor' || kind === 'building' || kind === 'agent') break;
      nodes.add(current);
      if (kind === 'room') break;
      current = parentOf(scene, current)?.parent;
    }
  }
  return [...nodes];
}
