import type { SceneEdge, SceneFile, SceneNode } from '../format/schema.js';
import { err, type Result } from '../result.js';
import { hasNodesAndEdges, readSource } from './detect-format.js';
import { type ImportedScene, ImportNotes, validateImport } from './import-report.js';
import { isRecord, sourceId, sourceNumber, sourceVector } from './source-json.js';

/** Where the source came from (for messages) and what to call the scene. */
export type ImportOptions = { file: string; name: string };

type Vec3 = [number, number, number];
type Role = 'building' | 'room' | 'place' | 'object' | 'agent';
type SparkNode = {
  id: string;
  index: number;
  role: Role;
  position?: Vec3;
  attributes: Record<string, string | number>;
};

// Spark-DSG's fixed layer numbers (spark_dsg.DsgLayers): 2 objects and agents, 3 places, 4 rooms,
// 5 buildings. The mesh (layer 1) and anything else has no counterpart in groundplan.
const LAYER_ROLES: Record<number, Role> = { 2: 'object', 3: 'place', 4: 'room', 5: 'building' };

/**
 * Converts a Spark-DSG / Hydra JSON scene graph. Ids stay the exact decimal text of the 64-bit
 * node ids; buildings, rooms and objects keep their kind, places become poses (the navigation
 * layer), a floor is added under each building (Spark-DSG has no floor layer), objects go to the
 * room of the place they hang from, and the latest pose of the agent's trajectory becomes the agent.
 */
export function importSparkDsg(text: string, options: ImportOptions): Result<ImportedScene, string> {
  const read = readSource(
    text,
    options.file,
    'spark-dsg',
    hasNodesAndEdges,
    'expected "nodes" with "layer" and "attributes", and "edges"',
  );
  if (!read.ok) return read;
  const source = read.value;

  const notes = new ImportNotes();
  const nodes = new Map<string, SparkNode>();
  const timestamps = new Map<string, bigint>();
  for (let i = 0; i < source.nodes.length; i++) {
    const raw = source.nodes[i];
    const where = `${options.file}: nodes[${i}]`;
    if (!isRecord(raw)) return err(`${where} is not an object`);
    const id = sourceId(raw.id);
    if (id === undefined) return err(`${where} has no numeric "id"`);
    if (!/^\d+$/.test(id)) return err(`${where}: id ${id} is not a Spark-DSG node id (a whole number)`);
    const layer = sourceNumber(Array.isArray(raw.layer) ? raw.layer[0] : raw.layer);
    if (layer === undefined) return err(`${where} (id ${id}) has no "layer"`);
    const attributes = isRecord(raw.attributes) ? raw.attributes : {};
    const seen = nodes.get(id);
    if (seen)
      return err(
        `${options.file}: node id ${id} appears twice (nodes[${seen.index}] and nodes[${i}]); ids must be unique`,
      );
    const role: Role | undefined = attributes.type === 'AgentNodeAttributes' ? 'agent' : LAYER_ROLES[layer];
    if (role === undefined) {
      notes.add('dropped', `nodes of layer ${layer} (no groundplan counterpart)`);
      continue;
    }
    const position = sourceVector(attributes.position);
    nodes.set(id, {
      id,
      index: i,
      role,
      ...(position ? { position } : {}),
      attributes: describe(attributes),
    });
    if (role === 'agent') {
      const time = sourceId(raw.timestamp) ?? '';
      timestamps.set(id, /^\d+$/.test(time) ? BigInt(time) : 0n); // nanoseconds: beyond a double's exact range
    }
  }

  // Edges are undirected in the file; what they mean follows from the kinds of their two ends.
  const placeRoom = new Map<string, string>();
  const objectPlace = new Map<string, string>();
  const objectRoom = new Map<string, string>();
  const roomBuilding = new Map<string, string>();
  const agentPlace = new Map<string, string>();
  const navigation: [string, string][] = [];
  const navigationSeen = new Set<string>();
  const addNavigation = (a: string, b: string) => {
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    if (navigationSeen.has(key)) return notes.add('merged', 'repeated navigation edges');
    navigationSeen.add(key);
    navigation.push([a, b]);
  };
  for (let i = 0; i < source.edges.length; i++) {
    const raw = source.edges[i];
    if (!isRecord(raw)) return err(`${options.file}: edges[${i}] is not an object`);
    const a = nodes.get(sourceId(raw.source) ?? '');
    const b = nodes.get(sourceId(raw.target) ?? '');
    if (!a || !b) {
      notes.add('dropped', 'edges to nodes that were dropped or are not in the file');
      continue;
    }
    const [first, second] = a.role <= b.role ? [a, b] : [b, a]; // the pair's roles in alphabetical order
    switch (`${first.role}-${second.role}`) {
      case 'place-place':
      case 'room-room':
        addNavigation(a.id, b.id);
        break;
      case 'place-room':
        setOnce(placeRoom, first.id, second.id, notes, 'places in several rooms: the first room kept');
        addNavigation(first.id, second.id);
        break;
      case 'object-place':
        setOnce(objectPlace, first.id, second.id, notes, 'objects at several places: the first place kept');
        break;
      case 'object-room':
        setOnce(objectRoom, first.id, second.id, notes, 'objects in several rooms: the first room kept');
        break;
      case 'building-room':
        setOnce(
          roomBuilding,
          second.id,
          first.id,
          notes,
          'rooms in several buildings: the first building kept',
        );
        break;
      case 'agent-place':
        agentPlace.set(first.id, second.id);
        break;
      case 'agent-agent':
        notes.add('dropped', 'agent trajectory edges (one agent is kept)');
        break;
      default:
        notes.add('dropped', `${first.role}-${second.role} edges (no groundplan counterpart)`);
    }
  }

  const out: SceneNode[] = [];
  const edges: SceneEdge[] = [];
  const byRole = (role: Role) => [...nodes.values()].filter((node) => node.role === role);
  const toScene = (node: SparkNode, kind: SceneNode['kind']): SceneNode => ({
    id: node.id,
    kind,
    ...(Object.keys(node.attributes).length > 0 ? { attributes: node.attributes } : {}),
    ...(node.position ? { position: node.position } : {}),
  });

  // Buildings hold rooms directly in Spark-DSG; groundplan has a floor between them.
  const buildings = byRole('building');
  const rooms = byRole('room');
  const places = byRole('place');
  const floorOf = new Map<string, string>();
  for (const building of buildings) {
    out.push(toScene(building, 'building'));
    const floor = `${building.id}_floor`;
    floorOf.set(building.id, floor);
    out.push({
      id: floor,
      kind: 'floor',
      ...(building.attributes.name ? { attributes: { name: `${building.attributes.name} floor` } } : {}),
    });
    edges.push({ kind: 'hierarchy', source: building.id, target: floor });
    notes.add('added', 'floors, one per building (Spark-DSG has no floor layer)');
  }
  for (const room of rooms) {
    out.push(toScene(room, 'room'));
    if (buildings.length === 0) continue;
    let building = roomBuilding.get(room.id);
    if (building === undefined) {
      building = nearest(room, buildings)?.id ?? buildings[0]!.id;
      notes.add('resolved', 'rooms without a building: put in the nearest building');
    }
    edges.push({ kind: 'hierarchy', source: floorOf.get(building)!, target: room.id });
  }
  for (const place of places) out.push(toScene(place, 'pose'));
  notes.add('kept', 'places as poses of the navigation layer', places.length);
  const unroomed = places.filter((place) => !placeRoom.has(place.id)).length;
  notes.add('kept', 'places in no room (poses linked only to other poses)', unroomed);
  for (const [a, b] of navigation) edges.push(navigationEdge(nodes.get(a)!, nodes.get(b)!));

  const roomedPlaces = places.filter((place) => placeRoom.has(place.id));
  for (const object of byRole('object')) {
    let room = objectRoom.get(object.id);
    const place = objectPlace.get(object.id);
    if (room === undefined && place !== undefined) {
      room = placeRoom.get(place);
      if (room !== undefined) notes.add('resolved', "objects attached to a place: put in that place's room");
      else {
        const near = nearest(nodes.get(place)!, roomedPlaces);
        room = near ? placeRoom.get(near.id) : undefined;
        if (room !== undefined)
          notes.add(
            'resolved',
            'objects attached to a place in no room: put in the room of the nearest place that has one',
          );
      }
    }
    if (room === undefined) {
      room = nearest(object, rooms)?.id;
      if (room !== undefined) notes.add('resolved', 'objects with no place: put in the nearest room');
    }
    if (room === undefined) {
      notes.add('dropped', 'objects with no room to hold them (the scene has no rooms)');
      continue;
    }
    out.push(toScene(object, 'object'));
    edges.push({ kind: 'hierarchy', source: room, target: object.id });
  }

  // groundplan has one robot; the trajectory's latest pose is where it is now.
  const latestFirst = (x: SparkNode, y: SparkNode) => {
    const [tx, ty] = [timestamps.get(x.id)!, timestamps.get(y.id)!];
    return tx === ty ? (x.id < y.id ? -1 : 1) : tx > ty ? -1 : 1;
  };
  const agents = byRole('agent').sort(latestFirst);

  const agent = agents[0];
  if (agent) {
    notes.add(
      'dropped',
      'earlier agent poses of the trajectory (the latest is kept as the agent)',
      agents.length - 1,
    );
    let place = agentPlace.get(agent.id);
    if (place === undefined) {
      place = nearest(agent, places)?.id ?? nearest(agent, rooms)?.id;
      if (place !== undefined) notes.add('resolved', 'agent with no place: put at the nearest place');
    }
    if (place !== undefined) {
      out.push({ ...toScene(agent, 'agent') });
      edges.push({ kind: 'at', source: agent.id, target: place });
    } else notes.add('dropped', 'agent with nowhere to be (the scene has no places or rooms)');
  }

  const file: SceneFile = {
    format: 'groundplan.scene-graph',
    version: 1,
    name: options.name,
    nodes: out,
    edges,
  };
  return validateImport(file, notes);
}

function setOnce(
  map: Map<string, string>,
  key: string,
  value: string,
  notes: ImportNotes,
  note: string,
): void {
  const before = map.get(key);
  if (before === undefined) map.set(key, value);
  else if (before !== value) notes.add('resolved', note);
}

function navigationEdge(a: SparkNode, b: SparkNode): SceneEdge {
  const [source, target] = a.id < b.id ? [a, b] : [b, a];
  const edge: SceneEdge = { kind: 'navigation', source: source.id, target: target.id };
  if (a.position && b.position)
    edge.distance = Math.hypot(
      a.position[0] - b.position[0],
      a.position[1] - b.position[1],
      a.position[2] - b.position[2],
    );
  return edge;
}

function nearest(from: SparkNode, candidates: readonly SparkNode[]): SparkNode | undefined {
  if (!from.position) return candidates[0];
  let best: SparkNode | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (!candidate.position) continue;
    const d = Math.hypot(...(from.position.map((v, k) => v - candidate.position![k]!) as Vec3));
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best ?? candidates[0];
}

// Scalar facts only: names and semantic labels; bounding boxes, meshes and colours stay behind.
function describe(attributes: Record<string, unknown>): Record<string, string | number> {
  const described: Record<string, string | number> = {};
  if (typeof attributes.name === 'string' && attributes.name !== '') described.name = attributes.name;
  const label = sourceNumber(attributes.semantic_label);
  if (label !== undefined && attributes.type !== 'PlaceNodeAttributes') described.semantic_label = label;
  return described;
}
