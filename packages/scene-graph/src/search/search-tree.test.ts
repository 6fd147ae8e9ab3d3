import { describe, expect, it } from 'vitest';
import { generateScene, generateSceneFile } from '../generate/generate-scene.js';
import { buildSceneGraph } from '../model/scene-graph.js';
import { datasetScene } from '../test-support/datasets.js';
import { countTokens } from '../tokens/count-tokens.js';
import { GROUP_SIZE } from './nested-tree.js';
import { roomsOfGroup, searchTree } from './search-tree.js';
import { collapse, contract, expand, isVisible, renderView, visibleGroups, visibleNodes } from './view.js';
import type { View } from './visible.js';

// 10 floors of 37 rooms: ten times the office's rooms, too many to list in one prompt.
const large = generateScene({ seed: 5, floors: 10, roomsPerFloor: 37, assetsPerRoom: 2, objectsPerAsset: 2 });
const rooms = large.filterNodes((_id, attributes) => attributes.kind === 'room');

function open(view: View, id: string): View {
  const next = expand(large, view, id);
  if (!next.ok) throw new Error(next.error);
  return next.value;
}

function shownIn(view: View): { kind: string; id: string }[] {
  return (JSON.parse(renderView(large, view)) as { nodes: { id: string; kind: string }[] }).nodes;
}

describe('the search tree of a large building', () => {
  it('starts from a few groups of floors, no room in sight, whatever the building holds', () => {
    const view = collapse(large);
    expect(searchTree(large).flat).toBe(false);
    expect(visibleNodes(large, view).filter((id) => rooms.includes(id))).toEqual([]);
    expect(visibleGroups(large, view).length).toBeLessThanOrEqual(GROUP_SIZE);
    expect(countTokens(renderView(large, view))).toBeLessThan(400);
  });

  it('reaches every room by opening a floor, then groups of at most GROUP_SIZE, never showing more', () => {
    const room = rooms[123]!;
    const path: string[] = [];
    for (
      let up = searchTree(large).parents.get(room);
      up !== undefined;
      up = searchTree(large).parents.get(up)
    )
      path.unshift(up);
    let view = collapse(large);
    for (const id of path) {
      expect(isVisible(large, view, id)).toBe(true);
      const before = new Set([...visibleNodes(large, view), ...visibleGroups(large, view)]);
      view = open(view, id);
      const revealed = [...visibleNodes(large, view), ...visibleGroups(large, view)].filter(
        (n) => !before.has(n),
      );
      expect(revealed.length).toBeLessThanOrEqual(GROUP_SIZE);
    }
    expect(isVisible(large, view, room)).toBe(true);
    expect(visibleNodes(large, view)).toContain(room);
    expect(open(view, room).expanded).toContain(room); // and the room opens as in a small building
  });

  it('groups neighbours along the corridor, and says what rooms each group holds', () => {
    const floor = open(open(collapse(large), 'scene:part1'), 'floor_1');
    const groups = shownIn(floor).filter((node) => node.kind === 'group');
    expect(groups.length).toBeGreaterThan(1);
    const first = roomsOfGroup(large, groups[0]!.id);
    // Generated rooms r0, r1 face each other at the corridor's start, r2, r3 next, ...: a group
    // is a run of neighbours, so its rooms' numbers are close together.
    const numbers = first.map((id) => Number(/_r(\d+)$/.exec(id)![1]));
    expect(Math.max(...numbers) - Math.min(...numbers)).toBeLessThan(2 * GROUP_SIZE);
    expect(
      JSON.parse(renderView(large, floor)).nodes.find((n: { id: string }) => n.id === groups[0]!.id),
    ).toEqual({
      id: groups[0]!.id,
      kind: 'group',
      attributes: { rooms: first.length, room_types: expect.stringMatching(/^[a-z_]+ \d+/) },
    });
  });

  it('contracting a floor hides its groups and rooms, and anything opened beneath', () => {
    const top = open(collapse(large), 'scene:part1');
    const floor = open(top, 'floor_2');
    const group = visibleGroups(large, floor).find((id) => id.startsWith('floor_2:'))!;
    const deep = open(floor, group);
    const back = contract(large, deep, 'floor_2');
    expect(back.ok && back.value.expanded).toEqual(['scene:part1']);
    expect(back.ok && visibleGroups(large, back.value)).toEqual(visibleGroups(large, top));
  });

  it('takes regions the scene names (a room attribute) as groups', () => {
    const file = generateSceneFile({
      seed: 5,
      floors: 1,
      roomsPerFloor: 80,
      assetsPerRoom: 1,
      objectsPerAsset: 1,
    });
    for (const node of file.nodes)
      if (node.kind === 'room') {
        const r = Number(/_r(\d+)$/.exec(node.id)![1]);
        node.attributes = { ...node.attributes, region: r < 40 ? 'east wing' : 'west wing' };
      }
    const graph = buildSceneGraph(file);
    const floor = expand(graph, collapse(graph), 'floor_1');
    expect(floor.ok && visibleGroups(graph, floor.value)).toEqual(['floor_1:east_wing', 'floor_1:west_wing']);
    expect(roomsOfGroup(graph, 'floor_1:east_wing')).toHaveLength(40);
  });

  it('says which node to open first when the model names a room it cannot see yet', () => {
    const result = expand(large, collapse(large), rooms[0]!);
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/is not visible in the current view; expand "scene:part\d" first$/),
    });
  });
});

describe('the office and the home', () => {
  it('keep the flat view: every room shown from the start, floors not to be expanded', async () => {
    for (const name of ['office', 'home'] as const) {
      const scene = await datasetScene(name);
      expect(searchTree(scene).flat).toBe(true);
      const officeRooms = scene.filterNodes((_id, attributes) => attributes.kind === 'room');
      expect(visibleNodes(scene, collapse(scene))).toEqual(expect.arrayContaining(officeRooms));
      expect(visibleGroups(scene, collapse(scene))).toEqual([]);
    }
  });
});
