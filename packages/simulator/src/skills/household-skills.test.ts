import { expandPlan } from '@groundplan/path-planner';
import { loadSceneFile, type SceneGraph } from '@groundplan/scene-graph';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionSpec } from '../actions/action-spec.js';
import { steps } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { loadSkillTables } from './skill-tables.js';

// datasets/skills/household.skills.json, the skill file a team would write: objects switched
// within reach, containers filled and emptied at a sink. Checked on the real office, where the
// robot starts holding a coke can.
const repo = new URL('../../../../', import.meta.url).pathname;
let office: SceneGraph;
let household: readonly ActionSpec[];

beforeAll(async () => {
  const scene = await loadSceneFile(`${repo}datasets/office.json`);
  if (!scene.ok) throw new Error('datasets/office.json does not load');
  office = scene.value;
  const tables = await loadSkillTables(`${repo}datasets/skills/household.skills.json`);
  if (!tables.ok) throw new Error(tables.error);
  household = tables.value.actions;
});

/** The plan with its routes filled in by the path planner, verified with the table (built-in by default). */
function verify(plan: string[], actions?: readonly ActionSpec[]) {
  const expanded = expandPlan(office, steps(...plan));
  if (!expanded.ok) throw new Error(JSON.stringify(expanded.error));
  return verifyPlan(office, expanded.value, actions ? { actions } : {});
}

describe('the household skill file', () => {
  it('switches on a laptop on the accessed desk, which the built-in skills cannot', () => {
    const plan = ['goto(filipes_office)', 'access(filipes_desk)', 'turn_on(filipes_laptop)'];
    expect(verify(plan)).toMatchObject({
      ok: false,
      failure: { feedback: expect.stringContaining('filipes_laptop is not accessed') },
    });
    const result = verify(plan, household);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.final.states.get('filipes_laptop')).toMatchObject({ power: 'on' });
  });
  it('switches what the gripper holds, and refuses what is out of reach with its own feedback', () => {
    expect(
      verify(
        [
          'goto(filipes_office)',
          'access(filipes_desk)',
          'release(coke_can)',
          'pickup(filipes_laptop)',
          'turn_on(filipes_laptop)',
        ],
        household,
      ).ok,
    ).toBe(true);
    expect(verify(['goto(filipes_office)', 'turn_on(filipes_laptop)'], household)).toMatchObject({
      ok: false,
      failure: {
        feedback:
          'cannot turn_on(filipes_laptop): filipes_laptop is not within reach: access it, or the asset it stands on, or hold it (accessed: nothing)',
      },
    });
  });
  it('fills an empty mug at the sink, and not where there is no tap', () => {
    const fill = verify(
      [
        'goto(nikos_office)',
        'access(nikos_desk)',
        'release(coke_can)',
        'pickup(nikos_mug)',
        'goto(kitchen)',
        'access(sink)',
        'release(nikos_mug)',
        'fill(nikos_mug)',
      ],
      household,
    );
    expect(fill).toMatchObject({ ok: true });
    if (fill.ok) expect(fill.final.states.get('nikos_mug')).toMatchObject({ contents: 'water' });
    expect(verify(['goto(nikos_office)', 'access(nikos_desk)', 'fill(nikos_mug)'], household)).toMatchObject({
      ok: false,
      failure: {
        feedback:
          'cannot fill(nikos_mug): nikos_desk has no tap; fill at a sink (an asset that affords wash)',
      },
    });
  });
});
