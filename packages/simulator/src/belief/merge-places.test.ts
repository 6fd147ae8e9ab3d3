import type { Observation } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { officeScene } from '../test-support/office-scene.js';
import { mergeObservation } from './merge-observation.js';

const belief = officeScene();
const around = (extra: Partial<Observation>): Observation => ({
  kind: 'around',
  target: 'kitchen',
  seen: [],
  ...extra,
});
const problem = (observation: Observation) => {
  const result = mergeObservation(belief, observation);
  return result.ok ? 'merged' : result.error;
};

describe("mergeObservation: places seen through a room's doors", () => {
  it('adds the rooms and poses seen, under their floor, and the ways between them with their lengths', () => {
    const result = mergeObservation(
      belief,
      around({
        places: [
          { id: 'floor2', type: 'floor' },
          { id: 'lab', type: 'room', parent: 'floor2', attributes: { room_type: 'lab' } },
          { id: 'pose9', type: 'pose', position: [40, 0, 0] },
        ],
        passages: [
          { source: 'pose4', target: 'pose9', distance: 10 },
          { source: 'pose9', target: 'lab', distance: 4 },
        ],
      }),
    );
    if (!result.ok) throw new Error(result.error);
    const graph = result.value;
    expect(graph.getNodeAttributes('lab')).toEqual({ kind: 'room', attributes: { room_type: 'lab' } });
    expect(graph.inNeighbors('lab')).toEqual(['floor2']);
    expect(graph.getEdgeAttributes(graph.undirectedEdge('pose9', 'lab')!)).toEqual({
      kind: 'navigation',
      distance: 4,
    });
    // Seeing a known way again keeps one edge, with the length as now seen.
    const again = mergeObservation(
      graph,
      around({ passages: [{ source: 'lab', target: 'pose9', distance: 5 }] }),
    );
    if (!again.ok) throw new Error(again.error);
    expect(again.value.undirectedEdges('lab', 'pose9')).toHaveLength(1);
    expect(again.value.getEdgeAttributes(again.value.undirectedEdge('lab', 'pose9')!)).toEqual({
      kind: 'navigation',
      distance: 5,
    });
    expect(belief.hasNode('lab')).toBe(false);
  });

  it('refuses, in one line, a room on a floor it does not know', () => {
    expect(problem(around({ places: [{ id: 'lab', type: 'room', parent: 'floor7' }] }))).toBe(
      "look_around(kitchen): room 'lab' is on 'floor7', which is neither in the belief nor seen",
    );
  });

  it('refuses a passage to a place it does not know, to a non-place, or places seen from an asset', () => {
    expect(problem(around({ passages: [{ source: 'pose1', target: 'attic', distance: 3 }] }))).toBe(
      "look_around(kitchen): a passage from 'pose1' to 'attic' names 'attic', which is neither in the belief nor seen",
    );
    expect(problem(around({ passages: [{ source: 'pose1', target: 'floor1', distance: 3 }] }))).toBe(
      "look_around(kitchen): a passage leads to 'floor1', which is a floor, not a room or pose",
    );
    expect(
      problem({ kind: 'on', target: 'counter', seen: [], places: [{ id: 'pose9', type: 'pose' }] }),
    ).toBe('look_on(counter): only a look around a room sees places and passages');
    expect(problem(around({ places: [{ id: 'pose1', type: 'room' }] }))).toBe(
      "look_around(kitchen): 'pose1' is seen as a room but the belief has a pose",
    );
  });
});
