import { describe, expect, it } from 'vitest';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { actionNames } from './action-table.js';
import { lookKind, ROBOT_SKILL_SPECS } from './perception-table.js';

const scene = officeScene();
const verify = (...calls: string[]) => verifyPlan(scene, steps(...calls), { actions: ROBOT_SKILL_SPECS });
const feedback = (...calls: string[]) => {
  const verdict = verify(...calls);
  return verdict.ok ? 'verified' : verdict.failure.feedback;
};

describe('the perception skills', () => {
  it('stay out of the default action table the prompts and planners read', () => {
    expect(actionNames()).not.toContain('look_on');
    expect(verifyPlan(scene, steps('look_around(nikos_office)')).ok).toBe(false);
    expect(actionNames(ROBOT_SKILL_SPECS)).toEqual(
      expect.arrayContaining(['look_on', 'look_inside', 'look_around']),
    );
  });

  it('look where the agent is, and change nothing in the simulated state', () => {
    const verdict = verify(...TO_KITCHEN, 'look_around(kitchen)', 'look_on(counter)');
    expect(verdict.ok).toBe(true);
    // The state after both looks is the very state after arriving in the kitchen.
    expect(verdict.ok && verdict.trace[3]).toBe(verdict.ok && verdict.trace[1]);
  });

  it('refuse with feedback a planner can act on', () => {
    expect(feedback('look_around(kitchen)')).toBe(
      'cannot look_around(kitchen): the agent is at pose1, not in kitchen; goto(kitchen) first',
    );
    expect(feedback('look_on(counter)')).toBe(
      'cannot look_on(counter): counter is in kitchen but the agent is at pose1; goto(kitchen) first',
    );
    expect(feedback(...TO_KITCHEN, 'look_inside(fridge)')).toBe(
      'cannot look_inside(fridge): fridge is closed; access(fridge) and open(fridge) before looking inside',
    );
    expect(feedback(...TO_KITCHEN, 'look_inside(counter)')).toMatch(/counter cannot contain things/);
    expect(feedback(...TO_KITCHEN, 'access(fridge)', 'open(fridge)', 'look_inside(fridge)')).toBe('verified');
  });

  it('name the observation each produces', () => {
    expect(['look_on', 'look_inside', 'look_around', 'pickup'].map(lookKind)).toEqual([
      'on',
      'inside',
      'around',
      undefined,
    ]);
  });
});
