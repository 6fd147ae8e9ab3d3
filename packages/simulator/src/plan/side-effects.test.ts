import { describe, expect, it } from 'vitest';
import { parseGoals } from '../goals/goal.js';
import { initialState, withAgent, withPlacement } from '../state/sim-state.js';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { describeChange, planChanges, sideEffects, undoGoals } from './side-effects.js';

const scene = officeScene();

function run(plan: string[], from = initialState(scene)) {
  if (!from.ok) throw new Error(from.error);
  const verdict = verifyPlan(scene, steps(...plan), { from: from.value });
  if (!verdict.ok) throw new Error(verdict.failure.feedback);
  return { start: from.value, end: verdict.final };
}

function goals(...texts: string[]) {
  const parsed = parseGoals(texts);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe("a plan's side effects", () => {
  // Take the banana out of the fridge and put it on the counter, leaving the fridge open.
  const banana = run([
    ...TO_KITCHEN,
    'access(fridge)',
    'open(fridge)',
    'pickup(banana)',
    'access(counter)',
    'release(banana)',
  ]);

  it('lists what the plan leaves changed, start against end', () => {
    expect(planChanges(scene, banana.start, banana.end).map(describeChange)).toEqual([
      'banana moved from inside fridge to on counter',
      'fridge door: closed -> open',
    ]);
  });

  it('counts a change to a node a goal names as asked for, every other change as a side effect', () => {
    const left = sideEffects(scene, banana.start, banana.end, goals('on(banana, counter)'));
    expect(left.map(describeChange)).toEqual(['fridge door: closed -> open']);
  });

  it("lets a thing whose state is asked for rest where that was done, but not a node's other dimension", () => {
    // The banana's state is asked for: its move to the counter goes with it; the fridge's door does not.
    const left = sideEffects(scene, banana.start, banana.end, goals('state(banana, temperature, cold)'));
    expect(left.map(describeChange)).toEqual(['fridge door: closed -> open']);
  });

  it('is empty for a plan that undoes on the way what it did', () => {
    const tidy = run([
      ...TO_KITCHEN,
      'access(fridge)',
      'open(fridge)',
      'pickup(banana)',
      'access(counter)',
      'release(banana)',
      'access(fridge)',
      'close(fridge)',
    ]);
    expect(sideEffects(scene, tidy.start, tidy.end, goals('on(banana, counter)'))).toEqual([]);
  });

  it('lists every change of a plan with no goals, and never the agent walking', () => {
    const walk = run([...TO_KITCHEN]);
    expect(planChanges(scene, walk.start, walk.end)).toEqual([]);
    expect(sideEffects(scene, banana.start, banana.end, [])).toHaveLength(2);
  });

  it('says where the robot put what it held at the start, and gives the goals that undo each change', () => {
    const start = initialState(scene);
    if (!start.ok) throw new Error(start.error);
    // The robot starts in the kitchen holding the stapler.
    const holding = withPlacement(withAgent(start.value, 'kitchen', null, 'stapler'), 'stapler', {
      parent: 'agent',
      relation: undefined,
    });
    const put = run(['access(counter)', 'release(stapler)', 'pickup(mug)'], { ok: true, value: holding });
    const left = sideEffects(scene, put.start, put.end, goals('holding(mug)'));
    expect(left.map(describeChange)).toEqual(['stapler moved from the gripper to on counter']);
    const undo = undoGoals(scene, put.start, [...left, ...sideEffects(scene, banana.start, banana.end, [])]);
    expect(undo).toEqual(goals('holding(stapler)', 'inside(banana, fridge)', 'state(fridge, door, closed)'));
  });
});
