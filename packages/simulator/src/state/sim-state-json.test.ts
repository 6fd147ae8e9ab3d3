import { describe, expect, it } from 'vitest';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { applyPlan, verifyPlan } from '../verify/verify-plan.js';
import { simStateFromJSON, simStateToJSON } from './sim-state-json.js';

describe('the JSON form of a simulation state', () => {
  it('round-trips through JSON text and resumes the plan where it stopped', () => {
    const scene = officeScene();
    const first = verifyPlan(scene, steps(...TO_KITCHEN, 'access(fridge)', 'open(fridge)', 'pickup(banana)'));
    if (!first.ok) throw new Error(first.failure.feedback);
    const json = JSON.parse(JSON.stringify(simStateToJSON(first.final)));
    expect(json).toEqual({
      agent: 'agent',
      place: 'kitchen',
      accessed: 'fridge',
      holding: 'banana',
      states: { fridge: { door: 'open' } },
      placements: { banana: { parent: 'agent' } },
    });
    const back = simStateFromJSON(json);
    if (!back.ok) throw new Error(back.error);
    expect(simStateToJSON(back.value)).toEqual(json);
    expect(applyPlan(scene, back.value, steps('access(counter)', 'release(banana)'))).toMatchObject({
      ok: true,
    });
  });
  it('refuses input that is not a state, saying what is wrong', () => {
    const back = simStateFromJSON({ agent: 'agent', place: 'kitchen' });
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.error).toContain('accessed');
  });
});
