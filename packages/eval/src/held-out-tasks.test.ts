import { tmpdir } from 'node:os';
import { fileSceneStore } from '@groundplan/scene-graph';
import { checkGoalText, goalNodes, initialState, parseGoals } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EvalScenes, loadEvalScenes } from './scenes.js';
import { type EvalTask, loadTaskSet, TASK_SETS } from './tasks.js';

let scenes: EvalScenes;
let tasks: EvalTask[];
beforeAll(async () => {
  scenes = await loadEvalScenes(fileSceneStore(`${tmpdir()}/groundplan-eval-held-out-${process.pid}`));
  const loaded = await loadTaskSet(TASK_SETS['held-out']);
  if (!loaded.ok) throw new Error(loaded.error);
  tasks = loaded.value;
});

describe('the held-out task set', () => {
  it('has 15 office planning tasks of their own ids, none of SayPlan set', async () => {
    const sayplan = await loadTaskSet(TASK_SETS.sayplan);
    if (!sayplan.ok) throw new Error(sayplan.error);
    const ids = new Set(sayplan.value.map((task) => task.id));
    expect(tasks).toHaveLength(15);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(15);
    for (const task of tasks) {
      expect(ids.has(task.id)).toBe(false);
      expect(task.environment).toBe('office');
      expect(task.criteria.kind).toBe('planning');
    }
  });

  it('judges each task by goals over nodes of the office that do not all hold at the start', () => {
    for (const task of tasks) {
      // As the runner gives it: the office without the can the robot holds in the dataset.
      const office = scenes.sceneFor(task).graph;
      const start = initialState(office);
      if (!start.ok) throw new Error(start.error);
      if (task.criteria.kind !== 'planning') throw new Error(`${task.id} is not a planning task`);
      const goals = parseGoals(task.criteria.goal);
      if (!goals.ok) throw new Error(`${task.id}: ${goals.error}`);
      for (const node of goals.value.flatMap(goalNodes))
        expect(office.hasNode(node), `${task.id}: ${node}`).toBe(true);
      const now = checkGoalText(office, start.value, task.criteria.goal);
      if (!now.ok) throw new Error(now.error);
      expect(now.value.satisfied, task.id).toBe(false);
    }
  });
});
