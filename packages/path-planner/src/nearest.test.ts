import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearest } from './nearest.js';
import { shortestPath } from './shortest-path.js';
import { office } from './test-support/office.js';
import { navigationNodes, randomScene } from './test-support/random-navigation.js';

describe('nearest of a set', () => {
  it('finds the closest fire extinguisher to the manipulation lab, with its route', () => {
    expect(
      nearest(office(), 'manipulation_lab', ['extinguisher1', 'extinguisher2', 'extinguisher3']),
    ).toEqual({
      ok: true,
      value: {
        candidate: 'extinguisher2',
        place: 'meeting_room1',
        path: ['manipulation_lab', 'pose4', 'meeting_room1'],
        length: 10,
      },
    });
  });

  it('finds the room closest to the agent among rooms', () => {
    const result = nearest(office(), 'robot', ['meeting_room1', 'kitchen', 'bedroom2']);
    expect(result.ok && result.value.candidate).toBe('kitchen');
    expect(result.ok && result.value.path).toEqual(['pose0', 'pose1', 'kitchen']);
  });

  it('picks a candidate in the room the search starts from, at length 0', () => {
    const result = nearest(office(), 'kitchen', ['extinguisher1', 'banana']);
    expect(result).toEqual({
      ok: true,
      value: { candidate: 'banana', place: 'kitchen', path: ['kitchen'], length: 0 },
    });
  });

  it('is unreachable, with a reason, when no candidate can be reached', () => {
    const result = nearest(office(), 'lobby', ['extinguisher3', 'storage']);
    expect(result).toEqual({
      ok: false,
      error: {
        reason: 'disconnected',
        from: 'lobby',
        message:
          'none of the 2 candidates (extinguisher3, storage) can be reached from lobby: no navigation path leads from lobby to any of their rooms or poses',
      },
    });
  });

  it('reports a hallucinated candidate instead of skipping it', () => {
    const result = nearest(office(), 'lobby', ['extinguisher1', 'extinguisher9']);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe('unknown_node');
      expect(result.error.node).toBe('extinguisher9');
    }
  });

  it('needs at least one candidate', () => {
    const result = nearest(office(), 'lobby', []);
    expect(result.ok).toBe(false);
  });

  it('agrees with the minimum over shortestPath to each candidate', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        (seed, pick, picks) => {
          const graph = randomScene(seed, {
            floors: 2,
            roomsPerFloor: 6,
            posesPerFloor: 12,
            extraLinksPerFloor: 4,
            stairsChance: 0.5,
            connectedFloors: false,
            distances: 'stretched',
          });
          const nodes = navigationNodes(graph);
          const from = nodes[pick % nodes.length]!;
          const candidates = picks.map((p) => nodes[p % nodes.length]!);
          const lengths = candidates
            .map((c) => shortestPath(graph, from, c))
            .flatMap((r) => (r.ok ? [r.value.length] : []));
          const result = nearest(graph, from, candidates);
          if (lengths.length === 0) {
            expect(result.ok).toBe(false);
          } else {
            expect(result.ok).toBe(true);
            if (result.ok) {
              expect(result.value.length).toBeCloseTo(Math.min(...lengths), 9);
              expect(candidates).toContain(result.value.candidate);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
