import { expandPlan } from '@groundplan/path-planner';
import {
  ACTION_SPECS,
  commitState,
  formatStep,
  initialState,
  type SimState,
  stateKey,
  verifyPlan,
} from '@groundplan/simulator';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyHandedOffice, exploredAround } from '../test-support/datasets.js';
import { feasibleActions, successorFunction } from './feasible-actions.js';

let office: Awaited<ReturnType<typeof emptyHandedOffice>>;
let start: SimState;
beforeAll(async () => {
  office = await emptyHandedOffice();
  const initial = initialState(office);
  if (!initial.ok) throw new Error(initial.error);
  start = initial.value;
});

// The kitchen with its fridge and coffee machine, Niko's office with his desk and mug.
const coffeeNodes = () =>
  exploredAround(office, ['nikos_mug', 'nikos_desk', 'coffee_machine', 'fridge', 'orange', 'kitchen_bench']);

describe('feasibleActions', () => {
  it('from the corridor offers only goto(room) for each explored room, as SayPlan plans navigation', () => {
    const texts = feasibleActions(office, start, { nodes: coffeeNodes() }).map((action) => action.text);
    expect(texts).toEqual(['goto(kitchen)', 'goto(nikos_office)']);
  });

  it('in a room offers the other rooms and the steps the simulator accepts there, nothing else', () => {
    const [toKitchen] = successorFunction(office, { nodes: coffeeNodes() })(start);
    expect(toKitchen?.text).toBe('goto(kitchen)');
    const texts = feasibleActions(office, toKitchen!.state, { nodes: coffeeNodes() }).map((a) => a.text);
    expect(texts).toEqual([
      'goto(nikos_office)',
      'access(coffee_machine)',
      'access(fridge)',
      'access(kitchen_bench)',
    ]);
  });

  it('names only the explored nodes, with the node kinds each parameter takes', () => {
    const nodes = coffeeNodes();
    const successors = successorFunction(office, { nodes });
    let state = start;
    for (const text of ['goto(kitchen)', 'access(kitchen_bench)']) {
      state = successors(state).find((successor) => successor.text === text)!.state;
    }
    const texts = feasibleActions(office, state, { nodes }).map((a) => a.text);
    expect(texts).toContain('pickup(orange)');
    // The bench holds a chopping board and a sponge too, but they were not explored.
    expect(texts.some((text) => text.includes('sponge') || text.includes('chopping_board'))).toBe(false);
    expect(texts).not.toContain('wipe(kitchen_bench)'); // nothing to clean with in the gripper
  });

  it('lists the same steps in the same order however the nodes are given', () => {
    const nodes = coffeeNodes();
    const forwards = feasibleActions(office, start, { nodes });
    const backwards = feasibleActions(office, start, { nodes: [...nodes].reverse().concat(nodes) });
    expect(backwards).toEqual(forwards);
  });

  it('uses only the skills of the table it is given', () => {
    const withoutGoto = ACTION_SPECS.filter((spec) => spec.name !== 'goto');
    expect(feasibleActions(office, start, { nodes: coffeeNodes(), actions: withoutGoto })).toEqual([]);
  });

  it('ignores ids the scene does not have', () => {
    const texts = feasibleActions(office, start, { nodes: ['kitchen', 'narnia'] }).map((a) => a.text);
    expect(texts).toEqual(['goto(kitchen)']);
  });

  it('never lists a step that verifyPlan rejects, and leads where verifyPlan leads (random walks)', () => {
    const nodes = exploredAround(office, [
      'nikos_mug',
      'nikos_desk',
      'coffee_machine',
      'fridge',
      'orange',
      'microwave',
      'sink',
      'sponge',
      'cabinet_3',
    ]);
    const successors = successorFunction(office, { nodes });
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (picks) => {
        let state = start;
        for (const pick of picks) {
          const here = successors(state);
          expect(here.length).toBeGreaterThan(0);
          // The world as it is after the walk so far, so the path planner starts where the agent stands.
          const world = commitState(office, state);
          for (const successor of here) {
            const expanded = expandPlan(world, [successor.step]);
            if (!expanded.ok) throw new Error(expanded.error.message);
            const verified = verifyPlan(office, expanded.value, { from: state });
            if (!verified.ok) throw new Error(`${formatStep(successor.step)}: ${verified.failure.feedback}`);
            expect(stateKey(office, verified.final)).toBe(stateKey(office, successor.state));
          }
          state = here[pick % here.length]!.state;
        }
      }),
      { numRuns: 20, seed: 12 },
    );
  });
});
