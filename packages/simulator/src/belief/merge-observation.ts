import {
  CHILD_KINDS,
  childrenOf,
  err,
  type NodeKind,
  type Observation,
  ok,
  parentOf,
  parseObservation,
  type Relation,
  type Result,
  type SceneGraph,
  type SceneNodeAttributes,
  type SeenNode,
} from '@groundplan/scene-graph';
import { PRIOR_ATTRIBUTE } from './memory-graph.js';

/**
 * The belief corrected by what the robot saw: seen nodes are added or moved to where they were
 * seen and take the seen state; believed nodes in the looked-at region that were not seen are
 * removed (missing or moved elsewhere), with everything they held. Pure: the belief is copied once
 * and never mutated; the same inputs give the same scene. A bad observation is an error value.
 */
export function mergeObservation(belief: SceneGraph, observation: Observation): Result<SceneGraph> {
  const parsed = parseObservation(observation);
  if (!parsed.ok) return parsed;
  const obs = parsed.value;
  const checked = checkObservation(belief, obs);
  if (!checked.ok) return checked;
  const seen = checked.value;

  const states = seenStates(obs);
  const region = lookedAtRegion(belief, obs, states);
  const graph = belief.copy();
  addPlaces(graph, obs);
  for (const node of obs.seen) {
    if (graph.hasNode(node.id)) graph.mergeNodeAttributes(node.id, seenAttributes(node, graph));
    else graph.addNode(node.id, { kind: node.type, ...seenAttributes(node, graph) });
  }
  for (const node of obs.seen) {
    graph.forEachInEdge(node.id, (edge, attributes) => {
      if (attributes.kind === 'hierarchy') graph.dropEdge(edge);
    });
    const relation = relationOf(node, obs, graph);
    graph.addDirectedEdge(
      node.parent,
      node.id,
      relation === undefined ? { kind: 'hierarchy' } : { kind: 'hierarchy', relation },
    );
  }
  for (const [id, changed] of states) {
    graph.updateNodeAttribute(id, 'state', (state) => ({ ...state, ...changed }));
  }
  for (const id of region) if (!seen.has(id) && graph.hasNode(id)) dropWithDescendants(graph, id);
  return ok(graph);
}

/** Checks the observation against the belief; the ids it sees, or one line saying what is wrong. */
function checkObservation(belief: SceneGraph, obs: Observation): Result<Set<string>> {
  const look = obs.kind === 'around' ? `look_around(${obs.target})` : `look_${obs.kind}(${obs.target})`;
  const wanted: NodeKind = obs.kind === 'around' ? 'room' : 'asset';
  if (!belief.hasNode(obs.target)) return err(`${look}: '${obs.target}' is not in the belief`);
  const targetKind: NodeKind = belief.getNodeAttribute(obs.target, 'kind');
  if (targetKind !== wanted)
    return err(`${look}: '${obs.target}' is ${article(targetKind)}, not ${article(wanted)}`);

  const seenType = new Map<string, NodeKind>();
  for (const node of obs.seen) {
    if (node.id === obs.target) return err(`${look}: the target '${node.id}' cannot see itself`);
    if (seenType.has(node.id)) return err(`${look}: '${node.id}' is seen twice`);
    if (belief.hasNode(node.id)) {
      const kind: NodeKind = belief.getNodeAttribute(node.id, 'kind');
      if (kind !== node.type)
        return err(
          `${look}: '${node.id}' is seen as ${article(node.type)} but the belief has ${article(kind)}`,
        );
    }
    seenType.set(node.id, node.type);
  }
  for (const node of obs.seen) {
    const parentKind = seenType.get(node.parent) ?? (node.parent === obs.target ? wanted : undefined);
    if (parentKind === undefined) {
      if (!belief.hasNode(node.parent))
        return err(
          `${look}: '${node.id}' rests on '${node.parent}', which is neither in the belief nor seen`,
        );
      return err(
        `${look}: '${node.id}' rests on '${node.parent}', which is neither ${obs.target} nor seen in this look`,
      );
    }
    if (!CHILD_KINDS[parentKind].includes(node.type))
      return err(`${look}: '${node.id}' (${node.type}) cannot rest on '${node.parent}' (${parentKind})`);
  }
  // Seen parents must lead to the target; a loop among them names no place at all.
  const parentOfSeen = new Map(obs.seen.map((node) => [node.id, node.parent]));
  for (const node of obs.seen) {
    let current = node.parent;
    for (let depth = 0; current !== obs.target; depth++) {
      const next = parentOfSeen.get(current);
      if (next === undefined || depth > obs.seen.length)
        return err(`${look}: '${node.id}' rests on a loop of seen nodes`);
      current = next;
    }
  }
  for (const id of Object.keys(obs.states ?? {})) {
    if (!seenType.has(id) && !belief.hasNode(id))
      return err(`${look}: a state is given for '${id}', which is neither in the belief nor seen`);
  }
  const places = checkPlaces(belief, obs, look, seenType);
  return places.ok ? ok(new Set(seenType.keys())) : places;
}

/** Places and passages: only seen around a room, each place once, every parent and end known or seen. */
function checkPlaces(
  belief: SceneGraph,
  obs: Observation,
  look: string,
  seenType: ReadonlyMap<string, NodeKind>,
): Result<true> {
  const places = obs.places ?? [];
  const passages = obs.passages ?? [];
  if (obs.kind !== 'around' && (places.length > 0 || passages.length > 0))
    return err(`${look}: only a look around a room sees places and passages`);
  const placeType = new Map<string, NodeKind>();
  for (const place of places) {
    if (placeType.has(place.id) || seenType.has(place.id)) return err(`${look}: '${place.id}' is seen twice`);
    const kind: NodeKind | undefined = belief.hasNode(place.id)
      ? belief.getNodeAttribute(place.id, 'kind')
      : undefined;
    if (kind !== undefined && kind !== place.type)
      return err(
        `${look}: '${place.id}' is seen as ${article(place.type)} but the belief has ${article(kind)}`,
      );
    placeType.set(place.id, place.type);
  }
  const kindOfPlace = (id: string): NodeKind | undefined =>
    placeType.get(id) ?? (belief.hasNode(id) ? belief.getNodeAttribute(id, 'kind') : undefined);
  for (const place of places) {
    if (place.parent === undefined) continue;
    const parentKind = kindOfPlace(place.parent);
    if (parentKind === undefined)
      return err(
        `${look}: ${place.type} '${place.id}' is on '${place.parent}', which is neither in the belief nor seen`,
      );
    if (!CHILD_KINDS[parentKind].includes(place.type))
      return err(`${look}: ${place.type} '${place.id}' cannot be on '${place.parent}' (${parentKind})`);
  }
  for (const passage of passages) {
    for (const end of [passage.source, passage.target]) {
      const kind = kindOfPlace(end);
      if (kind === undefined)
        return err(
          `${look}: a passage from '${passage.source}' to '${passage.target}' names '${end}', which is neither in the belief nor seen`,
        );
      if (kind !== 'room' && kind !== 'pose')
        return err(`${look}: a passage leads to '${end}', which is ${article(kind)}, not a room or pose`);
    }
    if (passage.source === passage.target)
      return err(`${look}: a passage from '${passage.source}' leads to itself`);
  }
  return ok(true);
}

/** Adds the places seen (rooms under their floors) and the ways between them; known ones are kept, lengths updated. */
function addPlaces(graph: SceneGraph, obs: Observation): void {
  for (const place of obs.places ?? []) {
    if (graph.hasNode(place.id)) continue;
    graph.addNode(place.id, {
      kind: place.type,
      ...(place.attributes === undefined ? {} : { attributes: { ...place.attributes } }),
      ...(place.position === undefined ? {} : { position: [...place.position] }),
    });
  }
  for (const place of obs.places ?? [])
    if (place.parent !== undefined && parentOf(graph, place.id) === undefined)
      graph.addDirectedEdge(place.parent, place.id, { kind: 'hierarchy' });
  for (const { source, target, distance } of obs.passages ?? []) {
    const known = graph.undirectedEdge(source, target);
    if (known === undefined) graph.addUndirectedEdge(source, target, { kind: 'navigation', distance });
    else graph.replaceEdgeAttributes(known, { kind: 'navigation', distance });
  }
}

/** The state changes the observation reports, seen nodes' own states included; booleans as text. */
function seenStates(obs: Observation): Map<string, Record<string, string>> {
  const states = new Map<string, Record<string, string>>();
  for (const node of obs.seen) if (node.state !== undefined) states.set(node.id, { ...node.state });
  for (const [id, values] of Object.entries(obs.states ?? {})) {
    const text = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
    states.set(id, { ...states.get(id), ...text });
  }
  return states;
}

/**
 * The believed nodes the look covers, read before the merge: what rests on (or inside) the target
 * and everything they hold visibly; around a room, its assets and objects. What is inside closed
 * containers (closed as the look saw them, else as believed) is never covered.
 */
function lookedAtRegion(
  belief: SceneGraph,
  obs: Observation,
  states: ReadonlyMap<string, Record<string, string>>,
): string[] {
  const region: string[] = [];
  const isClosed = (id: string) =>
    (states.get(id)?.door ?? belief.getNodeAttribute(id, 'state')?.door) === 'closed';
  // What is inside a closed container stays unseen by any look; the target of look_inside is open.
  const visit = (id: string) => {
    region.push(id);
    for (const child of childrenOf(belief, id)) {
      if (parentOf(belief, child)?.relation !== 'inside' || !isClosed(id)) visit(child);
    }
  };
  for (const child of childrenOf(belief, obs.target)) {
    if (obs.kind === 'around') visit(child);
    else if ((parentOf(belief, child)?.relation === 'inside') === (obs.kind === 'inside')) visit(child);
  }
  return region.sort();
}

/** How a seen node rests: as stated, else as the look says for the target, else on. */
function relationOf(node: SeenNode, obs: Observation, graph: SceneGraph): Relation | undefined {
  if (node.relation !== undefined) return node.relation;
  if (graph.getNodeAttribute(node.parent, 'kind') === 'room') return undefined;
  if (node.parent === obs.target && obs.kind !== 'around') return obs.kind;
  return 'on';
}

function seenAttributes(node: SeenNode, graph: SceneGraph): Partial<SceneNodeAttributes> {
  const known = graph.hasNode(node.id) ? graph.getNodeAttributes(node.id) : undefined;
  const attributes: Partial<SceneNodeAttributes> = {};
  // What the robot saw is no longer a prior (LookPlanGraph's memory graph marks unverified objects).
  if (node.attributes !== undefined || known?.attributes?.[PRIOR_ATTRIBUTE] !== undefined) {
    const { [PRIOR_ATTRIBUTE]: _prior, ...rest } = { ...known?.attributes, ...node.attributes };
    attributes.attributes = rest;
  }
  if (node.affordances !== undefined) attributes.affordances = [...node.affordances];
  return attributes;
}

function dropWithDescendants(graph: SceneGraph, id: string): void {
  for (const child of childrenOf(graph, id)) dropWithDescendants(graph, child);
  graph.dropNode(id);
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
