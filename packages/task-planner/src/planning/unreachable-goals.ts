import { shortestPath } from '@groundplan/path-planner';
import type { SceneGraph } from '@groundplan/scene-graph';
import {
  type ActionSpec,
  actionSpec,
  checkGoals,
  checks,
  formatGoal,
  type Goal,
  goalNodes,
  type PlanStep,
  parentIn,
  type SimState,
  stateOf,
} from '@groundplan/simulator';
import type { GroundSteps } from '../successors/ground-steps.js';

/** A goal the planner can tell at once it cannot reach, and why, for the model that wrote it. */
export interface UnreachableGoal {
  readonly goal: string;
  readonly why: string;
}

// A step that needs its argument in the gripper cannot be the first to move an object not held now.
const HOLDS_CHECK = checks.holds('object').name;

/**
 * The goals that cheap checks show to be out of reach from the start state: a node not in the
 * scene or not among the explored nodes, a place the agent cannot get to, a state value or a move
 * that no step of the table can produce. Effects are probed on the start state without their
 * preconditions; a step counts unless one of its affordance checks fails (or, for the first move
 * of an object not in the gripper, it needs the object in the gripper); a probe that throws counts
 * as "might", so a goal is only reported when no step could possibly serve it.
 */
export function unreachableGoals(
  scene: SceneGraph,
  start: SimState,
  goals: readonly Goal[],
  nodes: ReadonlySet<string>,
  grounded: GroundSteps,
  actions: readonly ActionSpec[],
): UnreachableGoal[] {
  const found: UnreachableGoal[] = [];
  for (const goal of goals) {
    const why = whyUnreachable(scene, start, goal, nodes, grounded, actions);
    if (why !== undefined) found.push({ goal: formatGoal(goal), why });
  }
  return found;
}

function whyUnreachable(
  scene: SceneGraph,
  start: SimState,
  goal: Goal,
  nodes: ReadonlySet<string>,
  grounded: GroundSteps,
  actions: readonly ActionSpec[],
): string | undefined {
  for (const id of goalNodes(goal)) {
    if (!scene.hasNode(id)) return `${id} is not in the scene`;
    if (!nodes.has(id))
      return `${id} is not among the explored nodes; expand the part of the graph that holds it`;
  }
  if (goal.negated || checkGoals(scene, start, [goal]).satisfied) return undefined;
  const probes = () => [
    ...grounded.steps.map((step) => probe(scene, start, step, actions, undefined)),
    ...grounded.neverRun.map(({ step, why }) => probe(scene, start, step, actions, why)),
  ];
  switch (goal.kind) {
    case 'at': {
      if (scene.getNodeAttribute(goal.place, 'kind') !== 'room')
        return `${goal.place} is not a room; the plan moves between rooms with goto(room)`;
      const route = shortestPath(scene, start.place, goal.place);
      return route.ok ? undefined : route.error.message;
    }
    case 'state': {
      const producers = probes().filter((p) => p.changes === 'unknown' || achieves(scene, p.state!, goal));
      if (producers.some((p) => p.blockedBy === undefined)) return undefined;
      const values =
        goal.dimension === undefined ? undefined : stateOf(scene, start, goal.node, goal.dimension);
      const now = values === undefined ? '' : ` (it is ${values})`;
      return `no step can make ${goal.node} ${goal.dimension ?? ''}${goal.dimension ? ' ' : ''}${goal.value}${now}${blockedNote(producers)}`;
    }
    case 'inside':
    case 'on':
    case 'holding': {
      const object = goal.object;
      if (object === null) return undefined;
      const held = start.holding === object;
      const movers = probes().filter(
        (p) =>
          (p.changes === 'unknown' || moves(scene, start, p.state!, object)) &&
          (held || !p.needsHolding || p.step.args[0] !== object),
      );
      if (movers.some((p) => p.blockedBy === undefined)) return undefined;
      return `no step can move ${object}${blockedNote(movers)}`;
    }
  }
}

interface Probe {
  readonly step: PlanStep;
  /** The state after the step's effects, preconditions ignored; unknown when an effect threw. */
  readonly changes: 'known' | 'unknown';
  readonly state?: SimState;
  /** The failure message of an affordance check that fails, if one does. */
  readonly blockedBy?: string;
  /** The step requires its (first) argument in the gripper. */
  readonly needsHolding: boolean;
}

function probe(
  scene: SceneGraph,
  start: SimState,
  step: PlanStep,
  actions: readonly ActionSpec[],
  blockedBy: string | undefined,
): Probe {
  const spec = actionSpec(step.action, actions)!;
  const args = Object.fromEntries(spec.parameters.map((parameter, i) => [parameter.name, step.args[i]!]));
  const needsHolding = spec.preconditions.some((precondition) => precondition.name === HOLDS_CHECK);
  const blocked = blockedBy === undefined ? {} : { blockedBy };
  try {
    let state = start;
    for (const effect of spec.effects) state = effect.apply({ scene, sim: state, args });
    return { step, changes: 'known', state, needsHolding, ...blocked };
  } catch {
    return { step, changes: 'unknown', needsHolding, ...blocked };
  }
}

function achieves(scene: SceneGraph, state: SimState, goal: Goal): boolean {
  return checkGoals(scene, state, [goal]).satisfied;
}

function moves(scene: SceneGraph, start: SimState, after: SimState, object: string): boolean {
  const before = parentIn(scene, start, object);
  const now = parentIn(scene, after, object);
  return before?.parent !== now?.parent || before?.relation !== now?.relation;
}

function blockedNote(blocked: readonly Probe[]): string {
  const reasons = blocked.flatMap((p) => (p.blockedBy === undefined ? [] : [p.blockedBy]));
  return reasons.length === 0 ? '' : ` (${reasons.slice(0, 2).join('; ')})`;
}
