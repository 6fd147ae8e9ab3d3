import type { NodeKind, Relation, Result, SceneGraph } from '@groundplan/scene-graph';
import { err, ok } from '@groundplan/scene-graph';
import { PersistentMap } from './persistent-map.js';

/** Where a node rests in the hierarchy: its parent and how (undefined relation: plain membership). */
export interface Placement {
  readonly parent: string;
  readonly relation: Relation | undefined;
}

/**
 * What a plan has changed so far, layered over the scene graph, which is never mutated or copied
 * per step. States share everything they did not change, so every step's state can be kept.
 */
export interface SimState {
  /** The robot's node id. */
  readonly agent: string;
  /** The room or pose the agent is at. */
  readonly place: string;
  /** The asset the agent has accessed, if any; goto clears it. */
  readonly accessed: string | null;
  /** The object in the gripper (a hierarchy child of the agent), if any. */
  readonly holding: string | null;
  /** Changed state dimensions per node; nodes absent here have the scene's state. */
  readonly states: PersistentMap<Readonly<Record<string, string>>>;
  /** Changed placements per node; nodes absent here rest where the scene says. */
  readonly placements: PersistentMap<Placement>;
}

/** The state before any step: the agent where its `at` edge points, holding its object child. */
export function initialState(scene: SceneGraph, agent?: string): Result<SimState> {
  const found = agent === undefined ? findAgent(scene) : ok(agent);
  if (!found.ok) return found;
  const id = found.value;
  if (!scene.hasNode(id) || scene.getNodeAttribute(id, 'kind') !== 'agent') {
    return err(`the scene has no agent node '${id}'`);
  }
  let place: string | undefined;
  let holding: string | null = null;
  scene.forEachOutEdge(id, (_edge, attributes, _source, target) => {
    if (attributes.kind === 'at') place = target;
    else if (attributes.kind === 'hierarchy') holding = target;
  });
  if (place === undefined) return err(`the agent '${id}' has no 'at' edge, so its location is unknown`);
  return ok(makeState(id, place, null, holding, PersistentMap.empty(), PersistentMap.empty()));
}

function findAgent(scene: SceneGraph): Result<string> {
  const agents = scene.filterNodes((_id, attributes) => attributes.kind === 'agent');
  if (agents.length === 1) return ok(agents[0]!);
  if (agents.length === 0) return err('the scene has no agent node, so there is no robot to plan for');
  return err(`the scene has ${agents.length} agents (${agents.join(', ')}); say which one plans`);
}

/** A node's value in one state dimension, after the plan's changes; undefined when it has none. */
export function stateOf(scene: SceneGraph, sim: SimState, id: string, dimension: string): string | undefined {
  const changed = sim.states.get(id)?.[dimension];
  if (changed !== undefined) return changed;
  return scene.getNodeAttribute(id, 'state')?.[dimension];
}

/** A node's whole state after the plan's changes. */
export function fullStateOf(scene: SceneGraph, sim: SimState, id: string): Record<string, string> {
  return { ...scene.getNodeAttribute(id, 'state'), ...sim.states.get(id) };
}

/** A node's hierarchy parent after the plan's changes; undefined for a root. */
export function parentIn(scene: SceneGraph, sim: SimState, id: string): Placement | undefined {
  return sim.placements.get(id) ?? sceneParent(scene, id);
}

/** A node's hierarchy parent in the scene itself. */
export function sceneParent(scene: SceneGraph, id: string): Placement | undefined {
  let placement: Placement | undefined;
  scene.findInEdge(id, (_edge, attributes, source) => {
    if (attributes.kind !== 'hierarchy') return false;
    placement = { parent: source, relation: attributes.relation };
    return true;
  });
  return placement;
}

/** The room a node is in after the plan's changes: held objects are where the agent stands. */
export function roomIn(scene: SceneGraph, sim: SimState, id: string): string | undefined {
  let current = id;
  // Bounded because a malformed scene may contain a hierarchy cycle.
  for (let depth = 0; depth < 64; depth++) {
    const kind: NodeKind = scene.getNodeAttribute(current, 'kind');
    if (kind === 'room') return current;
    if (kind === 'agent') return scene.getNodeAttribute(sim.place, 'kind') === 'room' ? sim.place : undefined;
    const placement = parentIn(scene, sim, current);
    if (placement === undefined) return undefined;
    current = placement.parent;
  }
  return undefined;
}

/** A state from its parts; one constructor keeps every state the same shape for the JIT. */
export function makeState(
  agent: string,
  place: string,
  accessed: string | null,
  holding: string | null,
  states: SimState['states'],
  placements: SimState['placements'],
): SimState {
  return { agent, place, accessed, holding, states, placements };
}

/** The state with the agent's own facts replaced. */
export function withAgent(
  sim: SimState,
  place: string,
  accessed: string | null,
  holding: string | null,
): SimState {
  return makeState(sim.agent, place, accessed, holding, sim.states, sim.placements);
}

/** The state with one node's dimension set; only one bucket of the state overlay is copied. */
export function withState(sim: SimState, id: string, dimension: string, value: string): SimState {
  const states = sim.states.with(id, { ...sim.states.get(id), [dimension]: value });
  return makeState(sim.agent, sim.place, sim.accessed, sim.holding, states, sim.placements);
}

/** The state with one node moved under a new parent. */
export function withPlacement(sim: SimState, id: string, placement: Placement): SimState {
  const placements = sim.placements.with(id, placement);
  return makeState(sim.agent, sim.place, sim.accessed, sim.holding, sim.states, placements);
}
