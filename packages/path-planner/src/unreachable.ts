import { floorOf, kindOf, type SceneGraph } from '@groundplan/scene-graph';
import type { NavigationIndex } from './navigation-index.js';
import type { Place } from './place.js';

/**
 * Why a place cannot be reached, as a value: a node the scene does not have (often a hallucinated
 * one), a node that is no place to go to (a floor, an object in no room), an agent with no known
 * location, or two places in separate parts of the navigation layer (no stairs between floors).
 */
export type UnreachableReason = 'unknown_node' | 'not_a_place' | 'no_agent_location' | 'disconnected';

/** An unreachable place, with a message written for the person or LLM that asked. */
export type Unreachable = {
  reason: UnreachableReason;
  message: string;
  /** The node the problem is about (unknown_node, not_a_place, no_agent_location). */
  node?: string;
  /** For disconnected: the places as asked for. */
  from?: string;
  to?: string;
};

/** Explains why no navigation path joins two places that lie in different components. */
export function disconnected(graph: SceneGraph, index: NavigationIndex, from: Place, to: Place): Unreachable {
  const a = describe(graph, index, from);
  const b = describe(graph, index, to);
  const base = { reason: 'disconnected' as const, from: from.requested, to: to.requested };
  const prefix = `no path from ${a.text} to ${b.text}`;

  if (degree(index, to.number) === 0) {
    return { ...base, message: `${prefix}: ${to.node} has no navigation edges, so nothing leads to it` };
  }
  if (degree(index, from.number) === 0) {
    return {
      ...base,
      message: `${prefix}: ${from.node} has no navigation edges, so the robot cannot leave it`,
    };
  }
  if (a.floor !== undefined && b.floor !== undefined && a.floor !== b.floor) {
    const reachable = floorsReachableFrom(graph, index, from.number);
    if (!reachable.includes(b.floor)) {
      const within =
        reachable.length === 0 ? '' : ` (from ${from.node} the robot can reach ${listed(reachable)} only)`;
      return { ...base, message: `${prefix}: the floors are not connected by stairs${within}` };
    }
    return {
      ...base,
      message: `${prefix}: the part of ${b.floor} around ${to.node} is cut off from the rest of the navigation layer`,
    };
  }
  if (a.floor !== undefined && a.floor === b.floor) {
    return {
      ...base,
      message: `${prefix}: the navigation layer on ${a.floor} is split in parts and no navigation edge joins ${from.node}'s part to ${to.node}'s`,
    };
  }
  return {
    ...base,
    message: `${prefix}: they lie in separate parts of the navigation layer with no navigation edges joining them`,
  };
}

function describe(graph: SceneGraph, index: NavigationIndex, place: Place): { text: string; floor?: string } {
  const floor = floorOfNode(graph, index, place.number);
  const name = place.requested === place.node ? place.node : `${place.requested} (in ${place.node})`;
  return floor === undefined ? { text: name } : { text: `${name} on ${floor}`, floor };
}

function degree(index: NavigationIndex, node: number): number {
  return index.offsets[node + 1]! - index.offsets[node]!;
}

function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The floor of a navigation node; for a corridor pose with no room of its own, that of the nearest room by hops. */
function floorOfNode(graph: SceneGraph, index: NavigationIndex, node: number): string | undefined {
  const own = floorOf(graph, index.ids[node]!);
  if (own !== undefined) return own;
  const visited = new Set([node]);
  const queue = [node];
  for (let head = 0; head < queue.length && head < 256; head++) {
    const v = queue[head]!;
    for (let e = index.offsets[v]!; e < index.offsets[v + 1]!; e++) {
      const u = index.targets[e]!;
      if (visited.has(u)) continue;
      visited.add(u);
      const uid = index.ids[u]!;
      if (kindOf(graph, uid) === 'room') return floorOf(graph, uid);
      queue.push(u);
    }
  }
  return undefined;
}

const floorsByComponent = new WeakMap<NavigationIndex, Map<number, string[]>>();

/** The floors whose rooms share a component with node, sorted; computed once per component. */
function floorsReachableFrom(graph: SceneGraph, index: NavigationIndex, node: number): string[] {
  let known = floorsByComponent.get(index);
  if (known === undefined) {
    known = new Map();
    floorsByComponent.set(index, known);
  }
  const component = index.components[node]!;
  let floors = known.get(component);
  if (floors === undefined) {
    const found = new Set<string>();
    for (let v = 0; v < index.ids.length; v++) {
      if (index.components[v] !== component) continue;
      const id = index.ids[v]!;
      if (kindOf(graph, id) !== 'room') continue;
      const floor = floorOf(graph, id);
      if (floor !== undefined) found.add(floor);
    }
    floors = [...found].sort();
    known.set(component, floors);
  }
  return floors;
}
