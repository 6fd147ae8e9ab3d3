import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memorySceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { ACTION_SPECS } from '@groundplan/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { createTaskPlanActivities } from '../activities.js';
import { exportPddl } from '../pddl/export-pddl.js';
import { emptyHandedOffice } from '../test-support/datasets.js';
import { officePlanningTasks, verifiesAndReaches } from '../test-support/oracle-tasks.js';
import { planWithFastDownward } from './plan-with-fast-downward.js';
import { DEFAULT_PLANNER_CONFIG, locateFastDownward } from './planner-config.js';

// Fast Downward and PyPI pddl come from the setup (packages/task-planner/scripts/install-fast-downward.sh).
const installed = locateFastDownward(DEFAULT_PLANNER_CONFIG.fastDownward);
if (typeof installed === 'string') throw new Error(`${installed} (these tests need it)`);
const fastDownward = DEFAULT_PLANNER_CONFIG.fastDownward;
const dir = mkdtempSync(join(tmpdir(), 'groundplan-fd-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const heldOut = () =>
  (
    JSON.parse(
      readFileSync(new URL('../../../../datasets/tasks/held-out-requirements.json', import.meta.url), 'utf8'),
    ) as { tasks: { id: string; goal?: string[] }[] }
  ).tasks.filter((task) => task.goal !== undefined);

describe('the PDDL export read by a PDDL parser from the registry', () => {
  it('parses every goal set of the 30 office planning tasks and the 15 held-out tasks, over the whole office', async () => {
    const office = await emptyHandedOffice();
    const sets = [
      ...(await officePlanningTasks()).map((task) => ({ id: task.id, scene: task.scene, goals: task.goals })),
      ...heldOut().map((task) => ({ id: task.id, scene: office, goals: task.goal! })),
    ];
    for (const set of sets) {
      const task = exportPddl(set.scene, set.goals, { name: set.id });
      if (!task.ok) throw new Error(`${set.id}: ${task.error}`);
      mkdirSync(join(dir, set.id));
      writeFileSync(join(dir, set.id, 'domain.pddl'), task.value.domain);
      writeFileSync(join(dir, set.id, 'problem.pddl'), task.value.problem);
    }
    // PyPI pddl (AI-Planning) parses and type-checks both files; it prints what it read.
    const script = `
import os, sys
from pddl import parse_domain, parse_problem
for name in sorted(os.listdir(sys.argv[1])):
    d = parse_domain(os.path.join(sys.argv[1], name, 'domain.pddl'))
    p = parse_problem(os.path.join(sys.argv[1], name, 'problem.pddl'))
    print(name, len(d.actions), len(p.objects), len(p.init))
`;
    const output = execFileSync(installed.python, ['-c', script, dir], { encoding: 'utf8' });
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(45);
    for (const line of lines)
      expect(line).toMatch(new RegExp(`^\\S+ ${ACTION_SPECS.length} \\d{3} \\d{3,}$`));
    // PyPI pddl reads the 45 pairs in 14 s on a quiet machine, 24-34 s on a loaded one.
  }, 120_000);
});

describe('Fast Downward as a planner', () => {
  it('solves the 30 office planning tasks over the explored nodes; the simulator verifies every plan', async () => {
    for (const task of await officePlanningTasks()) {
      const planned = await planWithFastDownward(task.scene, task.goals, { nodes: task.nodes, fastDownward });
      expect(planned.ok ? 'ok' : `${task.id}: ${planned.error.message}`).toBe('ok');
      if (!planned.ok) continue;
      expect(verifiesAndReaches(task.scene, planned.value.plan, task.goals)).toBe(true);
      expect(planned.value.algorithm).toBe('fast-downward');
    }
  });

  it('is the planner of the activity when configured, and its plan is the activity’s answer', async () => {
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(await datasetScene('office'));
    const { planForGoals } = createTaskPlanActivities({
      scenes,
      planner: { ...DEFAULT_PLANNER_CONFIG, planner: 'fast-downward' },
    });
    const nodes = ['kitchen', 'kitchen_bench', 'orange', 'fridge', 'coke_can'];
    const planned = await planForGoals({ sceneRef, goals: ['inside(orange, fridge)'], nodes });
    if (!planned.ok) throw new Error(planned.error);
    const steps = planned.plan.map((step) => `${step.action}(${step.args.join(', ')})`);
    expect(steps.indexOf('close(fridge)')).toBeGreaterThan(steps.indexOf('release(orange)'));
    expect(planned.sideEffects).toEqual([]);
  });

  it('missing, out of time or crashing: one line, and no plan', async () => {
    const office = await emptyHandedOffice();
    const goals = ['inside(orange, fridge)'];
    const nodes = ['kitchen', 'kitchen_bench', 'orange', 'fridge'];
    const missing = await planWithFastDownward(office, goals, {
      nodes,
      fastDownward: { ...fastDownward, driver: join(dir, 'no-such-driver.py') },
    });
    expect(missing).toMatchObject({ ok: false, error: { reason: 'planner_missing' } });
    expect(missing.ok ? '' : missing.error.message).toMatch(
      /^Fast Downward is not installed \(no .*no-such-driver\.py\); run scripts\/setup\.sh, or plan with a built-in planner \(ff\)$/,
    );

    // The whole office takes the translator longer than a second of CPU.
    const late = await planWithFastDownward(office, goals, {
      fastDownward: { ...fastDownward, timeLimitSeconds: 1 },
    });
    expect(late).toMatchObject({ ok: false, error: { reason: 'budget' } });
    expect(late.ok ? '' : late.error.message).toMatch(
      /^Fast Downward found no plan: (the translator|it) ran out of time/,
    );

    // A driver that dies as Fast Downward's search does on a critical error.
    const crashing = join(dir, 'crash.mjs');
    writeFileSync(crashing, 'console.error("Segmentation fault"); process.exit(32);\n');
    const crashed = await planWithFastDownward(office, goals, {
      nodes,
      fastDownward: { ...fastDownward, python: process.execPath, driver: crashing },
    });
    expect(crashed).toEqual({
      ok: false,
      error: {
        reason: 'planner_failed',
        message: 'Fast Downward failed (exit 32): Segmentation fault',
        unreachable: [],
        expansions: 0,
      },
    });
  });
});
