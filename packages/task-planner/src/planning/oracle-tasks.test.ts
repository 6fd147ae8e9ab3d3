import { beforeAll, describe, expect, it } from 'vitest';
import { type OracleTask, officePlanningTasks, verifiesAndReaches } from '../test-support/oracle-tasks.js';
import { breadthFirstPlan, planForGoals } from './plan-for-goals.js';

// SayPlan's 30 office planning tasks as LLM+P hands them over: the task's goal predicates and the
// nodes the oracle plan and the goals name (with the assets and rooms above them).
let tasks: OracleTask[];
beforeAll(async () => {
  tasks = await officePlanningTasks();
});

describe('planForGoals on the 30 office planning tasks', () => {
  it('has all 30 tasks, and each oracle plan reaches its goals (so each task is solvable)', () => {
    expect(tasks).toHaveLength(30);
    for (const task of tasks)
      expect([task.id, verifiesAndReaches(task.scene, task.oraclePlan, task.goals)]).toEqual([task.id, true]);
  });

  it('solves every one with the default greedy search, each plan verified and reaching the goals', () => {
    for (const task of tasks) {
      const result = planForGoals(task.scene, task.goals, { nodes: task.nodes });
      if (!result.ok) throw new Error(`${task.id}: ${result.error.message}`);
      expect([task.id, verifiesAndReaches(task.scene, result.value.plan, task.goals)]).toEqual([
        task.id,
        true,
      ]);
    }
  });

  it('with A* finds plans no longer than the oracle’s on the tasks of up to 15 oracle steps', () => {
    const short = tasks.filter((task) => task.oraclePlan.length <= 15);
    expect(short.length).toBeGreaterThanOrEqual(20);
    for (const task of short) {
      const result = planForGoals(task.scene, task.goals, { nodes: task.nodes, algorithm: 'astar' });
      if (!result.ok) throw new Error(`${task.id}: ${result.error.message}`);
      expect([task.id, verifiesAndReaches(task.scene, result.value.plan, task.goals)]).toEqual([
        task.id,
        true,
      ]);
      expect(result.value.plan.length).toBeLessThanOrEqual(task.oraclePlan.length);
    }
  });

  it('with A* matches breadth-first plan lengths on the 15 simple tasks', () => {
    for (const task of tasks.filter((t) => t.id.includes('simple'))) {
      const options = { nodes: task.nodes };
      const astar = planForGoals(task.scene, task.goals, { ...options, algorithm: 'astar' });
      const bfs = breadthFirstPlan(task.scene, task.goals, options);
      if (!astar.ok || !bfs.ok) throw new Error(`${task.id}: no plan`);
      expect([task.id, astar.value.plan.length]).toEqual([task.id, bfs.value.plan.length]);
    }
  });
});
