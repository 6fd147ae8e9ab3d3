import { ancestorsOf, type SceneGraph } from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  type ActionSpec,
  fullStateOf,
  type Goal,
  parentIn,
  type SimState,
  settableStates,
} from '@groundplan/simulator';
import { z } from 'zod';
import { oneOf } from './one-of.js';

// What the model may write as goals (issue 25 item 3, LLM+P as Liu et al. define it): facts in
// the simulator's goal vocabulary, each typed by the contract over the candidate nodes it may
// name. `put ... on` takes only furniture that holds things on it, `put ... in` only containers
// and rooms, `set` only a node and a value some skill sets; a node that has no such value is
// refused with the reason, so a grammar-constrained model cannot name what the building lacks
// and what it writes is a goal the classical planner can read.

/** The values some skill sets, by state dimension (the action table's effects), once per table. */
const SETTABLE = new WeakMap<readonly ActionSpec[], Map<string, Set<string>>>();
function settableIn(actions: readonly ActionSpec[]): Map<string, Set<string>> {
  let found = SETTABLE.get(actions);
  if (found === undefined) {
    found = settableStates(actions);
    SETTABLE.set(actions, found);
  }
  return found;
}

/** At most this many facts a goal may have (the longest request of the task sets needs five). */
export const MAX_WRITTEN_GOALS = 6;

/** The nodes the model may name, by the part each can play in a fact. */
export type WritingCandidates = {
  /** Objects the robot can pick up. */
  things: string[];
  /** Assets that hold things on them. */
  surfaces: string[];
  /** Assets that contain things, and rooms. */
  containers: string[];
  /** Assets and objects with a state some skill can change, and the values it may be changed to. */
  states: Map<string, string[]>;
};

/** The candidates among the given nodes (best first), each in the parts it can play. */
export function writingCandidates(
  graph: SceneGraph,
  state: SimState,
  nodes: readonly string[],
  /** The robot's skills: a state is a candidate when one of them sets it. */
  actions: readonly ActionSpec[] = ACTION_SPECS,
): WritingCandidates {
  const settable = settableIn(actions);
  const candidates: WritingCandidates = { things: [], surfaces: [], containers: [], states: new Map() };
  for (const id of nodes) {
    if (!graph.hasNode(id)) continue;
    const kind = graph.getNodeAttribute(id, 'kind');
    const affordances = graph.getNodeAttribute(id, 'affordances') ?? [];
    if (kind === 'room') candidates.containers.push(id);
    if (kind === 'object' && affordances.includes('pickup')) candidates.things.push(id);
    if (kind === 'asset')
      (affordances.includes('contain') ? candidates.containers : candidates.surfaces).push(id);
    if (kind !== 'asset' && kind !== 'object') continue;
    // A value the node already has makes no goal: only the ones a skill could change it to.
    const values = Object.entries(fullStateOf(graph, state, id)).flatMap(([dimension, now]) =>
      [...(settable.get(dimension) ?? [])].filter((value) => value !== now),
    );
    if (values.length > 0) candidates.states.set(id, [...new Set(values)].sort());
  }
  return candidates;
}

/** The contract of a written goal: one to MAX_WRITTEN_GOALS facts over the candidates. */
export function goalWritingSchema(candidates: WritingCandidates) {
  const { things, surfaces, containers, states } = candidates;
  const facts: z.ZodType[] = [];
  if (things.length > 0 && surfaces.length > 0)
    facts.push(z.object({ put: oneOf(things, 'thing'), on: oneOf(surfaces, 'surface') }).strict());
  if (things.length > 0 && containers.length > 0)
    facts.push(z.object({ put: oneOf(things, 'thing'), in: oneOf(containers, 'container') }).strict());
  // Nodes that may take the same values share a branch, so the grammar itself pairs each node
  // with its own values (a table cannot be written "on", a coffee machine cannot be "clean").
  const byValues = new Map<string, string[]>();
  for (const [id, values] of states)
    byValues.set(values.join('|'), [...(byValues.get(values.join('|')) ?? []), id]);
  for (const [values, ids] of byValues)
    facts.push(
      z.object({ set: oneOf(ids, 'node with a state'), to: oneOf(values.split('|'), 'state') }).strict(),
    );
  if (facts.length === 0)
    throw new Error('no candidate node can be moved or changed: nothing to write a goal about');
  const fact = facts.length === 1 ? facts[0]! : z.union(facts as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  return z.object({ goals: z.array(fact).min(1).max(MAX_WRITTEN_GOALS) }).strict();
}

export type WrittenFact =
  | { put: string; on: string }
  | { put: string; in: string }
  | { set: string; to: string };

/** The facts as the simulator's goals; a repeated fact counts once. */
export function goalsOfFacts(
  graph: SceneGraph,
  state: SimState,
  facts: readonly WrittenFact[],
  actions: readonly ActionSpec[] = ACTION_SPECS,
): Goal[] {
  const goals: Goal[] = [];
  const seen = new Set<string>();
  for (const fact of facts) {
    const goal: Goal =
      'set' in fact
        ? {
            kind: 'state',
            node: fact.set,
            dimension: dimensionOf(graph, state, fact.set, fact.to, actions),
            value: fact.to,
            negated: false,
          }
        : 'on' in fact
          ? { kind: 'on', object: fact.put, target: fact.on, negated: false }
          : { kind: 'inside', object: fact.put, target: fact.in, negated: false };
    const key = JSON.stringify(goal);
    if (!seen.has(key)) goals.push(goal);
    seen.add(key);
  }
  return goals;
}

/** The dimension of a node's state that a skill sets to the value (door for closed, power for on). */
function dimensionOf(
  graph: SceneGraph,
  state: SimState,
  id: string,
  value: string,
  actions: readonly ActionSpec[],
): string | undefined {
  const settable = settableIn(actions);
  return Object.keys(fullStateOf(graph, state, id)).find((dimension) => settable.get(dimension)?.has(value));
}

/** Where a thing is: " on desk_3 (office_2)", " in kitchen" for what stands in a room. */
function placeOf(graph: SceneGraph, state: SimState, id: string): string {
  const at = parentIn(graph, state, id);
  if (at === undefined) return '';
  if (graph.hasNode(at.parent) && graph.getNodeAttribute(at.parent, 'kind') === 'room')
    return ` in ${at.parent}`;
  const room = ancestorsOf(graph, id).find((up) => graph.getNodeAttribute(up, 'kind') === 'room');
  return ` ${at.relation === 'inside' ? 'in' : 'on'} ${at.parent}${room && room !== at.parent ? ` (${room})` : ''}`;
}

/**
 * One line per candidate for the prompt: its id, what it is, where it is and its state, so the
 * model can tell Niko's mug on his desk from the dirty one in the cupboard.
 */
export function candidateLine(graph: SceneGraph, state: SimState, id: string): string {
  const kind = graph.getNodeAttribute(id, 'kind');
  const where = kind === 'room' ? '' : placeOf(graph, state, id);
  const states = Object.entries(fullStateOf(graph, state, id)).map(
    ([dimension, value]) => `${dimension} ${value}`,
  );
  const attributes = Object.entries(graph.getNodeAttribute(id, 'attributes') ?? {})
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number' || value === true)
    .map(([key, value]) => (value === true ? key : `${key}: ${String(value).slice(0, 60)}`));
  const held = state.holding === id ? " (in the robot's gripper)" : '';
  const notes = [...states, ...attributes];
  return `${id}: ${kind}${where}${held}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`;
}
