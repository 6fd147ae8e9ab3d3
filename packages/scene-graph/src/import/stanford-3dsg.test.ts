import { describe, expect, it } from 'vitest';
import { parentOf } from '../model/queries.js';
import { formatImportNotes } from './import-report.js';
import { importStanford3dsg } from './stanford-3dsg.js';

// Written by us in the layout of a Stanford 3D Scene Graph `output` dictionary (the dataset
// itself is under a non-commercial licence and never used here): two floors, three rooms, objects
// with and without `pick up`, an object whose parent_room is unknown, and a camera.
function building(overrides: { room?: Record<string, unknown>; object?: Record<string, unknown> } = {}) {
  return {
    building: {
      id: 1,
      name: 'Testville',
      function: 'residential',
      num_floors: 2,
      floor_area: 120.5,
      size: [10, 10, 6],
      voxel_size: 0.1,
      voxel_centers: [[0, 0, 0]],
    },
    room: {
      1: {
        id: 1,
        scene_category: 'kitchen',
        floor_number: 'A',
        location: [0, 0, 1],
        size: [4, 4, 2.5],
        volume: 40,
        parent_building: 1,
        floor_area: 16,
      },
      2: {
        id: 2,
        scene_category: 'living_room',
        floor_number: 'A',
        location: [4.2, 0, 1],
        size: [4, 4, 2.5],
        volume: 40,
        parent_building: 1,
      },
      3: {
        id: 3,
        scene_category: 'bedroom',
        floor_number: 'B',
        location: [0, 0, 4],
        size: [4, 4, 2.5],
        volume: 40,
        parent_building: 1,
      },
      ...overrides.room,
    },
    object: {
      1: {
        id: 1,
        class_: 'bottle',
        action_affordance: ['pick up', 'drink from', 'clean'],
        material: ['plastic'],
        location: [0.5, 0, 1],
        size: [0.1, 0.1, 0.3],
        parent_room: 1,
        tactile_texture: null,
        visual_texture: 'smooth',
        volume: 0.003,
      },
      2: {
        id: 2,
        class_: 'refrigerator',
        action_affordance: ['open', 'close', 'clean'],
        material: ['metal'],
        location: [-1, 0, 1],
        size: [1, 1, 2],
        parent_room: 1,
      },
      3: {
        id: 3,
        class_: 'couch',
        action_affordance: ['sit on', 'lie on'],
        material: ['fabric', 'wood'],
        location: [4, 0, 0.5],
        size: [2, 1, 1],
        parent_room: 2,
      },
      4: {
        id: 4,
        class_: 'book',
        action_affordance: ['pick up', 'read'],
        location: [0.2, 0.1, 4],
        size: [0.2, 0.1, 0.3],
        parent_room: 0,
      },
      ...overrides.object,
    },
    camera: { 1: { id: 1, name: 'p0', FOV: 1.04, location: [0, 0, 1.5], modality: 'RGB', parent_room: 1 } },
  };
}
const options = { file: '3DSceneGraph_Testville.json', name: 'Testville' };

describe('importStanford3dsg', () => {
  const imported = importStanford3dsg(JSON.stringify(building()), options);
  if (!imported.ok) throw new Error(imported.error);
  const { graph, notes } = imported.value;

  it('builds building > floors > rooms > assets and objects', () => {
    expect(parentOf(graph, 'floor_A')).toEqual({ parent: 'building_Testville' });
    expect(parentOf(graph, 'floor_B')).toEqual({ parent: 'building_Testville' });
    expect(parentOf(graph, 'kitchen_1')).toEqual({ parent: 'floor_A' });
    expect(parentOf(graph, 'bedroom_3')).toEqual({ parent: 'floor_B' });
    expect(graph.getNodeAttribute('bottle_1', 'kind')).toBe('object');
    expect(graph.getNodeAttribute('bottle_1', 'affordances')).toEqual(['pickup']);
    expect(graph.getNodeAttribute('refrigerator_2', 'kind')).toBe('asset');
    expect(graph.getNodeAttribute('couch_3', 'attributes')).toMatchObject({
      class: 'couch',
      material: 'fabric, wood',
      actions: 'sit on, lie on',
    });
  });

  it('puts an object with an unknown parent_room in the nearest room', () => {
    expect(parentOf(graph, 'book_4')).toEqual({ parent: 'bedroom_3' });
  });

  it('links touching rooms on a floor and consecutive floors, saying each guess', () => {
    const navigation = graph
      .filterEdges((_e, a) => a.kind === 'navigation')
      .map((e) => graph.extremities(e).sort().join(' '));
    expect(navigation.sort()).toEqual(['bedroom_3 kitchen_1', 'kitchen_1 living_room_2']);
    expect(formatImportNotes(notes).sort()).toEqual(
      [
        'added 2 floors, one per floor_number of the rooms',
        'kept 2 objects that can be picked up (movable objects)',
        'kept 2 objects that cannot be picked up (assets)',
        'resolved 1 objects with no known parent_room: put in the nearest room',
        'dropped 1 cameras (no groundplan counterpart)',
        'added 1 navigation edges between rooms whose boxes touch',
        'added 1 navigation edges between consecutive floors at their closest rooms (stairs are not in the data)',
        'kept 1 scene without an agent (the dataset has no robot: add one before planning)',
      ].sort(),
    );
  });

  it('joins rooms on a floor that touch no other room to the nearest one', () => {
    const far = building({
      room: {
        5: { id: 5, scene_category: 'garage', floor_number: 'A', location: [30, 0, 1], size: [4, 4, 2.5] },
      },
    });
    const result = importStanford3dsg(JSON.stringify(far), options);
    if (!result.ok) throw new Error(result.error);
    expect(
      result.value.graph.hasEdge('garage_5', 'living_room_2') ||
        result.value.graph.hasEdge('living_room_2', 'garage_5'),
    ).toBe(true);
  });

  it('rejects two nodes that convert to the same id', () => {
    const clash = building({
      room: {
        1: { id: 1, scene_category: 'bottle', floor_number: 'A', location: [0, 0, 1], size: [4, 4, 2.5] },
      },
    });
    expect(importStanford3dsg(JSON.stringify(clash), options)).toEqual({
      ok: false,
      error: '3DSceneGraph_Testville.json: room["1"] and object["1"] both convert to the id bottle_1',
    });
  });

  it('rejects a VirtualHome graph and a truncated file', () => {
    const vh = '{"nodes": [{"id": 1, "class_name": "kitchen"}], "edges": []}';
    expect(importStanford3dsg(vh, options)).toEqual({
      ok: false,
      error:
        '3DSceneGraph_Testville.json is not a Stanford 3D Scene Graph: it looks like a VirtualHome environment graph (try `groundplan import virtualhome`)',
    });
    const cut = importStanford3dsg(JSON.stringify(building(), null, 1).slice(0, 120), options);
    expect(cut.ok).toBe(false);
    if (!cut.ok)
      expect(cut.error).toMatch(/^3DSceneGraph_Testville\.json:\d+:\d+: not valid JSON: .*truncated/);
  });
});
