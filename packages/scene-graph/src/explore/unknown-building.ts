import type { SceneEdge, SceneFile, SceneNode } from '../format/schema.js';
import { agentLocation, agentOf } from '../model/queries.js';
import { buildSceneGraph, type SceneGraph, sceneToFile } from '../model/scene-graph.js';
import { placesAround } from './places-around.js';

export type UnknownBuildingOptions = {
  /** Also know the floor plan: every floor, room and pose and the ways between them, no contents. */
  floorPlan?: boolean;
  /** Where the robot stands (a room or pose), when not where the scene puts it: a robot that has moved since. */
  at?: string;
};

/**
 * What a robot knows on arriving in a building it has never seen: where it stands (its room, or
 * the corridor places in sight of its pose), or with the floor plan switch every place and way
 * but nothing in any room. Exploring makes it grow (look_around reveals a room and its doors).
 * Undefined for a world with no agent location.
 */
export function unknownBuilding(
  world: SceneGraph,
  options: UnknownBuildingOptions = {},
): SceneGraph | undefined {
  const agent = agentOf(world);
  const here = options.at ?? agentLocation(world);
  if (agent === undefined || here === undefined || !world.hasNode(here)) return undefined;
  const full = sceneToFile(world);
  const byId = new Map(full.nodes.map((candidate) => [candidate.id, candidate]));
  const keep = new Set<string>([agent, here]);
  const edges: SceneEdge[] = [{ kind: 'at', source: agent, target: here }];
  if (options.floorPlan) {
    for (const candidate of full.nodes)
      if (['campus', 'building', 'floor', 'room', 'pose'].includes(candidate.kind)) keep.add(candidate.id);
    for (const edge of full.edges)
      if (edge.kind !== 'at' && keep.has(edge.source) && keep.has(edge.target)) edges.push(edge);
  } else if (world.getNodeAttribute(here, 'kind') === 'room') {
    const { places } = placesAround(world, here, 0);
    for (const place of places) keep.add(place.id);
    for (const place of places)
      if (place.parent !== undefined)
        edges.push({ kind: 'hierarchy', source: place.parent, target: place.id });
  } else {
    const { places, passages } = placesAround(world, here);
    for (const place of places) keep.add(place.id);
    for (const place of places)
      if (place.parent !== undefined)
        edges.push({ kind: 'hierarchy', source: place.parent, target: place.id });
    for (const passage of passages) edges.push({ kind: 'navigation', ...passage });
  }
  const nodes: SceneNode[] = [...keep].sort().map((id) => byId.get(id)!);
  const file: SceneFile = {
    ...full,
    name: `${full.name}-unknown`.slice(0, 128),
    description: `What a robot arriving in ${full.name} knows${options.floorPlan ? ' (the floor plan, no contents)' : ' (where it stands)'}.`,
    nodes,
    edges,
  };
  return buildSceneGraph(file);
}
