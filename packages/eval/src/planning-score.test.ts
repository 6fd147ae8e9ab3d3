import { tmpdir } from 'node:os';
import { expandPlan } from '@groundplan/path-planner';
import { fileSceneStore } from '@groundplan/scene-graph';
import type { PlanStep } from '@groundplan/simulator';
import type { PlanTaskResult } from '@groundplan/workflows/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { conductOf } from './conduct.js';
import { goalVariants } from './goal-variants.js';
import { scorePlanning } from './planning-score.js';
import { type EvalScenes, loadEvalScenes } from './scenes.js';
import { type EvalTask, loadTaskSet } from './tasks.js';

let scenes: EvalScenes;
let tasks: EvalTask[];
beforeAll(async () => {
  scenes = await loadEvalScenes(fileSceneStore(`${tmpdir()}/groundplan-eval-planning-${process.pid}`));
  const loaded = await loadTaskSet();
  if (!loaded.ok) throw new Error(loaded.error);
  tasks = loaded.value;
});

const task = (id: string) => tasks.find((t) => t.id === id)!;
const step = (action: string, ...args: string[]): PlanStep => ({ action, args }) as PlanStep;

/** Judges a verified plan of high-level steps on the task's scene, as the harness does a run's. */
function judge(id: string, plan: PlanStep[]) {
  const { graph } = scenes.sceneFor(task(id));
  const expanded = expandPlan(graph, plan);
  if (!expanded.ok) throw new Error(expanded.error.message);
  const result = { status: 'verified', plan, expandedPlan: expanded.value } as unknown as PlanTaskResult;
  const { score, variant } = scorePlanning(graph, task(id), result);
  return { score, conduct: conductOf(graph, task(id), result, variant) };
}

const throwAwayTheCan = [
  step('goto', 'tobis_office'),
  step('access', 'tobis_desk'),
  step('pickup', 'sprite_can'),
  step('goto', 'kitchen'),
  step('access', 'recycling_bin'),
  step('release', 'sprite_can'),
];
const bringTheCloth = [
  step('goto', 'supplies_station'),
  step('access', 'supplies_shelf'),
  step('pickup', 'cloth'),
  step('goto', 'tobis_office'),
  step('access', 'tobis_desk'),
  step('release', 'cloth'),
];

describe('accepted substitutes (the notes of SayPlan planning tasks, as data)', () => {
  it('swaps one accepted node at a time into the goal and the required nodes', () => {
    const variants = goalVariants(task('office-long-horizon-planning-10'));
    expect(variants).toHaveLength(4);
    expect(variants[1]).toMatchObject({
      substitute: { instead: 'water_bottle_4', use: 'water_bottle_1' },
      goal: expect.arrayContaining([
        'on(water_bottle_4, meeting_table_1)',
        'not on(water_bottle_1, meeting_table_1)',
      ]),
    });
    // A task whose notes accept nothing has its written goal only.
    expect(goalVariants(task('office-simple-planning-04'))).toHaveLength(1);
  });

  it('judges the cloth for the sponge right, with the cloth named and nothing unrequested', () => {
    const { score, conduct } = judge('office-long-horizon-planning-07', [
      ...bringTheCloth,
      ...throwAwayTheCan.slice(2),
    ]);
    expect(score).toMatchObject({
      executable: true,
      correct: true,
      substitute: { instead: 'sponge', use: 'cloth' },
    });
    // The failures shown are the written goal's: the sponge is not on the desk.
    expect(score.failedGoals).toEqual([expect.stringContaining('on(sponge, tobis_desk)')]);
    expect(conduct.unrequested).toEqual([]);
  });

  it('still fails a plan that meets neither the goal nor a variant', () => {
    const { score } = judge('office-long-horizon-planning-07', throwAwayTheCan);
    expect(score.correct).toBe(false);
    expect(score.substitute).toBeUndefined();
  });

  it('counts the thing a substitute replaces as unrequested when the plan moves it too', () => {
    // apple_2 on Ajay's desk meets the variant; the apple put into the cabinet is then a change
    // nobody asked for (it was named only by the written goal).
    // grounded's plan on SayPlan's 90 (reports/2026-11-29-skill-files).
    const appleToCabinet = [
      step('goto', 'ajays_office'),
      step('access', 'cabinet_12'),
      step('open', 'cabinet_12'),
      step('pickup', 'apple_5'),
      step('goto', 'kitchen'),
      step('access', 'organic_bin'),
      step('release', 'apple_5'),
      step('access', 'fruit_bowl'),
      step('pickup', 'apple'),
      step('goto', 'ajays_office'),
      step('access', 'cabinet_12'),
      step('release', 'apple'),
      step('close', 'cabinet_12'),
      step('goto', 'kitchen'),
      step('access', 'fruit_bowl'),
      step('pickup', 'apple_2'),
      step('goto', 'ajays_office'),
      step('access', 'ajays_desk'),
      step('release', 'apple_2'),
    ];
    const { score, conduct } = judge('office-long-horizon-planning-15', appleToCabinet);
    expect(score).toMatchObject({ correct: true, substitute: { instead: 'apple', use: 'apple_2' } });
    expect(conduct.unrequested).toEqual([
      expect.stringMatching(/^apple moved from inside fruit_bowl to inside cabinet_12/),
    ]);
  });
});
