import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memorySceneStore, type PlanStep, type SceneGraph } from '@groundplan/scene-graph';
import { loadSkillTables, type SkillTables } from '@groundplan/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskPlanActivities } from '../activities.js';
import { exportPddl } from '../pddl/export-pddl.js';
import { emptyHandedOffice, exploredAround } from '../test-support/datasets.js';
import { verifiesAndReaches } from '../test-support/oracle-tasks.js';
import { planWithFastDownward } from './plan-with-fast-downward.js';
import { DEFAULT_PLANNER_CONFIG, locateFastDownward } from './planner-config.js';

// A skill file, not TypeScript (datasets/skills/household.skills.json): switching a laptop on a
// desk and filling a mug at the sink are planned by ff and by Fast Downward, verified by the
// simulator with the same table, and exported to PDDL that a parser from the registry reads.
const installed = locateFastDownward(DEFAULT_PLANNER_CONFIG.fastDownward);
if (typeof installed === 'string') throw new Error(`${installed} (these tests need it)`);
const household = new URL('../../../../datasets/skills/household.skills.json', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'groundplan-skill-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let office: SceneGraph;
let skills: SkillTables;
beforeAll(async () => {
  office = await emptyHandedOffice();
  const tables = await loadSkillTables(household);
  if (!tables.ok) throw new Error(tables.error);
  skills = tables.value;
});

const text = (plan: readonly PlanStep[]) => plan.map((step) => `${step.action}(${step.args.join(', ')})`);
// Each over the nodes a search would have explored to find its things (the whole office takes
// the built-in search its full budget, 25 s, to give up on what the built-in skills cannot do).
const TASKS = [
  { goals: ['state(filipes_laptop, power, on)'], near: ['filipes_laptop'], uses: 'turn_on(filipes_laptop)' },
  { goals: ['state(nikos_mug, contents, water)'], near: ['nikos_mug', 'sink'], uses: 'fill(nikos_mug)' },
];

describe('skills from a file', () => {
  it('are planned by the planning activity, which the built-in skills cannot', async () => {
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(office);
    const withFile = createTaskPlanActivities({ scenes, skills });
    const builtIn = createTaskPlanActivities({ scenes });
    for (const task of TASKS) {
      const nodes = exploredAround(office, task.near);
      const planned = await withFile.planForGoals({ sceneRef, goals: task.goals, nodes });
      if (!planned.ok) throw new Error(planned.error);
      expect(text(planned.plan)).toContain(task.uses);
      expect(verifiesAndReaches(office, planned.plan, task.goals, skills.actions)).toBe(true);
      expect(planned.sideEffects).toEqual([]);
      expect(await builtIn.planForGoals({ sceneRef, goals: task.goals, nodes })).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^no plan reaches/),
      });
    }
  });

  it('are planned by Fast Downward from the exported domain, and the plan verifies with the same table', async () => {
    for (const task of TASKS) {
      const planned = await planWithFastDownward(office, task.goals, {
        nodes: exploredAround(office, task.near),
        actions: skills.actions,
        fastDownward: DEFAULT_PLANNER_CONFIG.fastDownward,
      });
      if (!planned.ok) throw new Error(planned.error.message);
      expect(text(planned.value.plan)).toContain(task.uses);
      expect(verifiesAndReaches(office, planned.value.plan, task.goals, skills.actions)).toBe(true);
    }
  });

  it('are exported to a PDDL domain that PyPI pddl parses, one action per skill', () => {
    const task = exportPddl(office, TASKS[1]!.goals, { name: 'fill-mug', actions: skills.actions });
    if (!task.ok) throw new Error(task.error);
    expect(task.value.domain).toContain('(:action fill');
    expect(task.value.domain).toContain('(:action pour_out');
    writeFileSync(join(dir, 'domain.pddl'), task.value.domain);
    writeFileSync(join(dir, 'problem.pddl'), task.value.problem);
    const script = `
import sys
from pddl import parse_domain, parse_problem
d = parse_domain(sys.argv[1])
parse_problem(sys.argv[2])
print(' '.join(sorted(a.name for a in d.actions)))
`;
    const output = execFileSync(
      installed.python,
      ['-c', script, join(dir, 'domain.pddl'), join(dir, 'problem.pddl')],
      {
        encoding: 'utf8',
      },
    );
    expect(output.trim().split(' ')).toEqual([...skills.actions.map((spec) => spec.name)].sort());
  });
});
