import { describe, expect, it } from 'vitest';
import { initialState, type SimState } from '../state/sim-state.js';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { checkGoals, checkGoalText } from './check-goals.js';

const scene = officeScene();

function after(...calls: string[]): SimState {
  const result = verifyPlan(scene, steps(...calls));
  if (!result.ok) throw new Error(result.failure.feedback);
  return result.final;
}

const start = (() => {
  const state = initialState(scene);
  if (!state.ok) throw new Error(state.error);
  return state.value;
})();

const bananaOnCounter = after(
  ...TO_KITCHEN,
  'access(fridge)',
  'open(fridge)',
  'pickup(banana)',
  'access(counter)',
  'release(banana)',
);

describe('checkGoals', () => {
  it('passes a conjunction that holds, with a reason per goal', () => {
    expect(
      checkGoalText(scene, bananaOnCounter, [
        'on(banana, counter)',
        'state(fridge, door, open)',
        'holding(nothing)',
        'at(kitchen)',
      ]),
    ).toEqual({
      ok: true,
      value: {
        satisfied: true,
        results: [
          { goal: 'on(banana, counter)', pass: true, reason: 'banana is on counter' },
          { goal: 'state(fridge, door, open)', pass: true, reason: 'fridge door is open' },
          { goal: 'holding(nothing)', pass: true, reason: 'the agent holds nothing' },
          { goal: 'at(kitchen)', pass: true, reason: 'the agent is at kitchen' },
        ],
      },
    });
  });
  it('fails a conjunction when any goal fails, and says what is true instead', () => {
    const report = checkGoalText(
      scene,
      bananaOnCounter,
      'inside(banana, fridge) and state(fridge, closed) and holding(mug) and at(pose2)',
    );
    expect(report).toEqual({
      ok: true,
      value: {
        satisfied: false,
        results: [
          { goal: 'inside(banana, fridge)', pass: false, reason: 'banana is on counter, not inside fridge' },
          { goal: 'state(fridge, closed)', pass: false, reason: 'fridge is not closed (it has door open)' },
          { goal: 'holding(mug)', pass: false, reason: 'the agent holds nothing, not mug' },
          { goal: 'at(pose2)', pass: false, reason: 'the agent is at kitchen, not pose2' },
        ],
      },
    });
  });
  it('checks the scene as it starts, before any plan', () => {
    expect(
      checkGoalText(scene, start, ['inside(banana, fridge)', 'state(fridge, closed)', 'at(pose1)']),
    ).toMatchObject({
      ok: true,
      value: { satisfied: true },
    });
  });
  it('counts rooms as containing everything placed in them, not what the gripper holds', () => {
    const taking = [...TO_KITCHEN, 'access(fridge)', 'open(fridge)', 'pickup(banana)'];
    const holding = after(...taking);
    expect(checkGoalText(scene, holding, ['holding(banana)', 'not inside(banana, fridge)'])).toMatchObject({
      ok: true,
      value: { satisfied: true },
    });
    expect(
      checkGoalText(scene, holding, ['inside(banana, kitchen)', 'inside(banana, floor1)']),
    ).toMatchObject({
      value: {
        results: [
          { pass: false, reason: 'banana is in the gripper, not inside kitchen' },
          { pass: false, reason: 'banana is in the gripper, not inside floor1' },
        ],
      },
    });
    const putDown = after(...taking, 'access(counter)', 'release(banana)');
    expect(
      checkGoalText(scene, putDown, ['inside(banana, kitchen)', 'inside(banana, floor1)']),
    ).toMatchObject({
      value: { satisfied: true },
    });
    expect(checkGoalText(scene, start, ['inside(mug, counter)', 'inside(mug, meeting_room)'])).toMatchObject({
      value: { results: [{ pass: false }, { pass: false }] },
    });
  });
  it('fails a negated goal that holds, saying so', () => {
    expect(checkGoalText(scene, start, ['not inside(banana, fridge)'])).toEqual({
      ok: true,
      value: {
        satisfied: false,
        results: [
          {
            goal: 'not inside(banana, fridge)',
            pass: false,
            reason: 'banana is inside fridge, which the goal rules out',
          },
        ],
      },
    });
  });
  it('fails goals about nodes the scene does not have', () => {
    expect(checkGoalText(scene, start, ['inside(orange, fridge)', 'state(fridge, smell, fresh)'])).toEqual({
      ok: true,
      value: {
        satisfied: false,
        results: [
          { goal: 'inside(orange, fridge)', pass: false, reason: "no node 'orange' in the scene" },
          { goal: 'state(fridge, smell, fresh)', pass: false, reason: 'fridge has no smell state' },
        ],
      },
    });
  });
  it('checks goals already parsed', () => {
    expect(checkGoals(scene, start, [{ kind: 'holding', object: null, negated: false }])).toEqual({
      satisfied: true,
      results: [{ goal: 'holding(nothing)', pass: true, reason: 'the agent holds nothing' }],
    });
  });
  it('returns unreadable goal text as an error value', () => {
    expect(checkGoalText(scene, start, ['banana in fridge'])).toMatchObject({ ok: false });
  });
  it('follows state changes: a dirty mug washed is clean, coffee made fills it', () => {
    const coffee = after(
      ...TO_KITCHEN,
      'access(counter)',
      'pickup(mug)',
      'access(coffee_machine)',
      'release(mug)',
      'turn_on(coffee_machine)',
      'make_coffee(mug)',
    );
    expect(
      checkGoalText(scene, coffee, [
        'state(mug, contents, coffee)',
        'on(mug, coffee_machine)',
        'state(mug, dirty)',
      ]),
    ).toMatchObject({
      value: { satisfied: true },
    });
  });
});
