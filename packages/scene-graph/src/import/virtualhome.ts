import type { Relation, SceneEdge, SceneFile, SceneNode } from '../format/schema.js';
import { err, type Result } from '../result.js';
import { hasNodesAndEdges, readSource } from './detect-format.js';
import { type ImportedScene, ImportNotes, idFragment, validateImport } from './import-report.js';
import { isRecord, sourceId, sourceVector } from './source-json.js';
import type { ImportOptions } from './spark-dsg.js';

type Vec3 = [number, number, number];
type Role = 'room' | 'asset' | 'object' | 'agent' | 'structure';
type VhNode = {
  id: string;
  index: number;
  role: Role;
  category: string;
  className: string;
  properties: string[];
  states: string[];
  center?: Vec3;
  size?: Vec3;
};
type Support = { target: string; relation: Relation };

// Walls, ceilings and floor tiles are the rooms' shell, not things a robot acts on; doorjambs are
// door frames (Doors that cannot open). Their edges still tell which room a node is in.
const STRUCTURE = new Set(['Walls', 'Ceiling', 'Floor', 'Floors']);
const STATES: Record<string, [string, string]> = {
  CLOSED: ['door', 'closed'],
  OPEN: ['door', 'open'],
  ON: ['power', 'on'],
  OFF: ['power', 'off'],
  DIRTY: ['cleanliness', 'dirty'],
  CLEAN: ['cleanliness', 'clean'],
};
// Properties with a groundplan skill; the others stay in the `properties` attribute.
const SKILLS: Record<string, { skills: string[]; needs?: string }> = {
  GRABBABLE: { skills: ['pickup'] },
  CAN_OPEN: { skills: ['open', 'close'], needs: 'door' },
  HAS_SWITCH: { skills: ['turn_on', 'turn_off'], needs: 'power' },
  CONTAINERS: { skills: ['contain'] },
};

/**
 * Converts a VirtualHome environment graph. Rooms stay rooms, GRABBABLE things become objects and
 * the rest assets; walls, ceilings, floors and doorjambs are dropped; doors that open are assets
 * and every door or doorjamb BETWEEN two rooms becomes a navigation edge between them. Each node
 * gets one parent by the rule in FORMAT.md ("Importing"): an object goes on or in its smallest
 * supporting asset or object in the same room, else in its room; an asset always goes in its room,
 * the asset it stands on or in kept as its `on` / `inside` attribute. CLOSE and FACING are dropped.
 */
export function importVirtualHome(text: string, options: ImportOptions): Result<ImportedScene, string> {
  const read = readSource(
    text,
    options.file,
    'virtualhome',
    hasNodesAndEdges,
    'expected "nodes" with "class_name" and "edges" with "relation_type"',
  );
  if (!read.ok) return read;
  const source = read.value;

  const notes = new ImportNotes();
  const nodes = new Map<string, VhNode>(); // by VirtualHome id
  const ids = new Map<string, number>(); // converted id -> index, to catch collisions
  let agent: VhNode | undefined;
  for (let i = 0; i < source.nodes.length; i++) {
    const raw = source.nodes[i];
    const where = `${options.file}: nodes[${i}]`;
    if (!isRecord(raw)) return err(`${where} is not an object`);
    const vhId = sourceId(raw.id);
    if (vhId === undefined) return err(`${where} has no "id"`);
    if (typeof raw.class_name !== 'string') return err(`${where} (id ${vhId}) has no "class_name"`);
    const seen = nodes.get(vhId);
    if (seen)
      return err(
        `${options.file}: node id ${vhId} appears twice (nodes[${seen.index}] and nodes[${i}]); ids must be unique`,
      );
    const id = `${idFragment(raw.class_name)}_${idFragment(vhId)}`;
    const clash = ids.get(id);
    if (clash !== undefined)
      return err(`${options.file}: nodes[${clash}] and nodes[${i}] both convert to the id ${id}`);
    ids.set(id, i);
    const category = typeof raw.category === 'string' ? raw.category : '';
    const properties = strings(raw.properties);
    const box = isRecord(raw.bounding_box) ? raw.bounding_box : {};
    const center = sourceVector(box.center);
    const size = sourceVector(box.size);
    let role: Role;
    if (category === 'Rooms') role = 'room';
    else if (category === 'Characters') role = 'agent';
    else if (STRUCTURE.has(category) || (category === 'Doors' && !properties.includes('CAN_OPEN')))
      role = 'structure';
    else role = properties.includes('GRABBABLE') ? 'object' : 'asset';
    const node: VhNode = {
      id,
      index: i,
      role,
      category,
      className: raw.class_name,
      properties,
      states: strings(raw.states),
      ...(center ? { center } : {}),
      ...(size ? { size } : {}),
    };
    if (role === 'agent') {
      if (agent) {
        notes.add('dropped', 'characters beyond the first (groundplan has one agent)');
        node.role = 'structure';
      } else agent = node;
    }
    if (node.role === 'structure')
      notes.add(
        'dropped',
        `nodes of category ${category}${category === 'Doors' ? ' that cannot open (doorjambs)' : ''} (the rooms' shell)`,
      );
    nodes.set(vhId, node);
  }

  const inRooms = new Map<VhNode, VhNode[]>();
  const supports = new Map<VhNode, Support[]>();
  const between = new Map<VhNode, VhNode[]>();
  const held: VhNode[] = [];
  for (let i = 0; i < source.edges.length; i++) {
    const raw = source.edges[i];
    if (!isRecord(raw)) return err(`${options.file}: edges[${i}] is not an object`);
    const from = nodes.get(sourceId(raw.from_id) ?? '');
    const to = nodes.get(sourceId(raw.to_id) ?? '');
    const relation = typeof raw.relation_type === 'string' ? raw.relation_type : '';
    if (!from || !to) {
      notes.add('dropped', 'edges to ids not in the file');
      continue;
    }
    switch (relation) {
      case 'INSIDE':
      case 'ON':
        if (to.role === 'room') push(inRooms, from, to);
        else if (to.role === 'structure' || from.role === 'structure')
          notes.add('dropped', 'ON/INSIDE edges to or from walls, floors, ceilings and doorjambs');
        else push(supports, from, { target: to.id, relation: relation === 'ON' ? 'on' : 'inside' });
        break;
      case 'BETWEEN':
        if (to.role === 'room') push(between, from, to);
        break;
      case 'HOLDS_RH':
      case 'HOLDS_LH':
        if (from === agent && to.role === 'object') held.push(to);
        else notes.add('dropped', `${relation} edges not from the character to a grabbable object`);
        break;
      default:
        notes.add(
          'dropped',
          `${relation || 'untyped'} relations (${relation === 'CLOSE' || relation === 'FACING' ? 'proximity and view, not placement' : 'no groundplan counterpart'})`,
        );
    }
  }

  const rooms = [...nodes.values()].filter((node) => node.role === 'room');
  if (rooms.length === 0)
    return err(`${options.file}: the graph has no nodes of category "Rooms", so nothing has a place to be`);
  const byId = new Map([...nodes.values()].map((node) => [node.id, node]));
  const roomOf = new Map<VhNode, VhNode>();
  for (const node of nodes.values()) {
    if (node.role === 'room' || node.role === 'structure') continue;
    const candidates = inRooms.get(node) ?? [];
    let room =
      candidates.length === 1
        ? candidates[0]
        : (candidates.find((r) => contains(r, node.center)) ?? candidates[0]);
    if (candidates.length > 1)
      notes.add('resolved', 'nodes INSIDE several rooms: the room holding their centre kept');
    if (!room) {
      room = rooms.find((r) => contains(r, node.center)) ?? nearestRoom(rooms, node.center);
      notes.add('resolved', 'nodes INSIDE no room: put in the room holding their centre (or the nearest)');
    }
    roomOf.set(node, room);
  }

  // One parent per node: the innermost support, judged by bounding-box volume, in the same room.
  const heldObject = held[0];
  notes.add(
    'resolved',
    'objects held in a second hand: left where they rest (the robot has one gripper)',
    held.length - 1,
  );
  const parent = new Map<VhNode, { node: VhNode; relation?: Relation }>();
  const supportAttribute = new Map<VhNode, Support>();
  for (const node of nodes.values()) {
    const room = roomOf.get(node);
    if (!room || node === agent || node === heldObject) continue;
    const candidates = (supports.get(node) ?? [])
      .map((support) => ({ support, target: byId.get(support.target)! }))
      .filter(({ target }) => target !== node && (target.role === 'asset' || target.role === 'object'));
    const usable = candidates
      .filter(({ target }) => roomOf.get(target) === room)
      .sort((a, b) => volume(a.target) - volume(b.target) || a.target.index - b.target.index);
    const chosen = usable[0];
    notes.add('dropped', 'ON/INSIDE edges to supports in another room', candidates.length - usable.length);
    if (node.role === 'asset') {
      parent.set(node, { node: room });
      if (chosen) {
        supportAttribute.set(node, chosen.support);
        notes.add(
          'resolved',
          'assets on or in another asset or object: put in their room, the support kept as attribute on/inside',
        );
      }
      continue;
    }
    if (usable.length > 1)
      notes.add('resolved', 'objects with several supports: the smallest (innermost) kept');
    parent.set(node, chosen ? { node: chosen.target, relation: chosen.support.relation } : { node: room });
    if (chosen?.target.role === 'object')
      notes.add('kept', 'objects on or in another object (groundplan holds these natively)');
  }
  // Supports chosen one by one can form a loop (two bowls each ON the other); the loop's first
  // object goes to its room.
  for (const node of parent.keys()) {
    const path = new Set<VhNode>();
    let current: VhNode | undefined = node;
    while (current && current.role === 'object' && !path.has(current)) {
      path.add(current);
      current = parent.get(current)?.node;
    }
    if (current && path.has(current)) {
      parent.set(current, { node: roomOf.get(current)! });
      notes.add('resolved', 'objects in a support loop: put in their room');
    }
  }

  const out: SceneNode[] = [];
  const edges: SceneEdge[] = [];
  for (const node of nodes.values()) {
    if (node.role === 'structure') continue;
    out.push(sceneNode(node, supportAttribute.get(node), notes));
    const up = parent.get(node);
    if (up)
      edges.push({
        kind: 'hierarchy',
        source: up.node.id,
        target: node.id,
        ...(up.relation ? { relation: up.relation } : {}),
      });
  }
  if (agent) {
    edges.push({ kind: 'at', source: agent.id, target: roomOf.get(agent)!.id });
    if (heldObject) edges.push({ kind: 'hierarchy', source: agent.id, target: heldObject.id });
  }

  const linked = new Set<string>();
  for (const [door, doorRooms] of between)
    for (let a = 0; a < doorRooms.length; a++)
      for (let b = a + 1; b < doorRooms.length; b++) {
        const [x, y] = [doorRooms[a]!, doorRooms[b]!].sort((p, q) => (p.id < q.id ? -1 : 1)) as [
          VhNode,
          VhNode,
        ];
        const key = `${x.id} ${y.id}`;
        if (x === y || linked.has(key)) continue;
        linked.add(key);
        edges.push({
          kind: 'navigation',
          source: x.id,
          target: y.id,
          ...(x.center && y.center ? { distance: distance(x.center, y.center) } : {}),
        });
        notes.add(
          'added',
          `navigation edges between rooms joined by a ${door.role === 'structure' ? 'doorway' : 'door'}`,
        );
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

function sceneNode(node: VhNode, support: Support | undefined, notes: ImportNotes): SceneNode {
  const kind = node.role === 'room' || node.role === 'agent' || node.role === 'object' ? node.role : 'asset';
  const state: Record<string, string> = {};
  for (const name of node.states) {
    const mapped = STATES[name];
    if (mapped) state[mapped[0]] = mapped[1];
    else notes.add('dropped', `states with no groundplan dimension (${name})`);
  }
  const affordances: string[] = [];
  const unmapped: string[] = [];
  for (const property of node.properties) {
    const mapped = SKILLS[property];
    if (mapped && (mapped.needs === undefined || state[mapped.needs] !== undefined))
      affordances.push(...mapped.skills);
    else unmapped.push(property);
  }
  const attributes: Record<string, string> = { class_name: node.className };
  if (kind !== 'room' && kind !== 'agent') attributes.category = node.category;
  if (unmapped.length > 0) attributes.properties = unmapped.join(' ');
  if (support) attributes[support.relation] = support.target;
  return {
    id: node.id,
    kind,
    attributes,
    ...(Object.keys(state).length > 0 ? { state } : {}),
    ...(affordances.length > 0 ? { affordances } : {}),
    ...(node.center ? { position: node.center } : {}),
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function volume(node: VhNode): number {
  return node.size ? Math.abs(node.size[0] * node.size[1] * node.size[2]) : Number.POSITIVE_INFINITY;
}

function contains(room: VhNode, point: Vec3 | undefined): boolean {
  if (!point || !room.center || !room.size) return false;
  return point.every((v, k) => Math.abs(v - room.center![k]!) <= room.size![k]! / 2);
}

function nearestRoom(rooms: readonly VhNode[], point: Vec3 | undefined): VhNode {
  if (!point) return rooms[0]!;
  return rooms.reduce((best, room) =>
    room.center && (!best.center || distance(room.center, point) < distance(best.center, point))
      ? room
      : best,
  );
}

function distance(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
