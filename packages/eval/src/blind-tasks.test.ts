import { tmpdir } from 'node:os';
import { expandPlan } from '@groundplan/path-planner';
import { fileSceneStore } from '@groundplan/scene-graph';
import { checkGoalText, fullStateOf, verifyPlan } from '@groundplan/simulator';
import { planForGoals } from '@groundplan/task-planner';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EvalScenes, loadEvalScenes } from './scenes.js';
import { CATEGORIES, type Category, type EvalTask, loadTaskSet, TASK_SETS } from './tasks.js';
import { criteriaNodes, plannerNodes, startOf, untouchedGoals } from './test-support/blind-set.js';

let scenes: EvalScenes;
let tasks: EvalTask[];
beforeAll(async () => {
  scenes = await loadEvalScenes(fileSceneStore(`${tmpdir()}/groundplan-eval-blind-${process.pid}`));
  const loaded = await loadTaskSet(TASK_SETS.blind);
  if (!loaded.ok) throw new Error(loaded.error);
  tasks = loaded.value;
});

const sceneOf = (task: EvalTask) => scenes.sceneFor(task).graph;
const ofCategory = (category: Category) => tasks.filter((task) => task.category === category);

describe('the blind task set', () => {
  it('has at least 60 tasks of their own ids over both buildings, none of the other sets', async () => {
    expect(tasks.length).toBeGreaterThanOrEqual(60);
    const ids = tasks.map((task) => task.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const task of tasks) expect(task.id).toMatch(new RegExp(`^blind-${task.environment}-\\d{2}$`));
    const others = new Set<string>();
    for (const set of ['sayplan', 'held-out'] as const) {
      const loaded = await loadTaskSet(TASK_SETS[set]);
      if (!loaded.ok) throw new Error(loaded.error);
      for (const task of loaded.value) others.add(task.instruction.toLowerCase());
    }
    for (const task of tasks) expect(others.has(task.instruction.toLowerCase()), task.id).toBe(false);
    expect(tasks.filter((task) => task.environment === 'office').length).toBeGreaterThanOrEqual(25);
    expect(tasks.filter((task) => task.environment === 'home').length).toBeGreaterThanOrEqual(25);
  });

  it('mixes questions, impossible requests, negations, ambiguous references and side-effect traps in both buildings', () => {
    for (const task of tasks) expect(CATEGORIES, task.id).toContain(task.category);
    const minimum: Record<Category, number> = {
      question: 14,
      impossible: 10,
      negation: 8,
      ambiguous: 8,
      'side-effect': 20,
      request: 3,
    };
    for (const category of CATEGORIES) {
      const of = ofCategory(category);
      expect(of.length, category).toBeGreaterThanOrEqual(minimum[category]);
      expect(new Set(of.map((task) => task.environment)).size, category).toBe(2);
    }
    const questions = ofCategory('question');
    // Some about things that do not exist, some about a state, some how-many.
    const none = questions.filter(
      (task) => task.criteria.kind === 'answer' && task.criteria.answer.length === 0,
    );
    expect(none.length).toBeGreaterThanOrEqual(3);
    const counts = questions.filter(
      (task) => task.criteria.kind === 'answer' && task.criteria.count !== undefined,
    );
    expect(counts.length).toBeGreaterThanOrEqual(2);
    const aboutState = questions.filter((task) => {
      if (task.criteria.kind !== 'answer' || task.criteria.answer.length !== 1) return false;
      const graph = sceneOf(task);
      return Object.keys(fullStateOf(graph, startOf(graph), task.criteria.answer[0]!)).some((d) =>
        ['power', 'door'].includes(d),
      );
    });
    expect(aboutState.length).toBeGreaterThanOrEqual(4);
    // Every side-effect trap says what must stay as it was.
    for (const task of ofCategory('side-effect'))
      expect(task.criteria.kind === 'planning' && (task.criteria.untouched ?? []).length > 0, task.id).toBe(
        true,
      );
    // The office robot starts with the can in the gripper: every office trap ends with it there.
    for (const task of tasks)
      if (task.environment === 'office' && task.criteria.kind === 'planning' && task.criteria.untouched)
        expect(task.criteria.untouched, task.id).toContain('coke_can');
  });

  it('judges each category by its kind: answer, refusal, question back, or goals', () => {
    const kinds: Record<Category, string[]> = {
      question: ['answer'],
      impossible: ['cannot'],
      ambiguous: ['ask'],
      negation: ['answer', 'planning'],
      'side-effect': ['planning'],
      request: ['planning'],
    };
    for (const task of tasks) {
      expect(kinds[task.category!], task.id).toContain(task.criteria.kind);
      // Questions are searches; everything asked of the robot is a planning family.
      expect(task.family.endsWith('search'), task.id).toBe(task.criteria.kind === 'answer');
      if (task.criteria.kind === 'cannot') expect(task.criteria.missing.length, task.id).toBeGreaterThan(0);
      if (task.criteria.kind === 'answer' && task.criteria.count !== undefined)
        expect(task.criteria.answer, task.id).toHaveLength(task.criteria.count);
    }
  });

  it('names only nodes of its scene, and runs the office as the file has it: the robot holding coke_can', () => {
    for (const task of tasks) {
      const graph = sceneOf(task);
      for (const id of [...task.required, ...criteriaNodes(task)])
        expect(graph.hasNode(id), `${task.id}: ${id}`).toBe(true);
    }
    const office = tasks.find((task) => task.environment === 'office')!;
    expect(startOf(sceneOf(office)).holding).toBe('coke_can');
    const home = tasks.find((task) => task.environment === 'home')!;
    expect(startOf(sceneOf(home)).holding).toBe(null);
  });

  it('gives each ambiguous reference at least two distinct existing options of one kind', () => {
    for (const task of ofCategory('ambiguous')) {
      if (task.criteria.kind !== 'ask') throw new Error(`${task.id} does not ask`);
      const { options } = task.criteria;
      expect(options.length, task.id).toBeGreaterThanOrEqual(2);
      expect(new Set(options).size, task.id).toBe(options.length);
      const graph = sceneOf(task);
      expect(new Set(options.map((id) => graph.getNodeAttribute(id, 'kind'))).size, task.id).toBe(1);
    }
  });

  it('has goals that parse, do not hold at the start, and a classical plan that reaches them leaving the untouched nodes as they were', () => {
    const planning = tasks.filter((task) => task.criteria.kind === 'planning');
    expect(planning.length).toBeGreaterThanOrEqual(30);
    for (const task of planning) {
      if (task.criteria.kind !== 'planning') continue;
      const graph = sceneOf(task);
      const start = startOf(graph);
      const { goal, untouched = [] } = task.criteria;
      const now = checkGoalText(graph, start, goal);
      if (!now.ok) throw new Error(`${task.id}: ${now.error}`);
      expect(now.value.satisfied, `${task.id} holds at the start`).toBe(false);
      const goalIds = criteriaNodes(task);
      for (const id of untouched)
        expect(
          goal.some((g) => g.includes(`(${id},`)),
          `${task.id}: ${id} is both moved and untouched`,
        ).toBe(false);
      const kept = untouched.flatMap((id) => untouchedGoals(graph, start, id));
      const all = [...goal, ...kept];
      const cleans = goal.some((g) => g.includes('cleanliness'));
      // What the robot holds is its own to put down.
      const held = start.holding === null ? [] : [start.holding];
      const named = [...goalIds, ...held];
      let found = planForGoals(graph, all, { nodes: plannerNodes(graph, named, cleans, false) });
      if (!found.ok) found = planForGoals(graph, all, { nodes: plannerNodes(graph, named, cleans, true) });
      if (!found.ok) throw new Error(`${task.id}: no plan for ${all.join(', ')}: ${found.error.message}`);
      const expanded = expandPlan(graph, found.value.plan);
      if (!expanded.ok) throw new Error(`${task.id}: ${expanded.error.message}`);
      const verified = verifyPlan(graph, expanded.value);
      if (!verified.ok) throw new Error(`${task.id}: ${verified.failure.feedback}`);
      const after = checkGoalText(graph, verified.final, all);
      if (!after.ok) throw new Error(after.error);
      expect(after.value.satisfied, task.id).toBe(true);
    }
  }, 120_000);

  it('leaves the older sets as they were: searches and goals', async () => {
    for (const set of ['sayplan', 'held-out'] as const) {
      const loaded = await loadTaskSet(TASK_SETS[set]);
      if (!loaded.ok) throw new Error(loaded.error);
      for (const task of loaded.value) {
        expect(['search', 'planning'], task.id).toContain(task.criteria.kind);
        expect(task.criteria.kind === 'search', task.id).toBe(task.family.endsWith('search'));
        expect(task.category, task.id).toBeUndefined();
      }
    }
  });
});
