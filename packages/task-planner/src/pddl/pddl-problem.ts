import { shortestPath } from '@groundplan/path-planner';
import { err, ok, type Result, type SceneGraph } from '@groundplan/scene-graph';
import { formatGoal, fullStateOf, type Goal, parentIn, type SimState } from '@groundplan/simulator';
import { dimensionKey, type PddlDomain, pddlWord, valueKey } from './pddl-domain.js';
import type { PddlNames } from './pddl-names.js';

/** What a problem is about: the world in a state, the nodes the plan may use and the goals. */
export interface ProblemInput {
  readonly scene: SceneGraph;
  readonly start: SimState;
  readonly goals: readonly Goal[];
  /** The nodes the plan may use as arguments and goto targets; every room, asset and object when absent. */
  readonly nodes?: readonly string[];
  readonly name?: string;
}

const THING_KINDS = new Set(['asset', 'object']);

/** The scene in a state and the goals as a PDDL problem of the groundplan domain; goals it cannot say are an error. */
export function pddlProblem(input: ProblemInput, domain: PddlDomain, names: PddlNames): Result<string> {
  const { scene, start } = input;
  const kind = (id: string): string => scene.getNodeAttribute(id, 'kind');
  const rooms: string[] = [];
  const assets: string[] = [];
  const items: string[] = [];
  scene.forEachNode((id, attributes) => {
    if (attributes.kind === 'room') rooms.push(id);
    else if (attributes.kind === 'asset') assets.push(id);
    else if (attributes.kind === 'object') items.push(id);
  });
  for (const list of [rooms, assets, items]) list.sort();
  const places = new Set<string>();
  if (kind(start.place) !== 'room') places.add(start.place);

  const goals: string[] = [];
  for (const goal of input.goals) {
    const formula = goalFormula(goal, scene, names, places);
    if (!formula.ok) return formula;
    goals.push(formula.value);
  }

  const init: string[] = [`(agent-at ${names.name(start.place)})`];
  init.push(start.holding === null ? '(hand-empty)' : `(holding ${names.name(start.holding)})`);
  if (start.accessed !== null) init.push(`(accessed ${names.name(start.accessed)})`);
  const dimensions = new Set(domain.dimensions);
  const values = new Set(domain.values);
  const affordances = new Set(domain.affordances);
  const thingFacts = (id: string, name: string): string[] => {
    const facts: string[] = [];
    for (const skill of scene.getNodeAttribute(id, 'affordances') ?? [])
      if (affordances.has(skill)) facts.push(`(affords-${pddlWord(skill)} ${name})`);
    const state = fullStateOf(scene, start, id);
    for (const dimension of domain.dimensions)
      if (state[dimension] === undefined)
        facts.push(`(lacks ${name} ${names.name(dimensionKey(dimension), dimension)})`);
    for (const [dimension, value] of Object.entries(state)) {
      dimensions.add(dimension);
      values.add(value);
      facts.push(
        `(state ${name} ${names.name(dimensionKey(dimension), dimension)} ${names.name(valueKey(value), value)})`,
      );
    }
    return facts;
  };
  for (const room of rooms) init.push(`(is-room ${names.name(room)})`);
  for (const id of [...assets, ...items]) {
    const name = names.name(id);
    if (kind(id) === 'asset') init.push(`(is-asset ${name})`);
    init.push(...thingFacts(id, name));
    if (start.holding === id) continue;
    const rest = restingPlace(scene, start, id);
    if (rest === undefined) continue;
    if (kind(id) === 'asset') {
      if (kind(rest.holder) === 'room') init.push(`(asset-in ${name} ${names.name(rest.holder)})`);
      continue;
    }
    init.push(`(rests ${name} ${names.name(rest.holder)})`);
    if (rest.relation !== undefined) init.push(`(${rest.relation} ${name} ${names.name(rest.holder)})`);
  }
  for (const goal of input.goals)
    if (goal.kind === 'state') {
      if (goal.dimension !== undefined) dimensions.add(goal.dimension);
      values.add(goal.value);
    }

  const usable = new Set(input.nodes ?? [...rooms, ...assets, ...items]);
  for (const id of [...rooms, ...assets, ...items])
    if (usable.has(id)) init.push(`(explored ${names.name(id)})`);
  const targets = rooms.filter((room) => usable.has(room));
  for (const from of [...rooms, ...places])
    for (const to of reachableRooms(scene, from, targets))
      init.push(`(route ${names.name(from)} ${names.name(to)})`);

  const extraDimensions = [...dimensions].filter((d) => !domain.dimensions.includes(d)).sort();
  const extraValues = [...values].filter((v) => !domain.values.includes(v)).sort();
  const objects = [
    [rooms.map((id) => names.name(id)), 'room'],
    [[...places].map((id) => names.name(id)), 'place'],
    [assets.map((id) => names.name(id)), 'asset'],
    [items.map((id) => names.name(id)), 'item'],
    [extraDimensions.map((d) => names.name(dimensionKey(d), d)), 'dimension'],
    [extraValues.map((v) => names.name(valueKey(v), v)), 'value'],
  ] as const;
  const problemName = pddlWord(input.name ?? 'task');
  return ok(`; ${input.goals.map(formatGoal).join(', ')}
(define (problem ${problemName})
  (:domain groundplan)
  (:objects
${objects
  .filter(([list]) => list.length > 0)
  .map(([list, type]) => `    ${list.join(' ')} - ${type}`)
  .join('\n')})
  (:init
    ${init.join('\n    ')})
  (:goal (and
    ${goals.join('\n    ')})))
`);
}

function goalFormula(goal: Goal, scene: SceneGraph, names: PddlNames, places: Set<string>): Result<string> {
  const text = formatGoal(goal);
  const kindOf = (id: string): string | undefined =>
    scene.hasNode(id) ? scene.getNodeAttribute(id, 'kind') : undefined;
  const unsupported = (why: string) => err(`cannot export goal ${text} to PDDL: ${why}`);
  const thing = (id: string): Result<string> => {
    const kind = kindOf(id);
    if (kind === undefined) return unsupported(`${id} is not in the scene`);
    if (!THING_KINDS.has(kind)) return unsupported(`${id} is a ${kind}, not an asset or object`);
    return ok(names.name(id));
  };
  let formula: Result<string>;
  switch (goal.kind) {
    case 'inside':
    case 'on': {
      const object = thing(goal.object);
      if (!object.ok) return object;
      const targetKind = kindOf(goal.target);
      if (targetKind === undefined) return unsupported(`${goal.target} is not in the scene`);
      const target = names.name(goal.target);
      if (goal.kind === 'inside' && targetKind === 'room')
        formula = ok(
          kindOf(goal.object) === 'asset'
            ? `(asset-in ${object.value} ${target})`
            : `(or (rests ${object.value} ${target}) (exists (?a - asset) (and (rests ${object.value} ?a) (asset-in ?a ${target}))))`,
        );
      else if (!THING_KINDS.has(targetKind))
        return unsupported(
          `${goal.target} is a ${targetKind}; the export says ${goal.kind}(x, y) for assets and objects${goal.kind === 'inside' ? ' and rooms' : ''}`,
        );
      else
        formula = ok(
          goal.kind === 'on' ? `(on ${object.value} ${target})` : `(inside ${object.value} ${target})`,
        );
      break;
    }
    case 'state': {
      const node = thing(goal.node);
      if (!node.ok) return node;
      const value = names.name(valueKey(goal.value), goal.value);
      formula = ok(
        goal.dimension === undefined
          ? `(exists (?d - dimension) (state ${node.value} ?d ${value}))`
          : `(state ${node.value} ${names.name(dimensionKey(goal.dimension), goal.dimension)} ${value})`,
      );
      break;
    }
    case 'holding': {
      if (goal.object === null) formula = ok('(hand-empty)');
      else {
        const object = thing(goal.object);
        if (!object.ok) return object;
        formula = ok(`(holding ${object.value})`);
      }
      break;
    }
    case 'at': {
      const kind = kindOf(goal.place);
      if (kind !== 'room' && kind !== 'pose')
        return unsupported(`${goal.place} is not a room or pose of the scene`);
      if (kind === 'pose') places.add(goal.place);
      formula = ok(`(agent-at ${names.name(goal.place)})`);
      break;
    }
  }
  if (!formula.ok || !goal.negated) return formula;
  return ok(`(not ${formula.value})`);
}

// Routes per scene and start place: the path planner's, as goto(room) uses them (room-moves.ts).
const ROUTES = new WeakMap<SceneGraph, Map<string, boolean>>();

function reachableRooms(scene: SceneGraph, from: string, rooms: readonly string[]): string[] {
  let known = ROUTES.get(scene);
  if (known === undefined) {
    known = new Map();
    ROUTES.set(scene, known);
  }
  return rooms.filter((room) => {
    if (room === from) return false;
    const key = `${from}\u0000${room}`;
    let reachable = known.get(key);
    if (reachable === undefined) {
      reachable = shortestPath(scene, from, room).ok;
      known.set(key, reachable);
    }
    return reachable;
  });
}

/**
 * Where a thing rests for the export: its room (an asset, or an item lying free), or the asset it
 * is on or in. A thing on or in another item rests on that item's holder, with the relation of the
 * link into that holder (the domain keeps one level; the scenes nest items at most once).
 */
function restingPlace(
  scene: SceneGraph,
  sim: SimState,
  id: string,
): { holder: string; relation: 'on' | 'inside' | undefined } | undefined {
  let current = id;
  for (let depth = 0; depth < 64; depth++) {
    const placement = parentIn(scene, sim, current);
    if (placement === undefined) return undefined;
    const kind = scene.getNodeAttribute(placement.parent, 'kind');
    if (kind === 'room') return { holder: placement.parent, relation: undefined };
    if (kind === 'asset')
      return { holder: placement.parent, relation: placement.relation === 'inside' ? 'inside' : 'on' };
    if (kind !== 'object') return undefined;
    current = placement.parent;
  }
  return undefined;
}
