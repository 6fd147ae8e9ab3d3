import type { SceneEdge, SceneFile, SceneNode } from '../format/schema.js';
import { err, type Result } from '../result.js';
import { readSource } from './detect-format.js';
import { type ImportedScene, ImportNotes, idFragment, validateImport } from './import-report.js';
import { isRecord, sourceId, sourceNumber, sourceVector } from './source-json.js';
import type { ImportOptions } from './spark-dsg.js';

type Vec3 = [number, number, number];
type Room = { id: string; sourceId: string; floor?: string; location?: Vec3; size?: Vec3; node: SceneNode };

// Rooms whose boxes come this close are taken as adjacent: the dataset has no doors or
// navigation, and walls leave a gap between neighbouring rooms' boxes.
const ADJACENT_GAP = 0.5;

/**
 * Converts a Stanford 3D Scene Graph (Armeni et al. 2019) scene: the `output` dictionary of its
 * `3DSceneGraph_<model>.npz`, written out as JSON by scripts/3dsg-npz-to-json.py. The building, a floor
 * per `floor_number`, rooms and objects keep their layers; objects with the `pick up` action are
 * movable objects, the rest assets. The dataset has no navigation, so rooms on a floor are linked
 * where their boxes touch, the rest of each floor to its nearest room, and consecutive floors at
 * their closest rooms; every such guess is counted. Cameras and panoramas are dropped.
 */
export function importStanford3dsg(text: string, options: ImportOptions): Result<ImportedScene, string> {
  const read = readSource(
    text,
    options.file,
    'stanford-3dsg',
    hasBuilding,
    'expected "building", "room" and "object" dictionaries',
  );
  if (!read.ok) return read;
  const source = read.value;

  const notes = new ImportNotes();
  const nodes: SceneNode[] = [];
  const edges: SceneEdge[] = [];
  const origin = new Map<string, string>(); // converted id -> where it came from, to catch collisions
  const claim = (id: string, where: string): string | undefined => {
    const before = origin.get(id);
    if (before !== undefined) return `${options.file}: ${before} and ${where} both convert to the id ${id}`;
    origin.set(id, where);
    return undefined;
  };

  const building = source.building;
  const buildingId = `building_${idFragment(text3(building.name) ?? sourceId(building.id) ?? '0')}`;
  claim(buildingId, 'building');
  nodes.push({
    id: buildingId,
    kind: 'building',
    attributes: scalars(building, ['name', 'function', 'gibson_split', 'floor_area']),
  });

  const rooms: Room[] = [];
  const roomBySourceId = new Map<string, Room>();
  for (const [key, raw] of Object.entries(isRecord(source.room) ? source.room : {})) {
    if (!isRecord(raw)) return err(`${options.file}: room["${key}"] is not an object`);
    const sid = sourceId(raw.id) ?? key;
    if (roomBySourceId.has(sid))
      return err(`${options.file}: room id ${sid} appears twice; ids must be unique`);
    const category = text3(raw.scene_category) ?? 'room';
    const id = `${idFragment(category)}_${idFragment(sid)}`;
    const clash = claim(id, `room["${key}"]`);
    if (clash) return err(clash);
    const location = sourceVector(raw.location);
    const size = sourceVector(raw.size);
    const floorNumber = sourceId(raw.floor_number) ?? text3(raw.floor_number);
    const node: SceneNode = {
      id,
      kind: 'room',
      attributes: scalars(raw, ['scene_category', 'floor_area', 'volume']),
      ...(location ? { position: location } : {}),
    };
    const room: Room = {
      id,
      sourceId: sid,
      ...(floorNumber ? { floor: floorNumber } : {}),
      ...(location ? { location } : {}),
      ...(size ? { size } : {}),
      node,
    };
    rooms.push(room);
    roomBySourceId.set(sid, room);
  }

  const floorNames = [
    ...new Set(rooms.flatMap((room) => (room.floor === undefined ? [] : [room.floor]))),
  ].sort();
  if (floorNames.length === 0) floorNames.push('0');
  for (const room of rooms)
    if (room.floor === undefined) {
      room.floor = floorNames[0];
      notes.add('resolved', 'rooms with no floor_number: put on the first floor');
    }
  for (const name of floorNames) {
    const id = `floor_${idFragment(name)}`;
    const clash = claim(id, `floor ${name}`);
    if (clash) return err(clash);
    nodes.push({ id, kind: 'floor', attributes: { floor_number: name } });
    edges.push({ kind: 'hierarchy', source: buildingId, target: id });
    notes.add('added', 'floors, one per floor_number of the rooms');
  }
  for (const room of rooms) {
    nodes.push(room.node);
    edges.push({ kind: 'hierarchy', source: `floor_${idFragment(room.floor!)}`, target: room.id });
  }

  const objectIds = new Set<string>();
  for (const [key, raw] of Object.entries(isRecord(source.object) ? source.object : {})) {
    if (!isRecord(raw)) return err(`${options.file}: object["${key}"] is not an object`);
    const sid = sourceId(raw.id) ?? key;
    if (objectIds.has(sid)) return err(`${options.file}: object id ${sid} appears twice; ids must be unique`);
    objectIds.add(sid);
    const id = `${idFragment(text3(raw.class_) ?? 'object')}_${idFragment(sid)}`;
    const clash = claim(id, `object["${key}"]`);
    if (clash) return err(clash);
    const location = sourceVector(raw.location);
    let room = roomBySourceId.get(sourceId(raw.parent_room) ?? '');
    if (!room && rooms.length > 0) {
      room = nearest(rooms, location);
      notes.add('resolved', 'objects with no known parent_room: put in the nearest room');
    }
    if (!room) {
      notes.add('dropped', 'objects with no room to hold them (the scene has no rooms)');
      continue;
    }
    const actions = Array.isArray(raw.action_affordance)
      ? raw.action_affordance.filter((a): a is string => typeof a === 'string')
      : [];
    const movable = actions.some((action) => action.replace(/[\s_-]/g, '').toLowerCase() === 'pickup');
    const attributes = scalars(raw, ['class_', 'tactile_texture', 'visual_texture', 'volume']);
    if (attributes.class_ !== undefined) {
      attributes.class = attributes.class_;
      delete attributes.class_;
    }
    const materials = Array.isArray(raw.material)
      ? raw.material.filter((m): m is string => typeof m === 'string')
      : [];
    if (materials.length > 0) attributes.material = materials.join(', ');
    if (actions.length > 0) attributes.actions = actions.join(', ');
    nodes.push({
      id,
      kind: movable ? 'object' : 'asset',
      attributes,
      ...(movable ? { affordances: ['pickup'] } : {}),
      ...(location ? { position: location } : {}),
    });
    edges.push({ kind: 'hierarchy', source: room.id, target: id });
    notes.add(
      'kept',
      movable
        ? 'objects that can be picked up (movable objects)'
        : 'objects that cannot be picked up (assets)',
    );
  }
  notes.add(
    'dropped',
    'cameras (no groundplan counterpart)',
    isRecord(source.camera) ? Object.keys(source.camera).length : 0,
  );
  notes.add(
    'dropped',
    'panorama segmentations',
    isRecord(source.panorama) ? Object.keys(source.panorama).length : 0,
  );

  for (const edge of roomLinks(rooms, floorNames, notes)) edges.push(edge);
  notes.add('kept', 'scene without an agent (the dataset has no robot: add one before planning)');

  const file: SceneFile = { format: 'groundplan.scene-graph', version: 1, name: options.name, nodes, edges };
  return validateImport(file, notes);
}

/** Guessed navigation: touching rooms on a floor, then each floor made connected, then floors chained. */
function roomLinks(rooms: readonly Room[], floors: readonly string[], notes: ImportNotes): SceneEdge[] {
  const edges: SceneEdge[] = [];
  const linked = new Set<string>();
  const link = (a: Room, b: Room, note: string) => {
    const [x, y] = a.id < b.id ? [a, b] : [b, a];
    if (linked.has(`${x.id} ${y.id}`)) return;
    linked.add(`${x.id} ${y.id}`);
    edges.push({
      kind: 'navigation',
      source: x.id,
      target: y.id,
      ...(x.location && y.location ? { distance: distance(x.location, y.location) } : {}),
    });
    notes.add('added', note);
  };
  const perFloor = floors.map((floor) => rooms.filter((room) => room.floor === floor));
  for (const floorRooms of perFloor) {
    for (let i = 0; i < floorRooms.length; i++)
      for (let j = i + 1; j < floorRooms.length; j++)
        if (touching(floorRooms[i]!, floorRooms[j]!))
          link(floorRooms[i]!, floorRooms[j]!, 'navigation edges between rooms whose boxes touch');
    // Join the floor's pieces: repeatedly link the closest pair across the first piece's border.
    const piece = new Set(floorRooms.slice(0, 1));
    const grow = () => {
      for (let changed = true; changed; ) {
        changed = false;
        for (const room of floorRooms)
          if (!piece.has(room) && [...piece].some((p) => linked.has([p.id, room.id].sort().join(' ')))) {
            piece.add(room);
            changed = true;
          }
      }
    };
    grow();
    while (piece.size < floorRooms.length) {
      const outside = floorRooms.filter((room) => !piece.has(room));
      const [a, b] = closestPair([...piece], outside);
      link(a, b, 'navigation edges joining rooms no touching room reaches (nearest room on the floor)');
      grow();
    }
  }
  for (let f = 1; f < perFloor.length; f++) {
    const below = perFloor[f - 1]!;
    const above = perFloor[f]!;
    if (below.length > 0 && above.length > 0) {
      const [a, b] = closestPair(below, above);
      link(
        a,
        b,
        'navigation edges between consecutive floors at their closest rooms (stairs are not in the data)',
      );
    }
  }
  return edges;
}

function touching(a: Room, b: Room): boolean {
  if (!a.location || !a.size || !b.location || !b.size) return false;
  return [0, 1, 2].every(
    (k) =>
      Math.abs(a.location![k]! - b.location![k]!) <=
      (Math.abs(a.size![k]!) + Math.abs(b.size![k]!)) / 2 + ADJACENT_GAP,
  );
}

function closestPair(from: readonly Room[], to: readonly Room[]): [Room, Room] {
  let best: [Room, Room] = [from[0]!, to[0]!];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const a of from)
    for (const b of to) {
      const d = a.location && b.location ? distance(a.location, b.location) : Number.POSITIVE_INFINITY;
      if (d < bestDistance) [best, bestDistance] = [[a, b], d];
    }
  return best;
}

function nearest(rooms: readonly Room[], point: Vec3 | undefined): Room {
  if (!point) return rooms[0]!;
  return rooms.reduce((best, room) =>
    room.location && (!best.location || distance(room.location, point) < distance(best.location, point))
      ? room
      : best,
  );
}

function distance(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function text3(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The named fields that are strings or finite numbers, as attributes. */
function scalars(record: Record<string, unknown>, keys: readonly string[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of keys) {
    const value = record[key];
    const number = sourceNumber(value);
    if (number !== undefined) out[key] = number;
    else if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

function hasBuilding(
  source: Record<string, unknown>,
): source is Record<string, unknown> & { building: Record<string, unknown> } {
  return isRecord(source.building);
}
