// The oracle's true-world plan for the longest goal of the dynamic variants (wash five dishes,
// then put the cutlery away): one plan for the whole goal, checked by expanding its navigation and
// verifying it in the true world, as the robot would carry it out.
import { expandPlan } from '@groundplan/path-planner';
import { memorySceneStore, requireScene } from '@groundplan/scene-graph';
import { checkGoalText, formatStep, initialState, verifyPlan } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DynamicTask, loadDynamicTasks, storeDynamicWorlds } from './dynamic-tasks.js';
import { planFor } from './look-oracle.js';
import { loadEvalScenes } from './scenes.js';

const LONG_HORIZON = [
  'office-long-horizon-planning-03--hidden',
  'office-long-horizon-planning-03--container-state',
] as const;

describe('the oracle plans a long conjunction once in the true world', () => {
  const store = memorySceneStore();
  let variants: DynamicTask[];
  beforeAll(async () => {
    const scenes = await loadEvalScenes(store);
    const all = await loadDynamicTasks();
    if (!all.ok) throw new Error(all.error);
    variants = all.value.filter((task) => (LONG_HORIZON as readonly string[]).includes(task.id));
    const stored = await storeDynamicWorlds(store, scenes, variants);
    if (!stored.ok) throw new Error(stored.error);
  }, 60_000);

  it.each(LONG_HORIZON)(
    '%s: a plan that, driven and verified in the true world, leaves all seven goals true',
    async (id) => {
      const variant = variants.find((task) => task.id === id)!;
      if (variant.criteria.kind !== 'planning') throw new Error('a planning variant');
      const goal = variant.criteria.goal;
      const truth = await requireScene(store, variant.truth.ref);
      const start = initialState(truth);
      if (!start.ok) throw new Error(start.error);

      const plan = planFor(truth, start.value, goal);
      expect(plan).toBeDefined();
      const driven = expandPlan(truth, plan!);
      if (!driven.ok) throw new Error(driven.error.message);
      const verified = verifyPlan(truth, driven.value);
      if (!verified.ok) throw new Error(verified.failure.feedback);
      const holds = checkGoalText(truth, verified.final, goal);
      expect(holds.ok && holds.value.satisfied).toBe(true);
      // Every goal is met once, in order: no step undoes what an earlier goal made true (no loop).
      const texts = plan!.map(formatStep);
      for (const dish of ['plate', 'bowl', 'fork', 'spoon', 'mug_3'])
        expect(texts.filter((text) => text === `wash(${dish})`)).toHaveLength(1);
      // Each dish carried once to a sink and back at most: far below what a loop would take.
      expect(plan!.length).toBeLessThanOrEqual(60);
    },
    30_000,
  );
});
