import type { SceneEdge, SceneFile, SceneNode } from '../../packages/scene-graph/src/index.js';
import { type BuildingTable, CATALOGUE, type Thing } from './tables.js';

/** Turns a building table into a scene file, in table order so the output is stable. */
export function compileBuilding(table: BuildingTable): SceneFile {
  const nodes: SceneNode[] = [];
  const edges: SceneEdge[] = [];
  const positions = new Map<string, readonly [number, number, number]>();

  for (const floor of table.floors) nodes.push(withOptional({ id: floor.id, kind: 'floor' }, floor.a));
  for (const room of table.rooms) {
    nodes.push(withOptional({ id: room.id, kind: 'room', position: [...room.position] }, room.a));
    positions.set(room.id, room.position);
    edges.push({ kind: 'hierarchy', source: room.floor, target: room.id });
  }
  for (const pose of table.poses) {
    nodes.push({
      id: pose.id,
      kind: 'pose',
      attributes: { floor: pose.floor },
      position: [...pose.position],
    });
    positions.set(pose.id, pose.position);
  }
  for (const room of table.rooms) {
    for (const thing of room.contents) addThing(thing, room.id, undefined, nodes, edges);
  }
  nodes.push({ id: table.agent.id, kind: 'agent' });

  for (const room of table.rooms) {
    edges.push({
      kind: 'navigation',
      source: room.id,
      target: room.door,
      distance: gap(positions, room.id, room.door),
    });
  }
  for (const link of table.links) {
    const distance = link.distance ?? gap(positions, link.from, link.to);
    edges.push({ kind: 'navigation', source: link.from, target: link.to, distance });
  }
  edges.push({ kind: 'at', source: table.agent.id, target: table.agent.at });
  if (table.agent.holding) addThing(table.agent.holding, table.agent.id, undefined, nodes, edges);

  return {
    format: 'groundplan.scene-graph',
    version: 1,
    name: table.name,
    description: table.description,
    nodes,
    edges,
  };
}

/** Adds a thing and its contents; children of a container are `inside` it, of anything else `on` it. */
function addThing(
  thing: Thing,
  parent: string,
  relation: 'on' | 'inside' | undefined,
  nodes: SceneNode[],
  edges: SceneEdge[],
): void {
  const kind = CATALOGUE[thing.type];
  const affordances = [...kind.affordances, ...(thing.details.plus ?? [])];
  const state = { ...('state' in kind ? kind.state : {}), ...thing.details.s };
  const attributes = { ...('attributes' in kind ? kind.attributes : {}), ...thing.details.a };
  const node: SceneNode = { id: thing.id, kind: thing.kind };
  if (Object.keys(attributes).length > 0) node.attributes = attributes;
  if (Object.keys(state).length > 0) node.state = state;
  if (affordances.length > 0) node.affordances = affordances;
  nodes.push(node);
  edges.push(
    relation === undefined
      ? { kind: 'hierarchy', source: parent, target: thing.id }
      : { kind: 'hierarchy', source: parent, target: thing.id, relation },
  );
  const childRelation = affordances.includes('contain') ? 'inside' : 'on';
  for (const child of thing.children) addThing(child, thing.id, childRelation, nodes, edges);
}

function withOptional(node: SceneNode, attributes: SceneNode['attributes']): SceneNode {
  return attributes === undefined ? node : { ...node, attributes };
}

/** Straight-line metres between two positioned places, to the centimetre so files stay readable. */
function gap(positions: Map<string, readonly [number, number, number]>, a: string, b: string): number {
  const pa = positions.get(a);
  const pb = positions.get(b);
  if (!pa || !pb) throw new Error(`navigation link ${a} - ${b}: both ends need a position`);
  return Math.round(Math.hypot(pa[0] - pb[0], pa[1] - pb[1], pa[2] - pb[2]) * 100) / 100;
}
