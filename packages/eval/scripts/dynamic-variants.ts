// The dynamic variants of SayPlan's tasks (issue 14, item 6): the belief is the task's scene, the
// truth differs in one stated way. Shared by scripts/build-dynamic-tasks.ts, which writes
// datasets/tasks/dynamic-tasks.json, and the test that checks the written file.
import { createHash } from 'node:crypto';
import { expandPlan } from '@groundplan/path-planner';
import {
  err,
  mulberry32,
  ok,
  parentOf,
  type Result,
  roomOf,
  type SceneGraph,
  sceneRef,
} from '@groundplan/scene-graph';
import {
  checkGoalText,
  checks,
  goalNodes,
  type PlanStep,
  parseGoals,
  verifyPlan,
} from '@groundplan/simulator';
import { planForGoals } from '@groundplan/task-planner';
import {
  beliefOf,
  type DynamicTask,
  type TruthEdit,
  trueWorldOf,
  type VariantKind,
} from '../src/dynamic-tasks.js';
import type { EvalScenes } from '../src/scenes.js';
import type { EvalTask } from '../src/tasks.js';

/** Search tasks whose instruction does not say where the answer is, so moving it keeps the answer right. */
export const LOCATION_FREE_SEARCH_TASKS = [
  'office-simple-search-01',
  'office-simple-search-02',
  'office-simple-search-04',
  'home-simple-search-01',
  'home-simple-search-02',
  'home-simple-search-03',
  'home-simple-search-04',
  'home-simple-search-06',
];

// Where people leave things and where they put them away, by the asset's name in office and home.
const SURFACE = /(desk|table|shelf|bookshelf|bench|counter|nightstand)\d*$/;
const STORAGE = /(cabinet|drawer|cupboard|wardrobe)\d*(_\d+)?$/;

const ROTATION: readonly VariantKind[] = ['moved', 'hidden', 'missing', 'container-state'];
const SEARCH_ROTATION: readonly VariantKind[] = ['moved', 'hidden', 'missing'];

/** Every variant: two kinds per planning task and per location-free search task, in task order. */
export function dynamicVariants(
  tasks: readonly EvalTask[],
  scenes: EvalScenes,
  oraclePlans: Readonly<Record<string, readonly PlanStep[]>>,
  log: (line: string) => void = () => {},
): DynamicTask[] {
  const out: DynamicTask[] = [];
  let index = 0;
  for (const task of tasks) {
    const search = task.criteria.kind === 'search';
    if (search && !LOCATION_FREE_SEARCH_TASKS.includes(task.id)) continue;
    const wanted = 2;
    // Start each task at the next kind, and take the kind across the rotation second.
    const order = search
      ? [0, 1, 2].map((turn) => SEARCH_ROTATION[(index + turn) % 3]!)
      : [0, 2, 1, 3].map((turn) => ROTATION[(index + turn) % 4]!);
    let made = 0;
    for (const kind of order) {
      if (made === wanted) break;
      const variant = makeVariant(task, kind, scenes, oraclePlans[task.id] ?? []);
      if (!variant.ok) {
        log(`${task.id} ${kind}: skipped, ${variant.error}`);
        continue;
      }
      out.push(variant.value);
      made++;
    }
    index++;
  }
  return out;
}

function makeVariant(
  task: EvalTask,
  kind: VariantKind,
  scenes: EvalScenes,
  oraclePlan: readonly PlanStep[],
): Result<DynamicTask> {
  const id = `${task.id}--${kind}`;
  const belief = beliefOf(scenes, task, id);
  const named = namedNodes(task, oraclePlan);
  const subject =
    kind === 'container-state' ? doorAsset(belief.graph, task, named) : subjectObject(belief.graph, task);
  if (subject === undefined)
    return err(`no ${kind === 'container-state' ? 'container with a door' : 'object'} to vary`);
  const change = edit(belief.graph, kind, subject, named, mulberry32(seedOf(id)));
  if (!change.ok) return change;
  const truth = trueWorldOf(belief.graph, [change.value.edit]);
  if (!truth.ok) return truth;
  const judged = judge(task, truth.value, named);
  if (!judged.achievable && kind !== 'missing')
    return err(`the true world should still allow the task but ${judged.why}`);
  return ok({
    id,
    task: task.id,
    environment: task.environment,
    family: task.family,
    instruction: task.instruction,
    kind,
    subject,
    belief: { scene: belief.scene, ref: sceneRef(belief.graph) },
    truth: { edits: [change.value.edit], ref: sceneRef(truth.value) },
    difference: change.value.difference,
    achievable: judged.achievable,
    criteria: judged.criteria,
  });
}

/** Whether the task can be done in the true world, and its criteria there. */
export function judge(
  task: EvalTask,
  truth: SceneGraph,
  named: readonly string[],
): { achievable: boolean; why: string; criteria: DynamicTask['criteria'] } {
  if (task.criteria.kind === 'search') {
    const answer = task.criteria.answer.filter((id) => truth.hasNode(id));
    const criteria = { ...task.criteria, answer };
    return { achievable: answer.length > 0, why: 'no answer is left in the true world', criteria };
  }
  if (task.criteria.kind !== 'planning')
    throw new Error(`${task.id}: dynamic variants are made of searches and plans only`);
  const plan = planInWorld(truth, task.criteria.goal, named);
  // The dynamic set is judged by the written goal: its variants move, hide or remove the very
  // things a substitute would stand in for, and its reports were measured so.
  const criteria = { kind: 'planning' as const, goal: task.criteria.goal };
  return { achievable: plan.ok, why: plan.ok ? '' : plan.error, criteria };
}

/**
 * A plan found by the classical planner over the nodes the task names (with the rooms and assets
 * above them), expanded by the path planner and verified to reach the goals in the world.
 */
export function planInWorld(
  world: SceneGraph,
  goals: readonly string[],
  named: readonly string[],
): Result<PlanStep[]> {
  const found = planForGoals(world, goals, { nodes: exploredAround(world, named) });
  if (!found.ok) return err(found.error.message);
  const expanded = expandPlan(world, found.value.plan);
  if (!expanded.ok) return err(expanded.error.message);
  const verified = verifyPlan(world, expanded.value);
  if (!verified.ok) return err(verified.failure.feedback);
  const report = checkGoalText(world, verified.final, goals);
  if (!report.ok) return err(report.error);
  if (!report.value.satisfied) return err('the plan leaves a goal unmet');
  return ok(expanded.value);
}

/** The nodes a task's goals, answer and oracle plan name. */
export function namedNodes(task: EvalTask, oraclePlan: readonly PlanStep[]): string[] {
  const goals = task.criteria.kind === 'planning' ? parseGoals(task.criteria.goal) : ok([]);
  const fromGoals = goals.ok ? goals.value.flatMap(goalNodes) : [];
  const answer = task.criteria.kind === 'search' ? task.criteria.answer : [];
  return [...new Set([...fromGoals, ...answer, ...oraclePlan.flatMap((step) => step.args)])];
}

/** The first object a positive goal (or the answer) names that rests on an asset or in a room. */
function subjectObject(scene: SceneGraph, task: EvalTask): string | undefined {
  const ids: string[] = [];
  if (task.criteria.kind === 'search') ids.push(...task.criteria.answer);
  else if (task.criteria.kind !== 'planning')
    throw new Error(`${task.id}: dynamic variants are made of searches and plans only`);
  else {
    const goals = parseGoals(task.criteria.goal);
    if (goals.ok) for (const goal of goals.value) if (!goal.negated) ids.push(...goalNodes(goal));
  }
  return ids.find((id) => {
    if (!scene.hasNode(id) || scene.getNodeAttribute(id, 'kind') !== 'object') return false;
    const parent = parentOf(scene, id)?.parent;
    const parentKind = parent === undefined ? undefined : scene.getNodeAttribute(parent, 'kind');
    return parentKind === 'asset' || parentKind === 'room';
  });
}

/** The container with a door the task is about: the subject's, else the first the goals name. */
function doorAsset(scene: SceneGraph, task: EvalTask, named: readonly string[]): string | undefined {
  const subject = subjectObject(scene, task);
  const holder = subject === undefined ? undefined : parentOf(scene, subject)?.parent;
  const hasDoor = (id: string | undefined) =>
    id !== undefined && scene.hasNode(id) && scene.getNodeAttribute(id, 'state')?.door !== undefined;
  if (hasDoor(holder)) return holder;
  return named.find((id) => hasDoor(id) && scene.getNodeAttribute(id, 'kind') === 'asset');
}

function edit(
  scene: SceneGraph,
  kind: VariantKind,
  subject: string,
  named: readonly string[],
  random: () => number,
): Result<{ edit: TruthEdit; difference: string }> {
  const placement = parentOf(scene, subject);
  const was = placement === undefined ? 'nowhere' : `${placement.relation ?? 'in'} ${placement.parent}`;
  const avoid = new Set(named);
  const assets = scene.filterNodes((id, attributes) => attributes.kind === 'asset' && !avoid.has(id)).sort();
  const pick = (candidates: string[]) => candidates[Math.floor(random() * candidates.length)];
  switch (kind) {
    case 'moved': {
      const room = roomOf(scene, subject);
      const surfaces = assets.filter(
        (id) =>
          roomOf(scene, id) !== room &&
          SURFACE.test(id) &&
          !checks.affords(scene, id, 'contain') &&
          scene.getNodeAttribute(id, 'state')?.door === undefined,
      );
      const to = pick(surfaces);
      if (to === undefined) return err('no surface in another room to move it to');
      return ok({
        edit: { op: 'move', node: subject, parent: to, relation: 'on' },
        difference: `${subject} is on ${to} in the true world, not ${was}`,
      });
    }
    case 'hidden': {
      const closed = assets.filter(
        (id) =>
          id !== placement?.parent &&
          STORAGE.test(id) &&
          checks.affords(scene, id, 'contain') &&
          scene.getNodeAttribute(id, 'state')?.door === 'closed',
      );
      const room = roomOf(scene, subject);
      const near = closed.filter((id) => roomOf(scene, id) === room);
      const to = pick(near.length > 0 ? near : closed);
      if (to === undefined) return err('no closed container to hide it in');
      return ok({
        edit: { op: 'move', node: subject, parent: to, relation: 'inside' },
        difference: `${subject} is inside ${to} (closed) in the true world, not ${was}`,
      });
    }
    case 'missing':
      return ok({
        edit: { op: 'remove', node: subject },
        difference: `${subject} is not in the true world (believed ${was})`,
      });
    case 'container-state': {
      const door = scene.getNodeAttribute(subject, 'state')?.door;
      const other = door === 'closed' ? 'open' : 'closed';
      return ok({
        edit: { op: 'state', node: subject, dimension: 'door', value: other },
        difference: `${subject} is ${other} in the true world, not ${door}`,
      });
    }
  }
}

/** Each node with the assets, objects and room above it, as a search that found it would see. */
function exploredAround(scene: SceneGraph, ids: readonly string[]): string[] {
  const nodes = new Set<string>();
  for (const id of ids) {
    let current: string | undefined = id;
    while (current !== undefined && scene.hasNode(current) && !nodes.has(current)) {
      const kind = scene.getNodeAttribute(current, 'kind');
      if (kind === 'floor' || kind === 'building' || kind === 'agent') break;
      nodes.add(current);
      if (kind === 'room') break;
      current = parentOf(scene, current)?.parent;
    }
  }
  return [...nodes];
}

/** A variant's own seed: adding or reordering tasks never changes another variant. */
function seedOf(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32LE(0);
}
