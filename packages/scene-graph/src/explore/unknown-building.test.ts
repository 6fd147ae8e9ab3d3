import { describe, expect, it } from 'vitest';
import { generateScene } from '../generate/generate-scene.js';
import { agentLocation, nodesOfKind } from '../model/queries.js';
import { placesAround } from './places-around.js';
import { unknownBuilding } from './unknown-building.js';

const world = generateScene({ seed: 2, floors: 2, roomsPerFloor: 6, assetsPerRoom: 2, objectsPerAsset: 1 });

describe('unknownBuilding and placesAround', () => {
  it('a robot in a corridor knows the places in sight and nothing they hold', () => {
    const belief = unknownBuilding(world)!;
    expect(agentLocation(belief)).toBe('stairs_f1');
    expect(nodesOfKind(belief, 'room').length).toBe(12);
    expect(nodesOfKind(belief, 'asset')).toEqual([]);
    expect(nodesOfKind(belief, 'object')).toEqual([]);
  });

  it('a robot in a room knows only that room and its floor until it looks around', () => {
    const inRoom = world.copy();
    const room = nodesOfKind(world, 'room')[0]!;
    inRoom.dropEdge(inRoom.outEdges('robot')[0]!);
    inRoom.addDirectedEdge('robot', room, { kind: 'at' });
    const belief = unknownBuilding(inRoom)!;
    expect(belief.nodes().sort()).toEqual(['floor_1', 'robot', room].sort());
  });

  it('a robot that has moved since the scene was made stands where it is now, and knows that room', () => {
    const room = nodesOfKind(world, 'room')[0]!;
    const belief = unknownBuilding(world, { at: room })!;
    expect(agentLocation(belief)).toBe(room);
    expect(belief.nodes().sort()).toEqual(['floor_1', 'robot', room].sort());
    expect(unknownBuilding(world, { at: 'nowhere' })).toBeUndefined();
  });

  it('with the floor plan, knows every place and way but no asset', () => {
    const belief = unknownBuilding(world, { floorPlan: true })!;
    expect(nodesOfKind(belief, 'room')).toEqual(nodesOfKind(world, 'room'));
    expect(nodesOfKind(belief, 'pose')).toEqual(nodesOfKind(world, 'pose'));
    expect(nodesOfKind(belief, 'asset')).toEqual([]);
  });

  it('sees a limited number of corridor poses when asked, and never past another room', () => {
    const { places, passages } = placesAround(world, 'pose_f1_r2_p0', 1);
    expect(places.map((place) => place.id).sort()).toEqual(
      [
        'floor_1',
        nodesOfKind(world, 'room').find((room) => room.endsWith('_f1_r2'))!,
        'pose_f1_r1_p0',
        'pose_f1_r2_p0',
        'pose_f1_r3_p0',
      ].sort(),
    );
    expect(passages).toHaveLength(3);
    for (const passage of passages)
      expect({ kind: 'navigation', distance: passage.distance }).toEqual(
        world.getEdgeAttributes(world.undirectedEdge(passage.source, passage.target)!),
      );
  });
});
