import type { SceneGraph } from '@groundplan/scene-graph';
import { formatGoal, type Goal } from '../goals/goal.js';
import { fullStateOf, parentIn, type SimState, sceneParent } from '../state/sim-state.js';

/**
 * One change a plan leaves in the world, start against end (what it undid on the way is no
 * change): a thing that rests somewhere else, or a node whose state differs.
 */
export type PlanChange =
  | { kind: 'moved'; node: string; from: string; to: string }
  | { kind: 'state'; node: string; dimension: string; from: string; to: string };

/**
 * The changes a plan leaves that no goal asks for: its side effects. A move is asked for when a
 * goal places or holds that thing (`on(mug, desk)` moves the mug, not the desk) or states an
 * object's state (`state(kebab, temperature, hot)`: it may rest in the microwave); a state change
 * when a goal states that node's dimension (`state(fridge, door, closed)`); the agent's own place
 * is never a side effect. Every other change is one: an object left somewhere else, a door left
 * open by a goal that only puts something inside, an appliance switched, something heated. With
 * no goals (a plan the model wrote), every change is listed.
 */
export function sideEffects(
  scene: SceneGraph,
  start: SimState,
  end: SimState,
  goals: readonly Goal[],
  /** Things the request names beyond its goals (e.g. what a question was about): moving them is no side effect. */
  alsoNamed: readonly string[] = [],
): PlanChange[] {
  const moved = new Set(alsoNamed);
  const stated = new Set<string>();
  for (const goal of goals) {
    if (goal.kind === 'inside' || goal.kind === 'on') moved.add(goal.object);
    else if (goal.kind === 'holding' && goal.object !== null) moved.add(goal.object);
    else if (goal.kind === 'state') {
      stated.add(goal.dimension === undefined ? goal.node : `${goal.node}\n${goal.dimension}`);
      // A thing whose state is asked for goes where the skill is done: the heated kebab rests in
      // the microwave, the washed plate in the dishwasher.
      if (scene.hasNode(goal.node) && scene.getNodeAttribute(goal.node, 'kind') === 'object')
        moved.add(goal.node);
    }
  }
  return planChanges(scene, start, end).filter((change) =>
    change.kind === 'moved'
      ? !moved.has(change.node)
      : !stated.has(change.node) && !stated.has(`${change.node}\n${change.dimension}`),
  );
}

/** Every change from `start` to `end`, in node order: placements first, then states per dimension. */
export function planChanges(scene: SceneGraph, start: SimState, end: SimState): PlanChange[] {
  const changes: PlanChange[] = [];
  const nodes = new Set([...end.placements.keys(), ...end.states.keys(), ...held(start), ...held(end)]);
  for (const node of [...nodes].sort()) {
    if (!scene.hasNode(node)) continue;
    const from = restsOn(scene, start, node);
    const to = restsOn(scene, end, node);
    if (from !== to) changes.push({ kind: 'moved', node, from, to });
    const before = fullStateOf(scene, start, node);
    const after = fullStateOf(scene, end, node);
    for (const dimension of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      const was = Object.hasOwn(before, dimension) ? before[dimension]! : 'unknown';
      const is = Object.hasOwn(after, dimension) ? after[dimension]! : 'unknown';
      if (was !== is) changes.push({ kind: 'state', node, dimension, from: was, to: is });
    }
  }
  return changes;
}

/** One line for a change: "coke_can moved from the gripper to on kitchen_bench", "fridge door: closed -> open". */
export function describeChange(change: PlanChange): string {
  return change.kind === 'moved'
    ? `${change.node} moved from ${change.from} to ${change.to}`
    : `${change.node} ${change.dimension}: ${change.from} -> ${change.to}`;
}

/**
 * The goals that would undo these changes: a moved thing back where it rested (into the gripper
 * for what the robot held at the start), a state back to its value. A change the goals' own
 * vocabulary cannot state (a thing that rested in a room) has none.
 */
export function undoGoals(scene: SceneGraph, start: SimState, changes: readonly PlanChange[]): Goal[] {
  const goals: Goal[] = [];
  for (const change of changes) {
    if (change.kind === 'state') {
      goals.push({
        kind: 'state',
        node: change.node,
        dimension: change.dimension,
        value: change.from,
        negated: false,
      });
      continue;
    }
    if (start.holding === change.node) {
      goals.push({ kind: 'holding', object: change.node, negated: false });
      continue;
    }
    const placement = parentIn(scene, start, change.node) ?? sceneParent(scene, change.node);
    if (placement === undefined) continue;
    const relation = placement.relation;
    if (relation === 'on' || relation === 'inside')
      goals.push({ kind: relation, object: change.node, target: placement.parent, negated: false });
  }
  const unique = new Map(goals.map((goal) => [formatGoal(goal), goal]));
  return [...unique.values()];
}

/** Where a node rests: "the gripper" when held, else "<relation> <parent>". */
function restsOn(scene: SceneGraph, sim: SimState, node: string): string {
  if (sim.holding === node) return 'the gripper';
  const placement = parentIn(scene, sim, node);
  if (placement === undefined) return 'nowhere';
  if (placement.parent === sim.agent) return 'the gripper';
  return `${placement.relation ?? 'in'} ${placement.parent}`;
}

function held(sim: SimState): string[] {
  return sim.holding === null ? [] : [sim.holding];
}
