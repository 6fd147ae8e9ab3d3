import {
  agentLocation,
  agentOf,
  childrenOf,
  err,
  heldObject,
  kindOf,
  nodesOfKind,
  ok,
  type Result,
  roomOf,
  roomsOfGroup,
  type SceneEdge,
  type SceneGraph,
  type SceneNode,
  sceneToFile,
  searchTree,
} from '@groundplan/scene-graph';
import { floorPlan, layeredPositions, type Point, planWidth } from './page/layered-layout.js';
import type { Shown } from './run-shown.js';
import type { GroupData, GroupedScene, SceneData, ScenePart } from './view-data.js';

/**
 * The parts of a scene the page draws. A building the search sees flat (searchTree decides: the
 * office, the home) is sent whole, as it always was. A large one is drawn by the same search tree
 * the planners' views use: its floors, then the groups right under each floor (their gloss: how
 * many rooms, which types), and each group's rooms only when the page opens it. Groups of floors
 * are not drawn: every floor is.
 */
export function sceneData(graph: SceneGraph, ref: string, shown: Shown = { nodes: [], open: [] }): SceneData {
  const tree = searchTree(graph);
  if (tree.flat) return { scene: sceneToFile(graph) };
  const drawn = drawnGroups(graph);
  const top = new Set(drawn.top);

  // What a run names opens the groups it lies in; the groups its search expanded open too.
  const open = new Set<string>();
  for (const id of shown.nodes) for (const group of groupsHolding(graph, id)) open.add(group);
  for (const id of shown.open)
    if (drawn.groups.has(id)) for (const group of [...groupsHolding(graph, id), id]) open.add(group);
  const opened = [...drawn.groups.keys()].filter((id) => open.has(id)).map((id) => partOf(graph, id));
  const inParts = new Set(opened.flatMap((part) => part.nodes.map((node) => node.id)));
  for (const id of shown.nodes) if (graph.hasNode(id) && !inParts.has(id)) top.add(id);

  const { name, description } = graph.getAttributes();
  const edges = incidentEdges(graph, top).filter((edge) => top.has(edge.source) && top.has(edge.target));
  return {
    scene: {
      format: 'groundplan.scene-graph',
      version: 1,
      name,
      ...(description === undefined ? {} : { description }),
      nodes: [...top].map((id) => sceneNode(graph, id)),
      edges,
    },
    grouped: {
      ref,
      rooms: nodesOfKind(graph, 'room').length,
      nodes: graph.order,
      groups: [...drawn.groups.values()].filter((group) => group.parent === group.floor),
      opened,
      layout: drawn.layout,
    },
  };
}

/** Whether the page gets the scene whole: exactly when the search sees it flat (see searchTree). */
export function drawnWhole(graph: SceneGraph): boolean {
  return searchTree(graph).flat;
}

/** What opening a group adds (see ScenePart); a one-line reason when the id names no drawn group. */
export function groupPart(graph: SceneGraph, id: string): Result<ScenePart, string> {
  if (searchTree(graph).flat)
    return err(`scene ${graph.getAttribute('name')} is drawn whole: it has no groups of rooms`);
  if (!drawnGroups(graph).groups.has(id))
    return err(`no group '${id}' of rooms in scene ${graph.getAttribute('name')}`);
  return ok(partOf(graph, id));
}

/**
 * The groups of rooms to open, outermost first, for the page to draw a node of a large building:
 * those above its room (a pose's: the room it is in front of), or above a group. None for a node
 * the top already has, or one in no group (a corridor's pose: see looseNode).
 */
export function groupsHolding(graph: SceneGraph, id: string): string[] {
  const { groups } = drawnGroups(graph);
  const tree = searchTree(graph);
  const from = groups.has(id) ? id : graph.hasNode(id) ? roomOf(graph, id) : undefined;
  const above: string[] = [];
  if (from === undefined) return above;
  for (let up = tree.parents.get(from); up !== undefined && groups.has(up); up = tree.parents.get(up))
    above.unshift(up);
  return above;
}

/** A node neither the top nor any group's part draws (a corridor's pose), with its edges; undefined for any other. */
export function looseNode(
  graph: SceneGraph,
  id: string,
): { nodes: SceneNode[]; edges: SceneEdge[] } | undefined {
  const drawn = drawnGroups(graph);
  if (!graph.hasNode(id) || drawn.top.has(id) || groupsHolding(graph, id).length > 0) return undefined;
  return { nodes: [sceneNode(graph, id)], edges: incidentEdges(graph, new Set([id])) };
}

type DrawnGroups = {
  groups: ReadonlyMap<string, GroupData>;
  layout: GroupedScene['layout'];
  /** What the top draws of the building: floors and above, the agent and where it stands, rooms in no group. */
  top: ReadonlySet<string>;
};

const cache = new WeakMap<SceneGraph, DrawnGroups>();

// The search tree's groups beneath a floor, parents first (the tree lists them so), each at the
// middle of its rooms; and the layout of the whole building, computed once per scene.
function drawnGroups(graph: SceneGraph): DrawnGroups {
  const known = cache.get(graph);
  if (known) return known;
  const tree = searchTree(graph);
  const plan = floorPlan(graph);
  const groups = new Map<string, GroupData>();
  for (const group of tree.groups.values()) {
    const floor = kindOf(graph, group.parent) === 'floor' ? group.parent : groups.get(group.parent)?.floor;
    if (floor === undefined) continue;
    const middle = middleOf(roomsOfGroup(graph, group.id).map((room) => plan.points.get(room)!));
    groups.set(group.id, {
      id: group.id,
      parent: group.parent,
      floor,
      rooms: group.rooms,
      roomTypes: group.roomTypes,
      ...middle,
    });
  }
  const width = planWidth(plan);
  const above = ['campus', 'building', 'floor'] as const;
  const top = new Set<string>();
  for (const kind of above) for (const id of nodesOfKind(graph, kind)) top.add(id);
  // The agent and where it stands, as every view of the search shows them.
  for (const id of [agentOf(graph), agentLocation(graph), heldObject(graph)])
    if (id !== undefined) top.add(id);
  // Rooms in no drawn group (a small floor's), with what they hold.
  for (const room of nodesOfKind(graph, 'room'))
    if (!groups.has(tree.parents.get(room) ?? '')) addRoom(graph, room, top);
  const drawn: DrawnGroups = {
    groups,
    top,
    layout: {
      points: above.flatMap((kind) =>
        nodesOfKind(graph, kind).map((id) => ({ id, ...plan.points.get(id)! })),
      ),
      width,
      layers: boxOf(layeredPositions(graph, plan, width).values()),
      plan: boxOf(plan.points.values()),
    },
  };
  cache.set(graph, drawn);
  return drawn;
}

function partOf(graph: SceneGraph, group: string): ScenePart {
  const tree = searchTree(graph);
  const drawn = drawnGroups(graph);
  const nodes = new Set<string>();
  const groups: GroupData[] = [];
  for (const member of tree.children.get(group) ?? []) {
    const data = drawn.groups.get(member);
    if (data) groups.push(data);
    else addRoom(graph, member, nodes);
  }
  return {
    group,
    groups,
    nodes: [...nodes].map((id) => sceneNode(graph, id)),
    edges: incidentEdges(graph, nodes),
  };
}

/** A room, everything in it, and the poses beside it (where the robot stops to enter it). */
function addRoom(graph: SceneGraph, room: string, into: Set<string>): void {
  const stack = [room];
  while (stack.length > 0) {
    const id = stack.pop()!;
    into.add(id);
    stack.push(...childrenOf(graph, id));
  }
  graph.forEachUndirectedNeighbor(room, (neighbour, attributes) => {
    if (attributes.kind === 'pose') into.add(neighbour);
  });
}

function sceneNode(graph: SceneGraph, id: string): SceneNode {
  return { id, ...graph.getNodeAttributes(id) };
}

// Every edge touching one of the nodes, once: the page keeps those whose both ends it has.
function incidentEdges(graph: SceneGraph, nodes: ReadonlySet<string>): SceneEdge[] {
  const seen = new Set<string>();
  const edges: SceneEdge[] = [];
  for (const id of nodes)
    graph.forEachEdge(id, (edge, attributes, source, target) => {
      if (seen.has(edge)) return;
      seen.add(edge);
      if (attributes.kind === 'hierarchy')
        edges.push(
          attributes.relation === undefined
            ? { kind: 'hierarchy', source, target }
            : { kind: 'hierarchy', source, target, relation: attributes.relation },
        );
      else if (attributes.kind === 'navigation')
        edges.push({ kind: 'navigation', source, target, distance: attributes.distance });
      else edges.push({ kind: 'at', source, target });
    });
  return edges;
}

function middleOf(points: readonly Point[]): Point {
  if (points.length === 0) return { x: 0, y: 0 };
  let x = 0;
  let y = 0;
  for (const point of points) {
    x += point.x;
    y += point.y;
  }
  return { x: x / points.length, y: y / points.length };
}

function boxOf(points: Iterable<Point>): { x: [number, number]; y: [number, number] } {
  const box = {
    x: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY] as [number, number],
    y: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY] as [number, number],
  };
  for (const { x, y } of points) {
    box.x = [Math.min(box.x[0], x), Math.max(box.x[1], x)];
    box.y = [Math.min(box.y[0], y), Math.max(box.y[1], y)];
  }
  return box;
}
