import { describe, expect, it } from 'vitest';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { initialState, type SimState } from './sim-state.js';
import { stateKey } from './state-key.js';

const scene = officeScene();

function after(...calls: string[]): SimState {
  const result = verifyPlan(scene, steps(...calls));
  if (!result.ok) throw new Error(result.failure.feedback);
  return result.final;
}

describe('stateKey', () => {
  it('is the same for two routes to the same world', () => {
    const openFirst = after(...TO_KITCHEN, 'access(fridge)', 'open(fridge)', 'access(counter)');
    const accessFirst = after(
      ...TO_KITCHEN,
      'access(counter)',
      'access(fridge)',
      'open(fridge)',
      'access(counter)',
    );
    expect(stateKey(scene, openFirst)).toBe(stateKey(scene, accessFirst));
  });
  it('forgets a change that was undone', () => {
    const start = initialState(scene);
    if (!start.ok) throw new Error(start.error);
    const reopened = after(
      ...TO_KITCHEN,
      'access(fridge)',
      'open(fridge)',
      'close(fridge)',
      'goto(pose2)',
      'goto(pose1)',
    );
    expect(stateKey(scene, reopened)).toBe(stateKey(scene, start.value));
  });
  it('tells apart states that differ in a placement, a state value or what is accessed', () => {
    const held = after(...TO_KITCHEN, 'access(counter)', 'pickup(mug)');
    const putBack = after(...TO_KITCHEN, 'access(counter)', 'pickup(mug)', 'release(mug)');
    const onSink = after(...TO_KITCHEN, 'access(counter)', 'pickup(mug)', 'access(sink)', 'release(mug)');
    const washed = after(
      ...TO_KITCHEN,
      'access(counter)',
      'pickup(mug)',
      'access(sink)',
      'release(mug)',
      'wash(mug)',
    );
    const keys = [held, putBack, onSink, washed].map((state) => stateKey(scene, state));
    expect(new Set(keys).size).toBe(4);
  });
});
