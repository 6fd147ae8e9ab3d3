import { spoken } from '@groundplan/retrieval';
import { roomOf, type SceneGraph } from '@groundplan/scene-graph';
import { stem } from './building-words.js';

/**
 * The kind of an asset: the last word of its name, stemmed ("meeting_table_1" -> table, the coffee
 * table too; "meeting_room1_chair_3" -> chair; a table lamp is a lamp), or undefined for a name of
 * numbers only.
 */
export function assetKind(id: string): string | undefined {
  const last = spoken(id)
    .split(' ')
    .filter((word) => /[a-z]/.test(word))
    .at(-1);
  return last === undefined ? undefined : stem(last);
}

/**
 * Whether a thing may be put on or in an asset when the instruction does not name its kind: the
 * building's own use says where things rest. An asset of a kind that holds something somewhere in
 * the building (desks, tables, shelves, fridges) may; one of a kind that holds nothing anywhere
 * (in a building of 65 empty chairs, a chair) may only when a destination the instruction says names
 * that kind ("put the cushion on the armchair", not "switch the TV on") or its room has nothing else to put things on (a meeting
 * room of chairs and a whiteboard). "Bring Omar the banana" ends on his desk, not his chair.
 */
export function restingPlaces(graph: SceneGraph, destinations: string): (asset: string) => boolean {
  const holding = kindsHoldingThings(graph);
  const said = new Set((destinations.toLowerCase().match(/[a-z]+/g) ?? []).map(stem));
  const rests = (asset: string) => {
    const kind = assetKind(asset);
    return kind === undefined || holding.has(kind) || said.has(kind);
  };
  // A room of chairs and a whiteboard only: a chair is where a thing brought there goes.
  const roomsWithRest = new Set(
    graph
      .filterNodes((id, attributes) => attributes.kind === 'asset' && rests(id))
      .map((id) => roomOf(graph, id)),
  );
  return (asset) => {
    if (!graph.hasNode(asset) || graph.getNodeAttribute(asset, 'kind') !== 'asset') return true;
    const room = roomOf(graph, asset);
    return rests(asset) || (room !== undefined && !roomsWithRest.has(room));
  };
}

/** The kinds of asset that something is on or in, in the building as it is written. */
const holdingCache = new WeakMap<SceneGraph, Set<string>>();
function kindsHoldingThings(graph: SceneGraph): Set<string> {
  let kinds = holdingCache.get(graph);
  if (kinds === undefined) {
    kinds = new Set();
    graph.forEachEdge((_edge, attributes, source, target) => {
      if (
        attributes.kind === 'hierarchy' &&
        (attributes.relation === 'on' || attributes.relation === 'inside') &&
        graph.getNodeAttribute(source, 'kind') === 'asset' &&
        graph.getNodeAttribute(target, 'kind') === 'object'
      ) {
        const kind = assetKind(source);
        if (kind !== undefined) kinds!.add(kind);
      }
    });
    holdingCache.set(graph, kinds);
  }
  return kinds;
}
