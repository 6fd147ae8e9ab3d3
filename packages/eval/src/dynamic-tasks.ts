import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  childrenOf,
  err,
  NodeIdSchema,
  ok,
  type Result,
  type SceneGraph,
  type SceneStore,
} from '@groundplan/scene-graph';
import { z } from 'zod';
import type { EvalScenes } from './scenes.js';
import { type EvalTask, FAMILIES } from './tasks.js';

/** How the true world differs from the belief (GraSIF-style dynamic variants). */
export const VARIANT_KINDS = ['moved', 'hidden', 'missing', 'container-state'] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** One change that turns the belief into the true world. */
export const TruthEditSchema = z.discriminatedUnion('op', [
  z
    .object({
      op: z.literal('move'),
      node: NodeIdSchema,
      parent: NodeIdSchema,
      relation: z.enum(['on', 'inside']).optional(),
    })
    .strict(),
  z.object({ op: z.literal('remove'), node: NodeIdSchema }).strict(),
  z
    .object({ op: z.literal('state'), node: NodeIdSchema, dimension: z.string().min(1), value: z.string() })
    .strict(),
]);
export type TruthEdit = z.infer<typeof TruthEditSchema>;

const SearchCriteriaSchema = z.object({
  kind: z.literal('search'),
  answer: z.array(z.string()),
  match: z.enum(['any', 'all']),
  atLeast: z.number().int().positive().optional(),
});
const PlanningCriteriaSchema = z.object({ kind: z.literal('planning'), goal: z.array(z.string()).min(1) });

export const DynamicTaskSchema = z
  .object({
    /** `<base task id>--<kind>`. */
    id: z.string(),
    /** The SayPlan task this varies (datasets/tasks/sayplan-tasks.json). */
    task: z.string(),
    environment: z.enum(['office', 'home']),
    family: z.enum(FAMILIES),
    /** The instruction as given: it describes the belief, which may be wrong. */
    instruction: z.string(),
    kind: z.enum(VARIANT_KINDS),
    /** The node the variant is about: the object moved, hidden or missing, or the container. */
    subject: NodeIdSchema,
    /**
     * The scene the robot believes: the task's evaluation scene (packages/eval/src/scenes.ts) named
     * after the variant, so each variant deploys under its own scene ref (and its own robot world).
     */
    belief: z.object({ scene: z.enum(['office', 'office-empty-handed', 'home']), ref: z.string() }),
    /** The true world: the belief with these edits applied (trueWorldOf), and its scene ref. */
    truth: z.object({ edits: z.array(TruthEditSchema).min(1), ref: z.string() }),
    /** One line: how the truth differs, e.g. "apple is on filipes_desk, not on peters_desk". */
    difference: z.string(),
    /** Whether the task can still be done in the true world (a plan exists, or the answer exists). */
    achievable: z.boolean(),
    /** The criteria in the true world (a missing answer leaves the search without it). */
    criteria: z.discriminatedUnion('kind', [SearchCriteriaSchema, PlanningCriteriaSchema]),
  })
  .strict();
export type DynamicTask = z.infer<typeof DynamicTaskSchema>;

export const DEFAULT_DYNAMIC_TASK_FILE = fileURLToPath(
  new URL('../../../datasets/tasks/dynamic-tasks.json', import.meta.url),
);

/** Reads the dynamic task set (written by scripts/build-dynamic-tasks.ts). */
export async function loadDynamicTasks(path = DEFAULT_DYNAMIC_TASK_FILE): Promise<Result<DynamicTask[]>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (cause) {
    return err(`cannot read the dynamic task file ${path}: ${(cause as Error).message}`);
  }
  const parsed = z.object({ tasks: z.array(DynamicTaskSchema) }).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return err(`${path} is not a dynamic task file: ${issue.path.join('.')}: ${issue.message}`);
  }
  return ok(parsed.data.tasks);
}

/**
 * The variants interleaved: one of each (kind, environment) in turn, file order within each, so a
 * run stopped early has covered every kind in the office and the home rather than the file's first rows.
 */
export function interleaveByKind(tasks: readonly DynamicTask[]): DynamicTask[] {
  const groups = new Map<string, DynamicTask[]>();
  for (const kind of VARIANT_KINDS)
    for (const environment of ['office', 'home'] as const) groups.set(`${kind}/${environment}`, []);
  for (const task of tasks) groups.get(`${task.kind}/${task.environment}`)!.push(task);
  const queues = [...groups.values()].filter((group) => group.length > 0);
  const order: DynamicTask[] = [];
  for (let round = 0; order.length < tasks.length; round++)
    for (const queue of queues) if (round < queue.length) order.push(queue[round]!);
  return order;
}

/** The true world of a variant: a copy of the belief with the edits applied; the belief is untouched. */
export function trueWorldOf(belief: SceneGraph, edits: readonly TruthEdit[]): Result<SceneGraph> {
  const world = belief.copy();
  for (const edit of edits) {
    if (!world.hasNode(edit.node))
      return err(`the edit ${JSON.stringify(edit)} names '${edit.node}', which is not in the scene`);
    switch (edit.op) {
      case 'move': {
        if (!world.hasNode(edit.parent))
          return err(`the edit ${JSON.stringify(edit)} names '${edit.parent}', which is not in the scene`);
        for (const edge of world.inEdges(edit.node))
          if (world.getEdgeAttribute(edge, 'kind') === 'hierarchy') world.dropEdge(edge);
        world.addDirectedEdge(
          edit.parent,
          edit.node,
          edit.relation === undefined
            ? { kind: 'hierarchy' }
            : { kind: 'hierarchy', relation: edit.relation },
        );
        break;
      }
      case 'remove':
        dropSubtree(world, edit.node);
        break;
      case 'state':
        world.updateNodeAttribute(edit.node, 'state', (state) => ({
          ...state,
          [edit.dimension]: edit.value,
        }));
        break;
    }
  }
  return ok(world);
}

function dropSubtree(world: SceneGraph, id: string): void {
  for (const child of childrenOf(world, id)) dropSubtree(world, child);
  world.dropNode(id);
}

/**
 * The belief scene of a variant: the task's evaluation scene, named `<scene name> / <variant id>`
 * so that every variant has its own scene ref (a robot's trueWorld option maps refs to truths).
 */
export function beliefOf(
  scenes: EvalScenes,
  task: Pick<EvalTask, 'id' | 'environment'>,
  variantId: string,
): { scene: DynamicTask['belief']['scene']; graph: SceneGraph } {
  const { graph: base, ref } = scenes.sceneFor(task as EvalTask);
  const scene =
    task.environment === 'home' ? 'home' : ref === scenes.refs.office ? 'office' : 'office-empty-handed';
  const graph = base.copy();
  graph.setAttribute('name', `${base.getAttribute('name')} / ${variantId}`.slice(0, 128));
  return { scene, graph };
}

/**
 * Stores every variant's belief and true world, checking both refs against the task file; the
 * map from belief ref to truth ref is what a simulated robot's trueWorld option reads.
 */
export async function storeDynamicWorlds(
  store: SceneStore,
  scenes: EvalScenes,
  tasks: readonly DynamicTask[],
): Promise<Result<Map<string, string>>> {
  const truths = new Map<string, string>();
  for (const task of tasks) {
    const { graph } = beliefOf(scenes, { id: task.task, environment: task.environment }, task.id);
    const beliefRef = await store.put(graph);
    if (beliefRef !== task.belief.ref)
      return err(
        `the belief of ${task.id} is ${beliefRef}, not the ${task.belief.ref} the task file records`,
      );
    const truth = await storeTrueWorld(store, graph, task);
    if (!truth.ok) return truth;
    truths.set(beliefRef, truth.value);
  }
  return ok(truths);
}

/** Stores a variant's true world and returns its ref, checking it is the one the task file recorded. */
export async function storeTrueWorld(
  store: SceneStore,
  belief: SceneGraph,
  task: DynamicTask,
): Promise<Result<string>> {
  const world = trueWorldOf(belief, task.truth.edits);
  if (!world.ok) return world;
  const ref = await store.put(world.value);
  if (ref !== task.truth.ref)
    return err(`the true world of ${task.id} is ${ref}, not the ${task.truth.ref} the task file records`);
  return ok(ref);
}
