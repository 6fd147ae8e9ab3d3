import { agentLocation, agentOf, parentOf, type SceneGraph } from '@groundplan/scene-graph';

/**
 * What changed from one version of a scene to the next, one short line per change, in id order:
 * "mug_1 moved from desk_3 to kitchen_bench", "cabinet_3 door: closed -> open".
 */
export function sceneChanges(before: SceneGraph, after: SceneGraph): string[] {
  const changes: string[] = [];
  const beforePlace = agentLocation(before);
  const afterPlace = agentLocation(after);
  const agent = agentOf(after) ?? agentOf(before);
  if (beforePlace !== afterPlace) changes.push(`${agent} moved from ${beforePlace} to ${afterPlace}`);
  const ids = new Set([...before.nodes(), ...after.nodes()]);
  for (const id of [...ids].sort()) {
    const was = before.hasNode(id);
    const is = after.hasNode(id);
    if (!was) {
      changes.push(`${id} added ${where(after, id)}`);
      continue;
    }
    if (!is) {
      changes.push(`${id} removed (was ${where(before, id)})`);
      continue;
    }
    const from = parentOf(before, id);
    const to = parentOf(after, id);
    if (from?.parent !== to?.parent || from?.relation !== to?.relation)
      changes.push(`${id} moved from ${from?.parent ?? 'nowhere'} to ${to?.parent ?? 'nowhere'}`);
    const oldState = before.getNodeAttribute(id, 'state') ?? {};
    const newState = after.getNodeAttribute(id, 'state') ?? {};
    for (const dimension of [...new Set([...Object.keys(oldState), ...Object.keys(newState)])].sort()) {
      const old = own(oldState, dimension);
      const now = own(newState, dimension);
      if (old !== now) changes.push(`${id} ${dimension}: ${old ?? 'unknown'} -> ${now ?? 'unknown'}`);
    }
  }
  return changes;
}

function where(scene: SceneGraph, id: string): string {
  const placement = parentOf(scene, id);
  if (placement === undefined) return 'at the top level';
  return `${placement.relation ?? 'in'} ${placement.parent}`;
}

// State names are data: "constructor" must not read Object.prototype's.
function own(record: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
