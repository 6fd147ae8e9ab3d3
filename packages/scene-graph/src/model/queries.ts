import type { NodeKind, Relation } from '../format/schema.js';
import { indexedNodes } from './kind-index.js';
import type { SceneGraph } from './scene-graph.js';

/** The node's hierarchy parent and how it rests there, or undefined for a top-level node. */
export function parentOf(graph: SceneGraph, id: string): { parent: string; relation?: Relation } | undefined {
  if (!graph.hasNode(id)) return undefined;
  for (const edge of graph.inEdges(id)) {
    const attributes = graph.getEdgeAttributes(edge);
    if (attributes.kind !== 'hierarchy') continue;
    const parent = graph.source(edge);
    return attributes.relation === undefined ? { parent } : { parent, relation: attributes.relation };
  }
  return undefined;
}

/** The node's hierarchy ancestors, nearest first (an object's asset, room, floor, building). */
export function ancestorsOf(graph: SceneGraph, id: string): string[] {
  const out: string[] = [];
  for (let up = parentOf(graph, id); up && out.length < 10_000; up = parentOf(graph, up.parent))
    out.push(up.parent);
  return out;
}

/** The node's hierarchy children (rooms of a floor, assets and objects of a room, ...). */
export function childrenOf(graph: SceneGraph, id: string): string[] {
  if (!graph.hasNode(id)) return [];
  const children: string[] = [];
  graph.forEachOutEdge(id, (_edge, attributes, _source, target) => {
    if (attributes.kind === 'hierarchy') children.push(target);
  });
  return children;
}

/** Whether the node has any hierarchy child, in O(1). */
export function hasChildren(graph: SceneGraph, id: string): boolean {
  if (!graph.hasNode(id)) return false;
  // Only the agent has directed out-edges besides hierarchy ones (its at edge); graphology keeps
  // degrees as counters, whereas walking the out-edges enumerates them all first.
  if (graph.getNodeAttribute(id, 'kind') !== 'agent') return graph.outDegree(id) > 0;
  return childrenOf(graph, id).length > 0;
}

/** The nearest ancestor of the given kind, walking up the hierarchy (the node itself counts). */
function ancestorOfKind(graph: SceneGraph, id: string, kind: NodeKind): string | undefined {
  let current: string | undefined = id;
  for (let depth = 0; current !== undefined && depth < 10_000; depth++) {
    if (graph.getNodeAttribute(current, 'kind') === kind) return current;
    current = parentOf(graph, current)?.parent;
  }
  return undefined;
}

/**
 * The room a node is in: itself for a room; the room above an asset or object; for a pose, the
 * room it links to by navigation; for the agent or an object it holds, the agent's room.
 */
export function roomOf(graph: SceneGraph, id: string): string | undefined {
  if (!graph.hasNode(id)) return undefined;
  const kind = graph.getNodeAttribute(id, 'kind');
  if (kind === 'pose') return roomOfPose(graph, id);
  const found = ancestorOfKind(graph, id, 'room');
  if (found !== undefined) return found;
  const top = topOf(graph, id);
  if (graph.getNodeAttribute(top, 'kind') !== 'agent') return undefined;
  const place = agentLocation(graph);
  return place === undefined ? undefined : roomOf(graph, place);
}

function roomOfPose(graph: SceneGraph, pose: string): string | undefined {
  let room: string | undefined;
  graph.forEachUndirectedNeighbor(pose, (neighbour, attributes) => {
    if (room === undefined && attributes.kind === 'room') room = neighbour;
  });
  return room;
}

function topOf(graph: SceneGraph, id: string): string {
  let current = id;
  for (let depth = 0; depth < 10_000; depth++) {
    const up = parentOf(graph, current);
    if (!up) return current;
    current = up.parent;
  }
  return current;
}

/** The floor a node is on (through its room), or undefined in a scene without floors. */
export function floorOf(graph: SceneGraph, id: string): string | undefined {
  if (!graph.hasNode(id)) return undefined;
  const direct = ancestorOfKind(graph, id, 'floor');
  if (direct !== undefined) return direct;
  const room = roomOf(graph, id);
  return room === undefined ? undefined : ancestorOfKind(graph, room, 'floor');
}

/** The scene's agent (the robot), or undefined when the scene has none. */
export function agentOf(graph: SceneGraph): string | undefined {
  return indexedNodes(graph, 'agent')?.[0];
}

/** Where the agent is (a pose or room), from its at edge. */
export function agentLocation(graph: SceneGraph): string | undefined {
  const agent = agentOf(graph);
  if (agent === undefined) return undefined;
  let place: string | undefined;
  graph.forEachOutEdge(agent, (_edge, attributes, _source, target) => {
    if (attributes.kind === 'at') place = target;
  });
  return place;
}

/** The object the agent holds in its gripper, if any. */
export function heldObject(graph: SceneGraph): string | undefined {
  const agent = agentOf(graph);
  return agent === undefined ? undefined : childrenOf(graph, agent)[0];
}

/** Every node of a kind, sorted by id. */
export function nodesOfKind(graph: SceneGraph, kind: NodeKind): string[] {
  const indexed = indexedNodes(graph, kind);
  if (indexed) return [...indexed];
  return graph.filterNodes((_id, attributes) => attributes.kind === kind).sort();
}
