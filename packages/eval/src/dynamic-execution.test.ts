// The pieces of issue 14 working together on one dynamic variant, in one process (the workflows
// package does the same durably): plan from the belief, execute on a simulated robot whose true
// world differs, correct the belief from what the robot saw, look around, replan, and finish.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expandPlan } from '@groundplan/path-planner';
import { createSimulatedRobot, readWorld, SkillFailed, worldFilePath } from '@groundplan/robot';
import {
  agentLocation,
  memorySceneStore,
  nodesOfKind,
  type Observation,
  parentOf,
  requireScene,
  type SceneGraph,
} from '@groundplan/scene-graph';
import { checkGoalText, createSimActivities, initialState, type PlanStep } from '@groundplan/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { namedNodes, planInWorld } from '../scripts/dynamic-variants.js';
import { loadDynamicTasks, storeDynamicWorlds } from './dynamic-tasks.js';
import { DEFAULT_ORACLE_FILE } from './oracle.js';
import { loadEvalScenes } from './scenes.js';
import { loadTaskSet } from './tasks.js';

describe('a moved object, found by looking and reached by replanning', () => {
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-dynamic-`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('office-simple-planning-03--moved: fails at the believed place, looks, replans, and washes the plate', async () => {
    const store = memorySceneStore();
    const scenes = await loadEvalScenes(store);
    const dynamic = await loadDynamicTasks();
    const base = await loadTaskSet();
    if (!dynamic.ok || !base.ok) throw new Error('the task files do not load');
    const variant = dynamic.value.find((task) => task.id === 'office-simple-planning-03--moved')!;
    const task = base.value.find((candidate) => candidate.id === variant.task)!;
    if (variant.criteria.kind !== 'planning') throw new Error('a planning variant');
    const goals = variant.criteria.goal;
    const truths = await storeDynamicWorlds(store, scenes, [variant]);
    if (!truths.ok) throw new Error(truths.error);
    const oracle = JSON.parse(readFileSync(DEFAULT_ORACLE_FILE, 'utf8')) as {
      tasks: Record<string, { plans: PlanStep[][] }>;
    };
    const named = namedNodes(task, oracle.tasks[task.id]!.plans.at(-1)!);

    const sim = createSimActivities({ scenes: store });
    const robot = createSimulatedRobot({
      robotId: 'dyn-1',
      scenes: store,
      dataDir,
      timeScale: 1e-5,
      tickMs: 1,
      trueWorld: (ref) => truths.value.get(ref),
    });
    const deployment = variant.belief.ref;
    let beliefRef = deployment;
    let accessed: string | null = null;
    let steps = 0;
    const changes: string[] = [];
    const belief = () => requireScene(store, beliefRef);
    const advance = async (input: { step?: PlanStep; observation?: Observation }) => {
      const next = await sim.advanceBelief({ beliefRef, accessed, ...input });
      beliefRef = next.beliefRef;
      accessed = next.accessed;
      changes.push(...next.changes);
    };
    /** Runs the plan until a skill fails: each step or what the robot saw goes into the belief. */
    const execute = async (plan: readonly PlanStep[]): Promise<SkillFailed | undefined> => {
      for (const step of plan) {
        const progress = { resumeFrom: undefined, heartbeat: () => {}, signal: new AbortController().signal };
        try {
          const outcome = await robot.runSkill(
            { sceneRef: deployment, stepId: `run:${steps++}`, step },
            progress,
          );
          await advance({ step, ...(outcome.observation ? { observation: outcome.observation } : {}) });
        } catch (error) {
          if (!(error instanceof SkillFailed)) throw error;
          if (error.observation) await advance({ observation: error.observation });
          return error;
        }
      }
      return undefined;
    };
    const planFrom = (scene: SceneGraph, nodes: string[]) => {
      const plan = planInWorld(scene, goals, nodes);
      if (!plan.ok) throw new Error(plan.error);
      return plan.value;
    };

    // 1. The plan from the belief fails where the plate was believed to be.
    const failed = await execute(planFrom(await belief(), named));
    expect(failed?.message).toBe('pickup(plate): plate is not on lunch_table');
    expect((await belief()).hasNode('plate')).toBe(false);
    expect(changes).toContain('plate removed (was on lunch_table)');

    // 2. Look around room after room (in id order: the search is not the point here) until it is seen.
    let replans = 0;
    for (const room of nodesOfKind(await belief(), 'room')) {
      if ((await belief()).hasNode('plate')) break;
      const route = expandPlan(await belief(), [{ action: 'goto', args: [room] }]);
      if (!route.ok) continue;
      expect(await execute([...route.value, { action: 'look_around', args: [room] }])).toBeUndefined();
    }
    const found = parentOf(await belief(), 'plate');
    expect(found?.parent).toBe('nikos_desk');

    // 3. Replan from the corrected belief, where the robot stands, and finish in the true world.
    replans++;
    const start = initialState(await belief());
    expect(start.ok && start.value.place).toBe(agentLocation(await belief()));
    expect(await execute(planFrom(await belief(), [...named, found!.parent]))).toBeUndefined();
    const truth = await readWorld(worldFilePath(dataDir, 'dyn-1', deployment));
    const truthStart = initialState(truth!.world);
    if (!truthStart.ok) throw new Error(truthStart.error);
    const report = checkGoalText(truth!.world, truthStart.value, goals);
    expect(report.ok && report.value.satisfied).toBe(true);
    expect(replans).toBe(1);
    // The belief agrees with the truth about what the task touched.
    expect((await belief()).getNodeAttribute('plate', 'state')).toEqual(
      truth!.world.getNodeAttribute('plate', 'state'),
    );
  });
});
