import { readFileSync } from 'node:fs';
import { memorySceneStore, parentOf, type SceneGraph } from '@groundplan/scene-graph';
import { type PlanStep, sceneChanges } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamicVariants, namedNodes, planInWorld } from '../scripts/dynamic-variants.js';
import {
  beliefOf,
  DEFAULT_DYNAMIC_TASK_FILE,
  type DynamicTask,
  interleaveByKind,
  loadDynamicTasks,
  storeDynamicWorlds,
  trueWorldOf,
  VARIANT_KINDS,
} from './dynamic-tasks.js';
import { DEFAULT_ORACLE_FILE } from './oracle.js';
import { type EvalScenes, loadEvalScenes } from './scenes.js';
import { type EvalTask, loadTaskSet } from './tasks.js';

const store = memorySceneStore();
let scenes: EvalScenes;
let tasks: DynamicTask[];
let baseTasks: Map<string, EvalTask>;
let oraclePlans: Record<string, PlanStep[]>;

beforeAll(async () => {
  scenes = await loadEvalScenes(store);
  const loaded = await loadDynamicTasks();
  if (!loaded.ok) throw new Error(loaded.error);
  tasks = loaded.value;
  const base = await loadTaskSet();
  if (!base.ok) throw new Error(base.error);
  baseTasks = new Map(base.value.map((task) => [task.id, task]));
  const oracle = JSON.parse(readFileSync(DEFAULT_ORACLE_FILE, 'utf8')) as {
    tasks: Record<string, { plans: PlanStep[][] }>;
  };
  oraclePlans = Object.fromEntries(
    Object.entries(oracle.tasks).map(([id, script]) => [id, script.plans.at(-1) ?? []]),
  );
});

const world = (task: DynamicTask): { belief: SceneGraph; truth: SceneGraph } => {
  const belief = beliefOf(scenes, baseTasks.get(task.task)!, task.id).graph;
  const truth = trueWorldOf(belief, task.truth.edits);
  if (!truth.ok) throw new Error(truth.error);
  return { belief, truth: truth.value };
};

describe('the dynamic task set (datasets/tasks/dynamic-tasks.json)', () => {
  it('has at least 40 variants of office and home tasks, of every kind, achievable and not', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length);
    expect(new Set(tasks.map((task) => task.kind))).toEqual(new Set(VARIANT_KINDS));
    expect(new Set(tasks.map((task) => task.environment))).toEqual(new Set(['office', 'home']));
    expect(tasks.filter((task) => task.achievable).length).toBeGreaterThanOrEqual(40);
    expect(tasks.some((task) => !task.achievable)).toBe(true);
  });

  it('is what the generator writes today (deterministic, not stale)', () => {
    expect(dynamicVariants([...baseTasks.values()], scenes, oraclePlans)).toEqual(tasks);
  });

  it('gives each variant its own belief ref (the evaluation scene, renamed) and stores the recorded true world', async () => {
    const truths = await storeDynamicWorlds(store, scenes, tasks);
    if (!truths.ok) throw new Error(truths.error);
    expect(truths.value.size).toBe(tasks.length);
    for (const task of tasks) {
      expect([task.id, truths.value.get(task.belief.ref)]).toEqual([task.id, task.truth.ref]);
      const { belief } = world(task);
      const evaluated = scenes.sceneFor(baseTasks.get(task.task)!).graph;
      // The same scene as the evaluation's but for its name.
      expect(belief.getAttribute('name')).toBe(`${evaluated.getAttribute('name')} / ${task.id}`);
      expect(sceneChanges(evaluated, belief)).toEqual([]);
    }
  });

  it('differs from the belief in exactly the stated way', () => {
    for (const task of tasks) {
      const { belief, truth } = world(task);
      const was = parentOf(belief, task.subject);
      const is = parentOf(truth, task.subject);
      const changes = sceneChanges(belief, truth);
      switch (task.kind) {
        case 'moved':
          expect([task.id, is?.relation, changes]).toEqual([
            task.id,
            'on',
            [`${task.subject} moved from ${was?.parent} to ${is?.parent}`],
          ]);
          expect(truth.getNodeAttribute(is!.parent, 'kind')).toBe('asset');
          break;
        case 'hidden':
          expect([task.id, is?.relation, truth.getNodeAttribute(is!.parent, 'state')?.door]).toEqual([
            task.id,
            'inside',
            'closed',
          ]);
          expect(changes).toEqual([`${task.subject} moved from ${was?.parent} to ${is?.parent}`]);
          break;
        case 'missing':
          expect([task.id, belief.hasNode(task.subject), truth.hasNode(task.subject)]).toEqual([
            task.id,
            true,
            false,
          ]);
          expect(changes).toContain(`${task.subject} removed (was ${was?.relation ?? 'in'} ${was?.parent})`);
          expect(changes.every((line) => line.includes(' removed (was '))).toBe(true);
          break;
        case 'container-state': {
          const before = belief.getNodeAttribute(task.subject, 'state')?.door;
          const after = truth.getNodeAttribute(task.subject, 'state')?.door;
          expect([task.id, changes]).toEqual([task.id, [`${task.subject} door: ${before} -> ${after}`]]);
          break;
        }
      }
    }
  });

  it('is achievable exactly when a verified plan (planning) or an answer (search) exists in the true world', () => {
    for (const task of tasks) {
      const { belief, truth } = world(task);
      const base = baseTasks.get(task.task)!;
      if (task.criteria.kind === 'search') {
        expect([task.id, task.criteria.answer.length > 0]).toEqual([task.id, task.achievable]);
        expect(task.criteria.answer.every((id) => truth.hasNode(id))).toBe(true);
        continue;
      }
      const named = namedNodes(base, oraclePlans[task.task] ?? []);
      // The task could be done in the belief: the variant is what changes it.
      expect([task.id, planInWorld(belief, task.criteria.goal, named).ok]).toEqual([task.id, true]);
      const plan = planInWorld(truth, task.criteria.goal, named);
      expect([task.id, plan.ok]).toEqual([task.id, task.achievable]);
      if (!task.achievable) expect([task.id, task.kind]).toEqual([task.id, 'missing']);
    }
  });

  it('refuses a task file that is not one, in one line', async () => {
    const missing = await loadDynamicTasks(`${DEFAULT_DYNAMIC_TASK_FILE}.absent`);
    expect(missing).toEqual({
      ok: false,
      error: expect.stringMatching(/^cannot read the dynamic task file /),
    });
    const wrong = await loadDynamicTasks(DEFAULT_ORACLE_FILE);
    expect(wrong.ok ? '' : wrong.error).not.toContain('\n');
    expect(wrong.ok).toBe(false);
  });
});

describe('interleaveByKind (the order of a run that may be stopped early)', () => {
  it('keeps every variant once and takes one of each (kind, environment) in turn, file order within each', () => {
    const order = interleaveByKind(tasks);
    expect(order.map((task) => task.id).sort()).toEqual(tasks.map((task) => task.id).sort());
    const groups = new Set(tasks.map((task) => `${task.kind}/${task.environment}`));
    // The first |groups| variants are one of each group: every kind, in the office and the home.
    const first = order.slice(0, groups.size);
    expect(new Set(first.map((task) => `${task.kind}/${task.environment}`))).toEqual(groups);
    for (const group of groups) {
      const inGroup = (list: DynamicTask[]) =>
        list.filter((task) => `${task.kind}/${task.environment}` === group).map((task) => task.id);
      expect(inGroup(order)).toEqual(inGroup(tasks));
    }
  });
});
