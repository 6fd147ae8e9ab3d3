import { describe, expect, it } from 'vitest';
import { nextLookout } from './next-lookout.js';
import { office } from './test-support/office.js';

describe('where to look next for what the belief lost', () => {
  it('is found when every wanted node is in the belief', () => {
    expect(nextLookout(office(), ['banana'], [])).toEqual({ status: 'found' });
  });

  it('goes to the nearest room not yet looked around, with the route there, then the next', () => {
    const belief = office();
    belief.dropNode('banana');
    const first = nextLookout(belief, ['banana'], []);
    // The robot stands at pose0, between the lobby (5 m) and the kitchen (farther).
    expect(first).toMatchObject({
      status: 'next',
      room: 'lobby',
      route: [{ action: 'goto', args: ['lobby'] }],
    });
    const second = nextLookout(belief, ['banana'], ['lobby']);
    expect(second.status === 'next' && second.room).toBe('kitchen');
  });

  it('skips rooms it cannot reach and ends exhausted when none is left', () => {
    const belief = office();
    belief.dropNode('banana');
    const looked: string[] = [];
    for (;;) {
      const next = nextLookout(belief, ['banana'], looked);
      if (next.status !== 'next') {
        expect(next).toEqual({ status: 'exhausted', looked: looked.length });
        break;
      }
      looked.push(next.room);
    }
    // storage has no navigation edges and bedroom2's floor has no stairs: never offered.
    expect(looked).not.toContain('storage');
    expect(looked).not.toContain('bedroom2');
    expect(looked).toEqual(expect.arrayContaining(['lobby', 'kitchen', 'meeting_room1', 'manipulation_lab']));
  });
});
