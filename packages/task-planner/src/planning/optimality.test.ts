import type { SceneGraph } from '@groundplan/scene-graph';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyHandedOffice, exploredAround } from '../test-support/datasets.js';
import { verifiesAndReaches } from '../test-support/oracle-tasks.js';
import { breadthFirstPlan, planForGoals } from './plan-for-goals.js';

let office: SceneGraph;
let nodes: string[];
beforeAll(async () => {
  office = await emptyHandedOffice();
  // A small explored subgraph: the kitchen's coffee machine, fridge, bench, microwave and sink, Niko's desk.
  nodes = exploredAround(office, [
    'nikos_mug',
    'nikos_desk',
    'coffee_machine',
    'orange',
    'fridge',
    'microwave',
    'sink',
  ]);
});

const POOL = [
  'state(nikos_mug, contents, coffee)',
  'on(nikos_mug, nikos_desk)',
  'on(nikos_mug, kitchen_bench)',
  'inside(nikos_mug, sink)',
  'inside(orange, fridge)',
  'inside(orange, microwave)',
  'on(orange, nikos_desk)',
  'state(fridge, door, open)',
  'state(fridge, door, closed)',
  'state(microwave, door, closed)',
  'state(coffee_machine, power, on)',
  'state(orange, temperature, hot)',
  'holding(orange)',
  'holding(nothing)',
  'not on(nikos_mug, nikos_desk)',
  'at(nikos_office)',
];

const PROBLEMS = [
  ['state(coffee_machine, power, on)'],
  ['at(nikos_office)'],
  ['holding(orange)'],
  ['inside(orange, fridge)'],
  ['inside(orange, fridge)', 'state(fridge, door, closed)'],
  ['on(orange, nikos_desk)'],
  ['not on(nikos_mug, nikos_desk)'],
  ['inside(nikos_mug, sink)', 'state(coffee_machine, power, on)'],
  ['state(orange, temperature, hot)'],
  ['state(nikos_mug, contents, coffee)'],
  ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'],
  ['on(nikos_mug, kitchen_bench)', 'on(orange, nikos_desk)'],
];

const BUDGET = { maxExpansions: 3000 };

describe('A* against breadth-first search (optimal) on the small office subgraph', () => {
  it.each(PROBLEMS)(
    'finds a shortest plan for %s (and every search’s plan reaches the goals)',
    (...goals) => {
      const bfs = breadthFirstPlan(office, goals, { nodes, ...BUDGET });
      const astar = planForGoals(office, goals, { nodes, algorithm: 'astar', ...BUDGET });
      const gbfs = planForGoals(office, goals, { nodes, algorithm: 'gbfs', ...BUDGET });
      if (!bfs.ok || !astar.ok || !gbfs.ok) throw new Error('every problem here has a plan');
      expect(bfs.value.plan.length).toBeGreaterThan(0);
      expect(astar.value.plan.length).toBe(bfs.value.plan.length);
      expect(gbfs.value.plan.length).toBeGreaterThanOrEqual(bfs.value.plan.length);
      for (const found of [bfs, astar, gbfs])
        expect(verifiesAndReaches(office, found.value.plan, goals)).toBe(true);
    },
  );

  it('agrees on random goal sets of up to three predicates', () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...POOL), { minLength: 1, maxLength: 3 }), (goals) => {
        const bfs = breadthFirstPlan(office, goals, { nodes, ...BUDGET });
        // Contradictory sets (the fridge open and closed) exhaust the budget; nothing to compare.
        fc.pre(bfs.ok || bfs.error.reason !== 'budget');
        const astar = planForGoals(office, goals, { nodes, algorithm: 'astar', ...BUDGET });
        if (!bfs.ok) {
          expect(astar.ok).toBe(false);
          return;
        }
        if (!astar.ok) throw new Error(`A* found no plan for ${goals.join(', ')}: ${astar.error.message}`);
        expect(astar.value.plan.length).toBe(bfs.value.plan.length);
        compared++;
      }),
      { numRuns: 25, seed: 7 },
    );
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});
