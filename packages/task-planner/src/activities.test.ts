import { memorySceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { describe, expect, it } from 'vitest';
import { createTaskPlanActivities } from './activities.js';
import { DEFAULT_PLANNER_CONFIG } from './fast-downward/planner-config.js';

describe('the planForGoals activity', () => {
  it('plans for goal text over the given nodes, and says in one line when a goal is out of reach', async () => {
    const office = await datasetScene('office');
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(office);
    const { planForGoals } = createTaskPlanActivities({ scenes });
    const nodes = ['jasons_office', 'cabinet_3', 'jasons_desk', 'coke_can'];
    const closed = await planForGoals({ sceneRef, goals: ['state(cabinet_3, door, closed)'], nodes });
    if (!closed.ok) throw new Error(closed.error);
    // The robot holds a can: it puts it down to close the cabinet, then takes it back, so the plan
    // changes nothing but the cabinet.
    const steps = closed.plan.map((step) => `${step.action}(${step.args.join(', ')})`);
    expect(steps.indexOf('pickup(coke_can)')).toBeGreaterThan(steps.indexOf('close(cabinet_3)'));
    expect(steps.at(-1)).toBe('pickup(coke_can)');
    expect(closed.sideEffects).toEqual([]);
    const away = await planForGoals({ sceneRef, goals: ['inside(banana, cabinet_3)'], nodes });
    expect(away).toMatchObject({ ok: false, error: expect.stringContaining('banana') });
    expect(away.ok ? '' : away.error).not.toContain('\n');
  });

  it('heats the kebab in the closed microwave and closes the fridge it came from: no side effect left', async () => {
    const office = await datasetScene('office');
    office.dropNode('coke_can');
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(office);
    const { planForGoals } = createTaskPlanActivities({ scenes });
    const heated = await planForGoals({
      sceneRef,
      goals: ['state(chicken_kebab, temperature, hot)'],
      nodes: ['pose_s0', 'kitchen', 'microwave', 'fridge', 'chicken_kebab'],
    });
    if (!heated.ok) throw new Error(heated.error);
    const steps = heated.plan.map((step) => `${step.action}(${step.args.join(', ')})`);
    expect(steps).toContain('heat(chicken_kebab)');
    expect(steps.at(-1)).toBe('close(fridge)');
    expect(steps.lastIndexOf('open(microwave)')).toBeLessThan(steps.indexOf('heat(chicken_kebab)'));
    expect(heated.sideEffects).toEqual([]);
  });

  it("makes Niko's coffee with the can in hand and ends holding it again, switching nothing else", async () => {
    const office = await datasetScene('office');
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(office);
    const { planForGoals } = createTaskPlanActivities({ scenes });
    const coffee = await planForGoals({
      sceneRef,
      goals: ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'],
      nodes:
        'cafeteria cafeteria_chair_1 coffee_machine coffee_machine_2 coke_can kitchen nikos_desk nikos_mug nikos_office'.split(
          ' ',
        ),
    });
    if (!coffee.ok) throw new Error(coffee.error);
    expect(coffee.plan.at(-1)).toEqual({ action: 'pickup', args: ['coke_can'] });
    expect(coffee.sideEffects).toEqual([]);
  });

  it('closes the fridge again after putting the orange in it', async () => {
    const office = await datasetScene('office');
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(office);
    const { planForGoals } = createTaskPlanActivities({ scenes });
    // The robot starts holding a can: it puts it down before it picks up the orange.
    const nodes = ['kitchen', 'kitchen_bench', 'orange', 'fridge', 'coke_can'];
    const planned = await planForGoals({ sceneRef, goals: ['inside(orange, fridge)'], nodes });
    if (!planned.ok) throw new Error(planned.error);
    const steps = planned.plan.map((step) => `${step.action}(${step.args.join(', ')})`);
    expect(steps.indexOf('release(orange)')).toBeGreaterThan(steps.indexOf('open(fridge)'));
    expect(steps.indexOf('close(fridge)')).toBeGreaterThan(steps.indexOf('release(orange)'));
    // ... and takes the can back, leaving nothing changed that the goal does not name.
    expect(steps.at(-1)).toBe('pickup(coke_can)');
    expect(planned.sideEffects).toEqual([]);
  });

  it('runs the configured classical planner, ff within its time limit by default', async () => {
    const office = await datasetScene('office');
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(office);
    const input = { sceneRef, goals: ['state(cabinet_3, door, closed)'], nodes: office.nodes() };
    const byDefault = await createTaskPlanActivities({ scenes }).planForGoals(input);
    expect(byDefault.ok).toBe(true);
    const noTime = createTaskPlanActivities({
      scenes,
      planner: { ...DEFAULT_PLANNER_CONFIG, builtinTimeLimitSeconds: 0 },
    });
    const timedOut = await noTime.planForGoals(input);
    expect(timedOut).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^no plan within 0 ms \(ff search\)/),
    });
    // Another built-in search named for one attempt still plans.
    const gbfs = await noTime.planForGoals({
      ...input,
      nodes: ['jasons_office', 'cabinet_3', 'coke_can'],
      planner: 'gbfs',
    });
    expect(gbfs.ok).toBe(true);
  });
});
