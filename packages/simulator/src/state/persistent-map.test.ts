import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentMap } from './persistent-map.js';

describe('PersistentMap', () => {
  it('behaves like a Map for any sequence of sets, and every earlier version stays as it was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 200 }),
        (writes) => {
          let map = PersistentMap.empty<number>();
          const reference = new Map<string, number>();
          const versions: Array<[PersistentMap<number>, Map<string, number>]> = [];
          for (const [key, value] of writes) {
            map = map.with(key, value);
            reference.set(key, value);
            versions.push([map, new Map(reference)]);
          }
          for (const [version, expected] of versions) {
            expect(version.size).toBe(expected.size);
            expect(new Map(version)).toEqual(expected);
            for (const key of expected.keys()) expect(version.get(key)).toBe(expected.get(key));
          }
        },
      ),
    );
  });
  it('answers has and get for missing keys', () => {
    const map = PersistentMap.empty<string>().with('fridge', 'open');
    expect(map.has('fridge')).toBe(true);
    expect(map.has('sink')).toBe(false);
    expect(map.get('sink')).toBeUndefined();
    expect([...map.keys()]).toEqual(['fridge']);
    expect([...map.values()]).toEqual(['open']);
  });
});
