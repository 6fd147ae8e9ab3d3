import { agentLocation, heldObject, parentOf, sceneToFile } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { commitState } from './commit-state.js';

describe('commitState', () => {
  it('writes the plan’s changes into a new scene and leaves the old one alone', () => {
    const scene = officeScene();
    const before = JSON.stringify(sceneToFile(scene));
    const result = verifyPlan(
      scene,
      steps(...TO_KITCHEN, 'access(fridge)', 'open(fridge)', 'pickup(banana)'),
    );
    if (!result.ok) throw new Error(result.failure.feedback);
    const after = commitState(scene, result.final);
    expect(after.getNodeAttribute('fridge', 'state')).toEqual({ door: 'open' });
    expect(heldObject(after)).toBe('banana');
    expect(parentOf(after, 'banana')).toMatchObject({ parent: 'agent' });
    expect(agentLocation(after)).toBe('kitchen');
    expect(JSON.stringify(sceneToFile(scene))).toBe(before);
  });
  it('gives a scene from which the rest of the plan verifies as before', () => {
    const scene = officeScene();
    const first = verifyPlan(scene, steps(...TO_KITCHEN, 'access(fridge)', 'open(fridge)'));
    if (!first.ok) throw new Error(first.failure.feedback);
    const rest = steps('access(fridge)', 'pickup(banana)', 'access(counter)', 'release(banana)');
    expect(verifyPlan(commitState(scene, first.final), rest)).toMatchObject({ ok: true });
  });
});
