import { expandPlan } from '@groundplan/path-planner';
import type { SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { checkGoalText, formatStep, verifyPlan } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyHandedOffice, exploredAround } from '../test-support/datasets.js';
import { planForGoals } from './plan-for-goals.js';

let office: SceneGraph;
let home: SceneGraph;
beforeAll(async () => {
  office = await emptyHandedOffice();
  home = await datasetScene('home');
});

/** The plan, expanded along the routes and run by the simulator, reaches the goals. */
function reachesGoals(scene: SceneGraph, plan: Parameters<typeof expandPlan>[1], goals: string[]) {
  const expanded = expandPlan(scene, plan);
  if (!expanded.ok) throw new Error(expanded.error.message);
  const run = verifyPlan(scene, expanded.value);
  if (!run.ok) throw new Error(run.failure.feedback);
  const report = checkGoalText(scene, run.final, goals);
  return report.ok && report.value.satisfied;
}

describe('planForGoals with ff (the default) over whole scenes', () => {
  it('is the default search', () => {
    const planned = planForGoals(office, ['state(cabinet_3, door, closed)'], { nodes: office.nodes() });
    expect(planned.ok && planned.value.algorithm).toBe('ff');
    expect(planned.ok && planned.value.plan.map(formatStep)).toEqual([
      'goto(jasons_office)',
      'access(cabinet_3)',
      'close(cabinet_3)',
    ]);
  });

  it.each([
    [['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)']],
    [['inside(orange, fridge)', 'state(fridge, door, closed)']],
    [['inside(sprite_can, recycling_bin)', 'on(nikos_mug, kitchen_bench)']],
  ])('plans %j over every node of the office, and the simulator verifies the plan', (goals) => {
    const planned = planForGoals(office, goals, { nodes: office.nodes() });
    if (!planned.ok) throw new Error(planned.error.message);
    expect(planned.value.plan.length).toBeGreaterThan(0);
    expect(reachesGoals(office, planned.value.plan, goals)).toBe(true);
  });

  it('plans across the floors of the home', () => {
    const goals = ['state(eggs, temperature, hot)', 'inside(eggs, microwave0)'];
    const planned = planForGoals(home, goals, { nodes: home.nodes() });
    if (!planned.ok) throw new Error(planned.error.message);
    expect(reachesGoals(home, planned.value.plan, goals)).toBe(true);
  });

  it('returns no plan, not a partial one, when every reachable state is searched and none reaches the goals', () => {
    // Peter's office was never explored, so the robot cannot go there to reach his desk.
    const nodes = [...exploredAround(office, ['apple']), 'peters_desk'];
    const planned = planForGoals(office, ['on(apple, peters_desk)'], { nodes });
    expect(planned).toMatchObject({ ok: false, error: { reason: 'no_plan' } });
    expect('plan' in (planned.ok ? planned.value : planned.error)).toBe(false);
  });

  it('stops at its expansion budget with one line saying so', () => {
    const goals = ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'];
    const planned = planForGoals(office, goals, { nodes: office.nodes(), maxExpansions: 2 });
    expect(planned).toMatchObject({ ok: false, error: { reason: 'budget', expansions: 2 } });
    expect(!planned.ok && planned.error.message).toMatch(/^no plan within 2 expansions \(ff search\) for /);
  });

  it('stops at its time budget with one line saying so', () => {
    const goals = ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'];
    const planned = planForGoals(office, goals, { nodes: office.nodes(), maxMilliseconds: 0 });
    expect(planned).toMatchObject({ ok: false, error: { reason: 'budget' } });
    expect(!planned.ok && planned.error.message).toMatch(/^no plan within 0 ms \(ff search\) for /);
  });

  it('keeps the older searches reachable by name', () => {
    const goals = ['state(cabinet_3, door, closed)'];
    for (const algorithm of ['gbfs', 'astar'] as const) {
      const planned = planForGoals(office, goals, { nodes: office.nodes(), algorithm });
      expect(planned.ok && planned.value.algorithm).toBe(algorithm);
    }
  });
});
