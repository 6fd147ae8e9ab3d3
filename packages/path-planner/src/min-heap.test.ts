import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MinHeap } from './min-heap.js';

describe('the typed-array min-heap', () => {
  it('pops nodes in order of their lowest pushed key, each node once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(49), fc.double({ min: 0, max: 1000, noNaN: true })), { maxLength: 200 }),
        (pushes) => {
          const heap = new MinHeap(50);
          const best = new Map<number, number>();
          for (const [node, key] of pushes) {
            heap.push(node, key);
            best.set(node, Math.min(best.get(node) ?? Number.POSITIVE_INFINITY, key));
          }
          const popped: Array<[number, number]> = [];
          while (heap.size > 0) {
            const key = heap.peekKey();
            popped.push([heap.pop(), key]);
          }
          expect(popped.map(([node]) => node).sort((a, b) => a - b)).toEqual(
            [...best.keys()].sort((a, b) => a - b),
          );
          for (const [node, key] of popped) expect(key).toBe(best.get(node));
          for (let i = 1; i < popped.length; i++)
            expect(popped[i]![1]).toBeGreaterThanOrEqual(popped[i - 1]![1]);
        },
      ),
    );
  });

  it('is empty and reusable after clear', () => {
    const heap = new MinHeap(4);
    heap.push(1, 5);
    heap.push(2, 3);
    heap.clear();
    expect(heap.size).toBe(0);
    heap.push(1, 7);
    expect(heap.pop()).toBe(1);
    expect(heap.size).toBe(0);
  });
});
