import { spoken } from '@groundplan/retrieval';
import { parentOf, type SceneGraph } from '@groundplan/scene-graph';

/**
 * People as a scene graph names them: by the possessive that opens the ids of their room and their
 * things ("peters_office", "peters_apple"; "chris_office" for a name that ends in s), by an
 * `owner` attribute ("Niko") or by an `occupant` attribute ("Omar" at phd_desk_4). Whose a thing is, where things brought to someone go, and whose room
 * the search found are read here.
 */

/** The possessive of a room that is someone's ("peters_office" -> "peters"), else undefined. */
export function personOfRoom(room: string): string | undefined {
  return /^([a-z]+s)_(?:office|room|bedroom|study)$/.exec(room)?.[1];
}

/**
 * Whose a thing is, as the words that would name them: its `owner` attribute ("niko"), else the
 * possessive its id opens with when someone's room has it ("peters_apple" with peters_office ->
 * "peters"); lower case.
 */
export function ownerOf(graph: SceneGraph, id: string): string | undefined {
  const owner = (graph.getNodeAttribute(id, 'attributes') as Record<string, unknown> | undefined)?.owner;
  if (typeof owner === 'string') return owner.toLowerCase().replace(/['’]s$/, '');
  const prefix = /^([a-z]+)_/.exec(id)?.[1];
  return prefix !== undefined && peoplesRooms(graph).has(prefix) ? prefix : undefined;
}

/** The possessives of the rooms that are someone's ("peters_office", "chris_office" -> peters, chris). */
const roomsCache = new WeakMap<SceneGraph, Set<string>>();
function peoplesRooms(graph: SceneGraph): Set<string> {
  let prefixes = roomsCache.get(graph);
  if (prefixes === undefined) {
    prefixes = new Set(
      graph
        .filterNodes((_id, attributes) => attributes.kind === 'room')
        .flatMap((room) => personOfRoom(room) ?? []),
    );
    roomsCache.set(graph, prefixes);
  }
  return prefixes;
}

/**
 * Whether the building knows someone by this name: a room of theirs ("Chris" -> chris_office,
 * "Peter" -> peters_office), a thing whose `owner` they are ("Niko") or a place whose `occupant`
 * they are ("Omar" at phd_desk_4).
 */
export function isPersonOf(graph: SceneGraph, name: string): boolean {
  const lower = name.toLowerCase();
  const rooms = peoplesRooms(graph);
  return (
    rooms.has(lower) ||
    rooms.has(`${lower}s`) ||
    ownersOf(graph).has(lower) ||
    occupiedBy(graph, lower).length > 0
  );
}

/**
 * The nodes whose `occupant` is the person of this name, lower case ("omar" -> phd_desk_4). Only
 * a name counts, written as one (capitalised): an occupant "postdoc" says what kind of person sits
 * there, not who.
 */
export function occupiedBy(graph: SceneGraph, name: string): string[] {
  let byName = occupantsCache.get(graph);
  if (byName === undefined) {
    byName = new Map();
    for (const id of graph.nodes()) {
      const key = occupantName(graph, id);
      if (key === undefined) continue;
      byName.set(key, [...(byName.get(key) ?? []), id]);
    }
    occupantsCache.set(graph, byName);
  }
  return byName.get(name.toLowerCase().replace(/['’]s?$/, '')) ?? [];
}
const occupantsCache = new WeakMap<SceneGraph, Map<string, string[]>>();

/** The name of the person who occupies a node, lower case ("phd_desk_4" -> "omar"), if a name is given. */
export function occupantName(graph: SceneGraph, id: string): string | undefined {
  const occupant = (graph.getNodeAttribute(id, 'attributes') as Record<string, unknown> | undefined)
    ?.occupant;
  return typeof occupant === 'string' && /^[A-Z]/.test(occupant) ? occupant.toLowerCase() : undefined;
}

const ownersCache = new WeakMap<SceneGraph, Set<string>>();
function ownersOf(graph: SceneGraph): Set<string> {
  let owners = ownersCache.get(graph);
  if (owners === undefined) {
    owners = new Set(
      graph.nodes().flatMap((id) => {
        const owner = (graph.getNodeAttribute(id, 'attributes') as Record<string, unknown> | undefined)
          ?.owner;
        return typeof owner === 'string' ? [owner.toLowerCase().replace(/['’]s$/, '')] : [];
      }),
    );
    ownersCache.set(graph, owners);
  }
  return owners;
}

/** The capitalised words of the instruction as an owner is spelled: "Peter" -> peter, peters. */
export function saidNames(instruction: string): Set<string> {
  return new Set(
    [...instruction.matchAll(/\b([A-Z][a-z]+)(?:['’]s)?\b/g)].flatMap((match) => {
      const name = match[1]!.toLowerCase();
      return [name, `${name}s`];
    }),
  );
}

/**
 * Where things brought to a person go, read aloud: of the assets that are theirs by name
 * ("tobis_desk"), the surface with the most things on it now, else the asset they occupy
 * ("Omar" -> phd_desk_4), else their room; undefined for a person the building has nothing of.
 */
export function placeOfPerson(graph: SceneGraph, name: string): string | undefined {
  // "tobis_desk"; a name that ends in s is its own possessive ("chris_office").
  const lower = name.toLowerCase();
  const prefixes = lower.endsWith('s') ? [`${lower}_`, `${lower}s_`] : [`${lower}s_`];
  const theirs = graph.filterNodes((id) => prefixes.some((prefix) => id.toLowerCase().startsWith(prefix)));
  const onTop = (id: string) =>
    graph.outEdges(id).filter((edge) => {
      const attributes = graph.getEdgeAttributes(edge);
      return attributes.kind === 'hierarchy' && attributes.relation === 'on';
    }).length;
  const surfaces = theirs
    .filter(
      (id) =>
        graph.getNodeAttribute(id, 'kind') === 'asset' &&
        !(graph.getNodeAttribute(id, 'affordances') ?? []).includes('contain'),
    )
    .sort((a, b) => onTop(b) - onTop(a) || (a < b ? -1 : 1));
  // "Omar" sits at phd_desk_4: the place he occupies, when nothing is his by name.
  const occupied = occupiedBy(graph, lower);
  const isAsset = (id: string) => graph.getNodeAttribute(id, 'kind') === 'asset';
  const place =
    surfaces[0] ??
    occupied.find(isAsset) ??
    theirs.find((id) => graph.getNodeAttribute(id, 'kind') === 'room') ??
    occupied[0];
  return place === undefined ? undefined : spoken(place);
}

/**
 * The person whose room a node is or lies in, by the room's name ("ajays_office" -> "ajays"), if
 * the building has a place of theirs to bring things to.
 */
export function occupantOf(graph: SceneGraph, node: string | undefined): string | undefined {
  const seen = new Set<string>();
  for (let at = node; at !== undefined && graph.hasNode(at) && !seen.has(at); ) {
    seen.add(at);
    if (graph.getNodeAttribute(at, 'kind') === 'room') {
      const name = personOfRoom(at);
      return name !== undefined && placeOfPerson(graph, name) !== undefined ? name : undefined;
    }
    at = parentOf(graph, at)?.parent;
  }
  return undefined;
}
