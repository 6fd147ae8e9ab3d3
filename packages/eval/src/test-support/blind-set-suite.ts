// The checks every blind set gets (blind-tasks.test.ts, blind2-tasks.test.ts, blind3-tasks.test.ts,
// blind4-tasks.test.ts, blind5-tasks.test.ts, blind6-tasks.test.ts, blind7-tasks.test.ts, blind8-tasks.test.ts, blind9-tasks.test.ts, blind10-tasks.test.ts, blind11-tasks.test.ts, blind12-tasks.test.ts, blind13-tasks.test.ts, blind14-tasks.test.ts, blind15-tasks.test.ts, blind16-tasks.test.ts, blind17-tasks.test.ts): its ids against the scenes, its counts per category, each category judged
// by its kind, and goals the classical planner reaches with the untouched nodes kept. Run on the
// scenes as the files define them (the office robot holding coke_can), as the sets' `about` says
// they run; the runner's scene choice (scenes.ts, startsHolding) is not these checks'.
import { expandPlan } from '@groundplan/path-planner';
import { loadSceneFile, type SceneGraph } from '@groundplan/scene-graph';
import { checkGoalText, fullStateOf, verifyPlan } from '@groundplan/simulator';
import { planForGoals } from '@groundplan/task-planner';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATASET_FILES } from '../scenes.js';
import {
  CATEGORIES,
  type Category,
  type Environment,
  type EvalTask,
  loadTaskSet,
  TASK_SETS,
  type TaskSetName,
} from '../tasks.js';
import { criteriaNodes, plannerNodes, startOf, untouchedGoals } from './blind-set.js';

/** What one blind set was written with. */
export type BlindSetSpec = {
  /** Its name in TASK_SETS, which is also its ids' prefix (blind3-office-01). */
  name: TaskSetName;
  /** The describe block's title. */
  title: string;
  /** Tasks per building. */
  buildings: Record<Environment, number>;
  /** Tasks per category, each in both buildings. */
  counts: Record<Category, number>;
  /** The sets none of whose instructions it may repeat. */
  others: readonly TaskSetName[];
  /** Least numbers of questions with no answer, of how-many questions and of questions about a power or door state. */
  questions: { none: number; counted: number; aboutState: number };
  /** Whether every task's notes give its judgement's reason (the first set left some without). */
  notesOnEveryTask?: false;
  /** Requests (category request) with two or more goals, at least. */
  multiGoalRequests?: number;
};

export function describeBlindSet(spec: BlindSetSpec): void {
  let graphs: Record<Environment, SceneGraph>;
  let tasks: EvalTask[];
  beforeAll(async () => {
    const load = async (path: string) => {
      const scene = await loadSceneFile(path);
      if (!scene.ok) throw new Error(`${path}: ${scene.error.map((p) => p.message).join('; ')}`);
      return scene.value;
    };
    graphs = { office: await load(DATASET_FILES.office), home: await load(DATASET_FILES.home) };
    const loaded = await loadTaskSet(TASK_SETS[spec.name]);
    if (!loaded.ok) throw new Error(loaded.error);
    tasks = loaded.value;
  });

  const sceneOf = (task: EvalTask) => graphs[task.environment];
  const ofCategory = (category: Category) => tasks.filter((task) => task.category === category);
  const total = spec.buildings.office + spec.buildings.home;

  describe(spec.title, () => {
    it(`has ${total} tasks of their own ids, ${spec.buildings.office} office and ${spec.buildings.home} home, none an instruction of another set`, async () => {
      expect(tasks).toHaveLength(total);
      const ids = tasks.map((task) => task.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const task of tasks)
        expect(task.id).toMatch(new RegExp(`^${spec.name}-${task.environment}-\\d{2}$`));
      expect(tasks.filter((task) => task.environment === 'office')).toHaveLength(spec.buildings.office);
      expect(tasks.filter((task) => task.environment === 'home')).toHaveLength(spec.buildings.home);
      const others = new Set<string>();
      for (const set of spec.others) {
        const loaded = await loadTaskSet(TASK_SETS[set]);
        if (!loaded.ok) throw new Error(loaded.error);
        for (const task of loaded.value) others.add(task.instruction.toLowerCase());
      }
      for (const task of tasks) expect(others.has(task.instruction.toLowerCase()), task.id).toBe(false);
      // Each judgement gives its reason.
      if (spec.notesOnEveryTask !== false)
        for (const task of tasks) expect((task.notes ?? '').length, task.id).toBeGreaterThan(0);
    });

    it('has the categories in the counts it was written with, each in both buildings', () => {
      for (const category of CATEGORIES) {
        const of = ofCategory(category);
        expect(of.length, category).toBe(spec.counts[category]);
        expect(new Set(of.map((task) => task.environment)).size, category).toBe(2);
      }
      const questions = ofCategory('question');
      const none = questions.filter((t) => t.criteria.kind === 'answer' && t.criteria.answer.length === 0);
      expect(none.length).toBeGreaterThanOrEqual(spec.questions.none);
      const counted = questions.filter((t) => t.criteria.kind === 'answer' && t.criteria.count !== undefined);
      expect(counted.length).toBeGreaterThanOrEqual(spec.questions.counted);
      const aboutState = questions.filter((task) => {
        if (task.criteria.kind !== 'answer' || task.criteria.answer.length !== 1) return false;
        const graph = sceneOf(task);
        return Object.keys(fullStateOf(graph, startOf(graph), task.criteria.answer[0]!)).some((d) =>
          ['power', 'door'].includes(d),
        );
      });
      expect(aboutState.length).toBeGreaterThanOrEqual(spec.questions.aboutState);
      // Every side-effect trap and every negated request says what must stay as it was.
      const keeps = (task: EvalTask) =>
        task.criteria.kind === 'planning' && (task.criteria.untouched ?? []).length > 0;
      for (const task of ofCategory('side-effect')) expect(keeps(task), task.id).toBe(true);
      for (const task of ofCategory('negation'))
        if (task.criteria.kind === 'planning') expect(keeps(task), task.id).toBe(true);
      // The office robot starts with the can in the gripper: every office trap ends with it there.
      for (const task of tasks)
        if (task.environment === 'office' && task.criteria.kind === 'planning' && task.criteria.untouched)
          expect(task.criteria.untouched, task.id).toContain('coke_can');
      if (spec.multiGoalRequests !== undefined) {
        const multi = ofCategory('request').filter(
          (task) => task.criteria.kind === 'planning' && task.criteria.goal.length >= 2,
        );
        expect(multi.length).toBeGreaterThanOrEqual(spec.multiGoalRequests);
        for (const task of multi) expect(task.family, task.id).toBe('long-horizon-planning');
      }
    });

    it('judges each category by its kind, questions as searches and everything asked of the robot as planning', () => {
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
        expect(task.family.endsWith('search'), task.id).toBe(task.criteria.kind === 'answer');
        if (task.criteria.kind === 'cannot') expect(task.criteria.missing.length, task.id).toBeGreaterThan(0);
        if (task.criteria.kind === 'answer' && task.criteria.count !== undefined)
          expect(task.criteria.answer, task.id).toHaveLength(task.criteria.count);
      }
    });

    it('names only nodes of its scene; the office file starts with coke_can held, the home empty-handed', () => {
      for (const task of tasks) {
        const graph = sceneOf(task);
        for (const id of [...task.required, ...criteriaNodes(task)])
          expect(graph.hasNode(id), `${task.id}: ${id}`).toBe(true);
      }
      expect(startOf(graphs.office).holding).toBe('coke_can');
      expect(startOf(graphs.home).holding).toBe(null);
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
      const planned = spec.counts.request + spec.counts['side-effect'];
      const negatedPlans = ofCategory('negation').filter((task) => task.criteria.kind === 'planning');
      expect(planning.length).toBe(planned + negatedPlans.length);
      for (const task of planning) {
        if (task.criteria.kind !== 'planning') continue;
        const graph = sceneOf(task);
        const start = startOf(graph);
        const { goal, untouched = [] } = task.criteria;
        const now = checkGoalText(graph, start, goal);
        if (!now.ok) throw new Error(`${task.id}: ${now.error}`);
        expect(now.value.satisfied, `${task.id} holds at the start`).toBe(false);
        for (const id of untouched)
          expect(
            goal.some((g) => g.includes(`(${id},`)),
            `${task.id}: ${id} is both moved and untouched`,
          ).toBe(false);
        const all = [...goal, ...untouched.flatMap((id) => untouchedGoals(graph, start, id))];
        const cleans = goal.some((g) => g.includes('cleanliness'));
        const named = [...criteriaNodes(task), ...(start.holding === null ? [] : [start.holding])];
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
    }, 240_000);
  });
}
