import { nodesOfKind } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { officeScene } from '../test-support/office-scene.js';
import { isPrior, memoryGraph } from './memory-graph.js';
import { mergeObservation } from './merge-observation.js';

describe("LookPlanGraph's memory graph", () => {
  it('keeps rooms and assets as they are and marks every object an unverified prior; the belief is untouched', () => {
    const belief = officeScene();
    const { graph, priors } = memoryGraph(belief);
    const objects = nodesOfKind(belief, 'object');
    expect(priors).toBe(objects.length);
    expect(objects.length).toBeGreaterThan(0);
    for (const id of objects) expect(isPrior(graph, id)).toBe(true);
    for (const id of [...nodesOfKind(belief, 'asset'), ...nodesOfKind(belief, 'room')])
      expect(isPrior(graph, id)).toBe(false);
    for (const id of objects) expect(isPrior(belief, id)).toBe(false);
    expect(graph.order).toBe(belief.order);
  });

  it('a look that sees an object clears its prior mark; what it did not look at stays a prior', () => {
    const { graph } = memoryGraph(officeScene());
    const seen = mergeObservation(graph, {
      kind: 'on',
      target: 'counter',
      seen: [{ id: 'mug', type: 'object', parent: 'counter' }],
    });
    if (!seen.ok) throw new Error(seen.error);
    expect(isPrior(seen.value, 'mug')).toBe(false);
    const elsewhere = nodesOfKind(seen.value, 'object').filter((id) => id !== 'mug');
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const id of elsewhere) expect(isPrior(seen.value, id)).toBe(true);
  });
});
