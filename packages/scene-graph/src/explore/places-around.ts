import { floorOf, parentOf } from '../model/queries.js';
import type { SceneGraph } from '../model/scene-graph.js';
import type { SeenPassage, SeenPlace } from '../observe/observation.js';

/**
 * Corridor poses a robot sees past from a door: all of the corridors by default. A limit leaves
 * rooms further along unknown with no way for the robot to learn of them (looks are made in
 * rooms), so exploration could end with rooms unseen; rooms stay unknown until a door is seen.
 */
export const DEFAULT_SIGHT_HOPS = Number.POSITIVE_INFINITY;

/**
 * The places a robot sees from a room or pose of the world and the ways between them: through
 * its doors, along the corridor up to `hops` poses away, and the rooms whose doors open there
 * (seen, not entered: their own doors are seen from inside). Rooms come with their floor, so the
 * belief can place them; what the rooms hold is never part of it.
 */
export function placesAround(
  world: SceneGraph,
  from: string,
  hops = DEFAULT_SIGHT_HOPS,
): { places: SeenPlace[]; passages: SeenPassage[] } {
  const depth = new Map<string, number>([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head]!;
    const kind = world.getNodeAttribute(here, 'kind');
    // Another room's doors are behind its walls; a pose past the sight limit shows nothing more.
    if ((kind === 'room' && here !== from) || depth.get(here)! >= hops) continue;
    world.forEachUndirectedNeighbor(here, (next) => {
      if (depth.has(next)) return;
      depth.set(next, depth.get(here)! + 1);
      queue.push(next);
    });
  }
  const seen = [...depth.keys()].sort();
  const places: SeenPlace[] = [];
  const floors = new Set<string>();
  for (const id of seen) {
    const attributes = world.getNodeAttributes(id);
    if (attributes.kind !== 'room' && attributes.kind !== 'pose') continue;
    const floor = attributes.kind === 'room' ? floorOf(world, id) : undefined;
    if (floor !== undefined && parentOf(world, id)?.parent === floor) floors.add(floor);
    places.push({
      id,
      type: attributes.kind,
      ...(floor !== undefined && parentOf(world, id)?.parent === floor ? { parent: floor } : {}),
      ...(attributes.attributes === undefined ? {} : { attributes: { ...attributes.attributes } }),
      ...(attributes.position === undefined ? {} : { position: [...attributes.position] }),
    });
  }
  const floorPlaces: SeenPlace[] = [...floors].sort().map((id) => {
    const attributes = world.getNodeAttribute(id, 'attributes');
    return { id, type: 'floor', ...(attributes === undefined ? {} : { attributes: { ...attributes } }) };
  });
  const passages: SeenPassage[] = [];
  const counted = new Set<string>();
  for (const id of seen)
    world.forEachUndirectedEdge(id, (edge, attributes, source, target) => {
      if (attributes.kind !== 'navigation' || counted.has(edge)) return;
      counted.add(edge);
      if (depth.has(source) && depth.has(target))
        passages.push({ source, target, distance: attributes.distance });
    });
  passages.sort((a, b) => `${a.source} ${a.target}`.localeCompare(`${b.source} ${b.target}`));
  return { places: [...floorPlaces, ...places], passages };
}
