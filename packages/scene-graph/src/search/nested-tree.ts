import { indexedNodes } from '../model/kind-index.js';
import { childrenOf, parentOf } from '../model/queries.js';
import type { SceneGraph } from '../model/scene-graph.js';

/**
 * How a large building nests for the search (issue 27): campus -> buildings -> floors -> groups
 * -> rooms, so the model opens a floor, then a group of rooms, before it sees any room. A group is
 * a region the scene names (rooms with a `region` attribute) or, where it names none, a run of
 * rooms along the navigation graph; any level with more than GROUP_SIZE members is split into
 * groups of groups. Groups are not scene nodes: their ids (`floor_1:part3`) live only in views.
 * A building whose flat view fits FLAT_VIEW_TOKENS keeps the flat tree (search-tree.ts chooses):
 * rooms always shown (the office, the home).
 */
export type SearchTree = {
  /** Rooms are always shown and floors are not expandable (SayPlan's collapsed view). */
  flat: boolean;
  groups: ReadonlyMap<string, SearchGroup>;
  /** Search parent of each floor, group and room of a nested tree (a group, floor or building). */
  parents: ReadonlyMap<string, string>;
  /** Search children of each campus, building, floor and group of a nested tree. */
  children: ReadonlyMap<string, readonly string[]>;
  /** What a nested view starts from: the top campus, buildings or floors, in groups when many. */
  roots: readonly string[];
  /** What each floor of a nested tree holds, as groups say it. */
  floors: ReadonlyMap<string, { rooms: number; roomTypes: string }>;
};

export type SearchGroup = {
  id: string;
  parent: string;
  /** How many rooms lie beneath, and the commonest room types among them. */
  rooms: number;
  roomTypes: string;
};

/** At most this many members are shown when a floor or group opens. */
export const GROUP_SIZE = 8;
const TYPES_SHOWN = 5;

/** A floor's rooms in short, `{ rooms, room_types }`, for the rendered view of a nested tree. */
export function floorSummary(
  tree: SearchTree,
  floor: string,
): { rooms: number; room_types: string } | undefined {
  const summary = tree.floors.get(floor);
  return summary && { rooms: summary.rooms, room_types: summary.roomTypes };
}

/** The rooms beneath a group of the tree; none for an id that is not one of its groups. */
export function groupRooms(tree: SearchTree, id: string): string[] {
  return tree.groups.has(id) ? roomsUnder(tree.groups, tree.children, id) : [];
}

/** The flat tree: rooms always shown, floors not expandable (SayPlan's collapsed view). */
export function flatTree(): SearchTree {
  return {
    flat: true,
    groups: new Map(),
    parents: new Map(),
    children: new Map(),
    floors: new Map(),
    roots: [],
  };
}

/** The nested tree of a scene: floors, then groups of rooms (see SearchTree). */
export function nestedTree(graph: SceneGraph): SearchTree {
  const groups = new Map<string, SearchGroup>();
  const parents = new Map<string, string>();
  const children = new Map<string, string[]>();
  const floors = new Map<string, { rooms: number; roomTypes: string }>();
  const place = (parent: string, members: readonly string[], roomsOf: (member: string) => string[]) => {
    const shown = split(graph, parent, members, roomsOf, groups, parents, children);
    children.set(parent, shown);
    for (const member of shown) parents.set(member, parent);
  };
  for (const kind of ['campus', 'building'] as const)
    for (const id of indexedNodes(graph, kind) ?? [])
      place(id, childrenOf(graph, id).sort(), (member) => roomsBeneath(graph, member));
  for (const floor of indexedNodes(graph, 'floor') ?? []) {
    const floorRooms = alongNavigation(graph, roomsOfFloor(graph, floor));
    floors.set(floor, { rooms: floorRooms.length, roomTypes: typesOf(graph, floorRooms) });
    const regions = regionsOf(graph, floorRooms);
    if (!regions) {
      place(floor, floorRooms, (room) => [room]);
      continue;
    }
    // Named regions become groups of their own, split again where they are large.
    const members: string[] = [];
    for (const [name, regionRooms] of regions) {
      const id = freeId(graph, groups, `${floor}:${name.replace(/[^A-Za-z0-9_.-]+/g, '_')}`);
      groups.set(id, {
        id,
        parent: floor,
        rooms: regionRooms.length,
        roomTypes: typesOf(graph, regionRooms),
      });
      place(id, regionRooms, (room) => [room]);
      members.push(id);
    }
    place(floor, members, (member) => (groups.has(member) ? roomsUnder(groups, children, member) : [member]));
  }
  // Top nodes (floors of a scene without buildings, say) are grouped like any other level.
  const tops: string[] = [];
  for (const kind of ['campus', 'building', 'floor', 'room'] as const)
    for (const id of indexedNodes(graph, kind) ?? []) if (!parentOf(graph, id)) tops.push(id);
  const roots = split(
    graph,
    'scene',
    tops,
    (member) => roomsBeneath(graph, member),
    groups,
    parents,
    children,
  );
  return { flat: false, groups, parents, children, floors, roots };
}

// Members beyond GROUP_SIZE are cut into runs, each a group (and split again if still too large):
// every run but the last holds GROUP_SIZE^k members, so a level never shows more than GROUP_SIZE.
function split(
  graph: SceneGraph,
  parent: string,
  members: readonly string[],
  roomsOf: (member: string) => string[],
  groups: Map<string, SearchGroup>,
  parents: Map<string, string>,
  children: Map<string, string[]>,
): string[] {
  if (members.length <= GROUP_SIZE) return [...members];
  let size = 1;
  while (size * GROUP_SIZE < members.length) size *= GROUP_SIZE;
  const shown: string[] = [];
  for (let start = 0, part = 1; start < members.length; start += size, part++) {
    const run = members.slice(start, start + size);
    const id = freeId(graph, groups, `${parent}${parent.includes(':') ? '.' : ':part'}${part}`);
    const runRooms = run.flatMap(roomsOf);
    groups.set(id, { id, parent, rooms: runRooms.length, roomTypes: typesOf(graph, runRooms) });
    const inner = split(graph, id, run, roomsOf, groups, parents, children);
    children.set(id, inner);
    for (const member of inner) parents.set(member, id);
    shown.push(id);
  }
  return shown;
}

function roomsUnder(
  groups: ReadonlyMap<string, SearchGroup>,
  children: ReadonlyMap<string, readonly string[]>,
  id: string,
): string[] {
  if (!groups.has(id)) return [id];
  return (children.get(id) ?? []).flatMap((child) => roomsUnder(groups, children, child));
}

function roomsOfFloor(graph: SceneGraph, floor: string): string[] {
  return childrenOf(graph, floor).filter((id) => graph.getNodeAttribute(id, 'kind') === 'room');
}

function roomsBeneath(graph: SceneGraph, id: string): string[] {
  const kind = graph.getNodeAttribute(id, 'kind');
  if (kind === 'room') return [id];
  if (kind === 'floor') return roomsOfFloor(graph, id);
  return childrenOf(graph, id).flatMap((child) => roomsBeneath(graph, child));
}

// Regions the scene names: rooms grouped by their `region` attribute, in the order first met.
function regionsOf(graph: SceneGraph, rooms: readonly string[]): Map<string, string[]> | undefined {
  const regions = new Map<string, string[]>();
  for (const room of rooms) {
    const region = graph.getNodeAttribute(room, 'attributes')?.region;
    const name = typeof region === 'string' && region !== '' ? region : 'other';
    const list = regions.get(name);
    if (list) list.push(room);
    else regions.set(name, [room]);
  }
  return regions.size > 1 || !regions.has('other') ? regions : undefined;
}

// Rooms in the order a walk along the navigation graph meets them, starting from the far end of
// the floor (the last room a first walk reaches), so runs of neighbours make each group; rooms
// the walk cannot reach follow in id order. The walk keeps to the floor's rooms and the poses
// beside them: stairs would lead it on to every other floor's corridor.
function alongNavigation(graph: SceneGraph, rooms: readonly string[]): string[] {
  if (rooms.length === 0) return [];
  const wanted = new Set(rooms);
  const passable = new Set(rooms);
  for (const room of rooms)
    graph.forEachUndirectedNeighbor(room, (neighbour, attributes) => {
      if (attributes.kind === 'pose') passable.add(neighbour);
    });
  const first = walk(graph, rooms[0]!, wanted, passable);
  const ordered = walk(graph, first.at(-1) ?? rooms[0]!, wanted, passable);
  const met = new Set(ordered);
  return [...ordered, ...rooms.filter((room) => !met.has(room)).sort()];
}

function walk(
  graph: SceneGraph,
  start: string,
  wanted: ReadonlySet<string>,
  passable: ReadonlySet<string>,
): string[] {
  const seen = new Set([start]);
  const queue = [start];
  const found: string[] = [];
  for (let i = 0; i < queue.length && found.length < wanted.size; i++) {
    const id = queue[i]!;
    if (wanted.has(id)) found.push(id);
    graph.forEachUndirectedNeighbor(id, (neighbour) => {
      if (seen.has(neighbour) || !passable.has(neighbour)) return;
      seen.add(neighbour);
      queue.push(neighbour);
    });
  }
  return found;
}

function typeOf(graph: SceneGraph, room: string): string {
  const type = graph.getNodeAttribute(room, 'attributes')?.room_type;
  return typeof type === 'string' && type !== '' ? type : room.replace(/[_\d]+$/, '');
}

// The commonest room types, most first: "office 12, kitchen 2, lab 1 and 4 more types".
function typesOf(graph: SceneGraph, rooms: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const room of rooms) {
    const type = typeOf(graph, room);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = sorted.slice(0, TYPES_SHOWN).map(([type, count]) => `${type} ${count}`);
  const more = sorted.length - TYPES_SHOWN;
  return more > 0 ? `${shown.join(', ')} and ${more} more types` : shown.join(', ');
}

function freeId(graph: SceneGraph, groups: ReadonlyMap<string, SearchGroup>, wanted: string): string {
  let id = wanted;
  while (graph.hasNode(id) || groups.has(id)) id = `${id}_`;
  return id;
}
