import { checkSceneFile, sceneToFile } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { initialState, parentIn, stateOf } from '../state/sim-state.js';
import {
  KITCHEN_TO_MEETING_ROOM,
  OFFICE,
  officeScene,
  steps,
  TO_KITCHEN,
} from '../test-support/office-scene.js';
import { applyPlan, applyStep, describeFailure, verifyPlan } from './verify-plan.js';

const K = TO_KITCHEN;

describe('verifyPlan on a good plan', () => {
  it('returns the final state and the state after each step', () => {
    const plan = steps(...K, 'access(fridge)', 'open(fridge)', 'pickup(banana)', ...KITCHEN_TO_MEETING_ROOM);
    const result = verifyPlan(officeScene(), plan);
    if (!result.ok) throw new Error(result.failure.feedback);
    expect(result.final.place).toBe('meeting_room');
    expect(result.final.holding).toBe('banana');
    expect(result.trace).toHaveLength(plan.length);
    expect(result.trace[plan.length - 1]).toBe(result.final);
    expect(result.trace[3]!.holding).toBeNull();
    expect(result.trace[4]!.holding).toBe('banana');
  });
  it('accepts the empty plan', () => {
    expect(verifyPlan(officeScene(), [])).toMatchObject({ ok: true, trace: [] });
  });
  it('never changes the scene it simulates', () => {
    const scene = officeScene();
    const before = JSON.stringify(sceneToFile(scene));
    verifyPlan(
      scene,
      steps(...K, 'access(fridge)', 'open(fridge)', 'pickup(banana)', 'access(counter)', 'release(banana)'),
    );
    expect(JSON.stringify(sceneToFile(scene))).toBe(before);
  });
  it('keeps earlier states intact: each step shares what it did not change', () => {
    const result = verifyPlan(officeScene(), steps(...K, 'access(fridge)', 'open(fridge)', 'goto(pose2)'));
    if (!result.ok) throw new Error(result.failure.feedback);
    const [, , accessed, opened, left] = result.trace;
    expect(accessed!.states.size).toBe(0);
    expect(opened!.states.get('fridge')).toEqual({ door: 'open' });
    expect(left!.states).toBe(opened!.states);
  });
});

describe("SayPlan's error types (Table 3) are caught with feedback to act on", () => {
  it('missing action: forgetting to open the fridge', () => {
    const result = verifyPlan(officeScene(), steps(...K, 'access(fridge)', 'pickup(banana)'));
    expect(result).toMatchObject({
      ok: false,
      failure: {
        index: 3,
        reason: 'precondition',
        feedback: 'cannot pickup(banana): it is inside fridge, which is closed; open(fridge) first',
      },
    });
  });
  it('missing pose / broken navigation: going to a far room without the poses between', () => {
    const result = verifyPlan(officeScene(), steps(...K, 'goto(meeting_room)'));
    expect(result).toMatchObject({
      ok: false,
      failure: {
        index: 2,
        reason: 'precondition',
        feedback:
          'cannot goto(meeting_room): the agent is at kitchen and meeting_room is not next to it; plans must move along poses (use the path planner)',
      },
    });
  });
  it('missing pose: a pose the scene does not link', () => {
    const result = verifyPlan(officeScene(), steps('goto(pose3)'));
    expect(result).toMatchObject({ ok: false, failure: { index: 0, reason: 'precondition' } });
    if (!result.ok)
      expect(result.failure.feedback).toContain('the agent is at pose1 and pose3 is not next to it');
  });
  it('wrong action: releasing before accessing an asset', () => {
    const result = verifyPlan(
      officeScene(),
      steps(...K, 'access(counter)', 'pickup(mug)', 'goto(pose2)', 'goto(kitchen)', 'release(mug)'),
    );
    expect(result).toMatchObject({
      ok: false,
      failure: {
        index: 6,
        reason: 'precondition',
        feedback:
          'cannot release(mug): no asset is accessed, so there is nothing to put mug on or in; access an asset first',
      },
    });
  });
  it('hallucinated node: an id the scene does not have, with the likely one suggested', () => {
    const result = verifyPlan(officeScene(), steps(...K, 'access(counter)', 'pickup(coffee_mug)'));
    expect(result).toMatchObject({
      ok: false,
      failure: {
        index: 3,
        reason: 'unknown_node',
        feedback: "unknown node 'coffee_mug': no node with that id in the scene; did you mean 'mug'?",
      },
    });
  });
  it('hallucinated node: a misspelling, and an id with nothing like it', () => {
    const typo = verifyPlan(officeScene(), steps(...K, 'access(fridge)', 'open(fridge)', 'pickup(bananna)'));
    if (typo.ok) throw new Error('expected a failure');
    expect(typo.failure.feedback).toContain("did you mean 'banana'?");
    const invented = verifyPlan(officeScene(), steps('goto(helipad)'));
    expect(invented).toMatchObject({
      ok: false,
      failure: {
        reason: 'unknown_node',
        feedback:
          "unknown node 'helipad': no node with that id in the scene; use only ids that appear in the scene graph",
      },
    });
  });
});

describe('verifyPlan on malformed plans', () => {
  it('names the known actions for an unknown one and guesses the meant one', () => {
    const result = verifyPlan(officeScene(), steps(...K, 'grab(mug)'));
    expect(result).toMatchObject({
      ok: false,
      failure: {
        index: 2,
        reason: 'unknown_action',
        feedback:
          "unknown action 'grab'; known actions are goto, access, pickup, release, open, close, turn_on, turn_off, heat, make_coffee, wash, wipe; did you mean 'pickup'?",
      },
    });
  });
  it('reports a wrong number of arguments', () => {
    expect(verifyPlan(officeScene(), steps(...K, 'access(counter)', 'pickup(mug, counter)'))).toMatchObject({
      ok: false,
      failure: {
        index: 3,
        reason: 'bad_arguments',
        feedback: 'pickup takes 1 argument (object) but pickup(mug, counter) gives 2',
      },
    });
  });
  it.each([
    [
      'a string',
      'goto(kitchen)',
      'the plan must be a list of steps like {"action": "goto", "args": ["kitchen"]}, but it is a string ("goto(kitchen)")',
    ],
    [
      'null',
      null,
      'the plan must be a list of steps like {"action": "goto", "args": ["kitchen"]}, but it is null',
    ],
    [
      'an object',
      { steps: [] },
      'the plan must be a list of steps like {"action": "goto", "args": ["kitchen"]}, but it is an object',
    ],
  ])('turns a plan that is %s into feedback, not an exception', (_, plan, feedback) => {
    expect(verifyPlan(officeScene(), plan)).toEqual({
      ok: false,
      failure: { index: -1, step: null, reason: 'bad_arguments', feedback },
    });
  });
  it.each([
    [{ args: ['pose2'] }, 'it has no action name'],
    [{ action: 'goto' }, 'goto has no args list'],
    [{ action: 'goto', args: [2] }, 'the args of goto must all be node id strings, but they are [2]'],
    ['goto(pose2)', 'it is a string ("goto(pose2)")'],
  ])('turns the malformed step %j into feedback', (step, problem) => {
    expect(verifyPlan(officeScene(), [{ action: 'goto', args: ['pose2'] }, step])).toEqual({
      ok: false,
      failure: {
        index: 1,
        step: null,
        reason: 'bad_arguments',
        feedback: `step 2 is malformed: ${problem}; write each step as {"action": "<skill>", "args": ["<node id>", ...]}`,
      },
    });
  });
  it('reports an earlier failing step before a later malformed one', () => {
    const result = verifyPlan(officeScene(), [{ action: 'goto', args: ['kitchen'] }, { action: 7 }]);
    expect(result).toMatchObject({ ok: false, failure: { index: 0, reason: 'precondition' } });
  });
  it('reports a scene it cannot simulate', () => {
    const scene = officeScene();
    scene.dropNode('agent');
    expect(verifyPlan(scene, [])).toMatchObject({
      ok: false,
      failure: {
        reason: 'invalid_scene',
        feedback: 'the scene has no agent node, so there is no robot to plan for',
      },
    });
  });
});

describe('execution', () => {
  it('applyStep advances one step at a time', () => {
    const scene = officeScene();
    const start = initialState(scene);
    if (!start.ok) throw new Error(start.error);
    const moved = applyStep(scene, start.value, { action: 'goto', args: ['pose2'] });
    expect(moved).toMatchObject({ ok: true, state: { place: 'pose2' } });
    expect(start.value.place).toBe('pose1');
  });
  it('applyPlan continues from where execution got to', () => {
    const scene = officeScene();
    const first = verifyPlan(scene, steps(...K, 'access(fridge)', 'open(fridge)'));
    if (!first.ok) throw new Error(first.failure.feedback);
    const rest = applyPlan(scene, first.final, steps('pickup(banana)', 'access(counter)', 'release(banana)'));
    if (!rest.ok) throw new Error(rest.failure.feedback);
    expect(parentIn(scene, rest.final, 'banana')).toEqual({ parent: 'counter', relation: 'on' });
    expect(stateOf(scene, rest.final, 'fridge', 'door')).toBe('open');
    expect(rest.trace).toHaveLength(3);
  });
  it('describes a failure with its step for a replanning prompt', () => {
    const result = verifyPlan(officeScene(), steps(...K, 'access(fridge)', 'pickup(banana)'));
    if (result.ok) throw new Error('expected a failure');
    expect(describeFailure(result.failure)).toBe(
      'step 4 pickup(banana) failed: cannot pickup(banana): it is inside fridge, which is closed; open(fridge) first',
    );
  });
  it('plans for a named agent when the scene has two', () => {
    const scene = officeScene();
    scene.addNode('agent2', { kind: 'agent' });
    scene.addDirectedEdge('agent2', 'kitchen', { kind: 'at' });
    expect(verifyPlan(scene, [])).toMatchObject({ ok: false, failure: { reason: 'invalid_scene' } });
    expect(verifyPlan(scene, steps('access(fridge)'), { agent: 'agent2' })).toMatchObject({ ok: true });
  });
});

describe('the test office', () => {
  it('is a valid scene file', () => {
    expect(checkSceneFile(OFFICE)).toMatchObject({ ok: true });
  });
});
