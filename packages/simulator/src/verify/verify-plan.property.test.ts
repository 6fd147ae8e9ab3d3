import { type SceneGraph, sceneToJson } from '@groundplan/scene-graph';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_SPECS } from '../actions/action-table.js';
import type { PlanStep } from '../plan/plan.js';
import { commitState } from '../state/commit-state.js';
import { initialState, type SimState } from '../state/sim-state.js';
import { verifyCopyingPerStep } from '../test-support/copying-simulator.js';
import { officeScene } from '../test-support/office-scene.js';
import { applyStep, tryStep, verifyPlan } from './verify-plan.js';

const scene = officeScene();
const ids = scene.nodes();

/** Every step that names an action with arguments of the kinds it takes. */
const candidates: PlanStep[] = ACTION_SPECS.flatMap((spec) => {
  const choices = spec.parameters.map((parameter) =>
    ids.filter((id) => parameter.kinds.includes(scene.getNodeAttribute(id, 'kind'))),
  );
  return choices.length === 1 ? choices[0]!.map((id) => ({ action: spec.name, args: [id] })) : [];
});

/** A plan that runs for `length` steps (each drawn from those that succeed), then one random step. */
function guidedPlan(scene: SceneGraph, picks: readonly number[]): PlanStep[] {
  const start = initialState(scene);
  if (!start.ok) throw new Error(start.error);
  let state: SimState = start.value;
  const plan: PlanStep[] = [];
  for (const pick of picks.slice(0, -1)) {
    const possible = candidates.filter((step) => applyStep(scene, state, step).ok);
    const step = possible[pick % possible.length]!;
    plan.push(step);
    const outcome = applyStep(scene, state, step);
    if (outcome.ok) state = outcome.state;
  }
  plan.push(candidates[picks[picks.length - 1]! % candidates.length]!);
  return plan;
}

describe('verifyPlan, checked against copying the graph every step', () => {
  it('agrees on every outcome and on the world it leaves', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (picks) => {
        const plan = guidedPlan(scene, picks);
        const fast = verifyPlan(scene, plan);
        const reference = verifyCopyingPerStep(scene, plan);
        if (fast.ok) {
          expect(reference.failure).toBeUndefined();
          // Canonical JSON, because the two build their edges in different orders.
          expect(sceneToJson(commitState(scene, fast.final))).toBe(sceneToJson(reference.graph));
        } else {
          expect(reference.failure).toMatchObject({ ok: false, failure: fast.failure });
        }
      }),
      { numRuns: 150 },
    );
  });
  it('never throws, whatever it is given', () => {
    const step = fc.record({
      action: fc.oneof(fc.constantFrom(...ACTION_SPECS.map((spec) => spec.name)), fc.string()),
      args: fc.array(fc.oneof(fc.constantFrom(...ids), fc.string()), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.array(fc.oneof(step, fc.anything()), { maxLength: 8 })),
        (plan) => {
          const result = verifyPlan(scene, plan);
          if (!result.ok) expect(result.failure.feedback.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('tryStep', () => {
  it('accepts exactly the steps applyStep accepts, and leads to the same state', () => {
    const arbitrary = fc.record({
      action: fc.oneof(fc.constantFrom(...ACTION_SPECS.map((spec) => spec.name)), fc.string()),
      args: fc.array(fc.oneof(fc.constantFrom(...ids), fc.string()), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), arbitrary, (picks, odd) => {
        const plan = guidedPlan(scene, picks);
        const walked = verifyPlan(scene, plan.slice(0, -1));
        if (!walked.ok) throw new Error(walked.failure.feedback);
        const state = walked.final;
        for (const step of [...candidates, odd]) {
          const applied = applyStep(scene, state, step);
          const tried = tryStep(scene, state, step);
          expect(tried === undefined).toBe(!applied.ok);
          if (applied.ok) expect(tried).toEqual(applied.state);
        }
      }),
      { numRuns: 40 },
    );
  });
});
