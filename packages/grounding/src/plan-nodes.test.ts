import type { SceneGraph } from '@groundplan/scene-graph';
import { initialState, parseGoals, type SimState } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildingNodes, exploredRoomNodes, planNodes } from './plan-nodes.js';
import { datasetScene } from './test-support/datasets.js';

let office: SceneGraph;
let start: SimState;
beforeAll(async () => {
  office = await datasetScene('office');
  const state = initialState(office);
  if (!state.ok) throw new Error(state.error);
  start = state.value;
});

const goals = (texts: string[]) => {
  const parsed = parseGoals(texts);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

describe('the nodes a plan needs', () => {
  it('a placement needs the object, the target and what holds each, up to their rooms', () => {
    const nodes = planNodes(office, start, goals(['on(printed_document, wills_desk)']));
    expect(nodes).toEqual(expect.arrayContaining(['printed_document', 'wills_desk', 'wills_office']));
    expect(nodes).toContain(office.inNeighbors('printed_document')[0]);
    expect(nodes.length).toBeLessThan(8);
  });

  it('heating needs the container the food is in and the microwave', () => {
    const nodes = planNodes(office, start, goals(['state(chicken_kebab, temperature, hot)']));
    expect(nodes).toEqual(expect.arrayContaining(['chicken_kebab', 'fridge', 'microwave', 'kitchen']));
  });

  it('what the agent holds, which a plan that needs the gripper puts down first', () => {
    const held = start.holding;
    expect(held).toBe('coke_can');
    const nodes = planNodes(office, start, goals(['on(nikos_mug, nikos_desk)']));
    expect(nodes).toContain('coke_can');
    // Where it can go down when every goal node is a closed container: an open surface in their room.
    const closed = planNodes(office, start, goals(['inside(fork_2, cutlery_drawer)']));
    const surfaces = closed.filter(
      (id) =>
        office.getNodeAttribute(id, 'kind') === 'asset' &&
        !Object.hasOwn(office.getNodeAttribute(id, 'state') ?? {}, 'door'),
    );
    expect(surfaces.length).toBeGreaterThan(0);
  });
});

describe('the nodes of the explored rooms', () => {
  it('a room expanded, or an asset in it, gives the room with everything in it and nothing elsewhere', () => {
    const byRoom = exploredRoomNodes(office, { expanded: ['wills_office'] });
    const byAsset = exploredRoomNodes(office, { expanded: ['wills_desk'] });
    expect(byAsset).toEqual(byRoom);
    expect(byRoom).toEqual(expect.arrayContaining(['wills_office', 'wills_desk', 'printed_document_2']));
    const objects = byRoom.filter((id) => office.getNodeAttribute(id, 'kind') === 'object');
    expect(objects.length).toBeGreaterThan(1);
    expect(byRoom).not.toContain('kitchen');
    expect(
      byRoom.every((id) => id === 'wills_office' || office.getNodeAttribute(id, 'kind') !== 'room'),
    ).toBe(true);
  });

  it('an id the scene does not have adds nothing', () => {
    expect(exploredRoomNodes(office, { expanded: ['__proto__', 'no_such_room'] })).toEqual([]);
  });
});

describe('the nodes of the whole building', () => {
  it('every room, asset and object, and no floor, pose or agent', () => {
    const all = buildingNodes(office);
    const kinds = new Set(all.map((id) => office.getNodeAttribute(id, 'kind')));
    expect([...kinds].sort()).toEqual(['asset', 'object', 'room']);
    expect(all).toEqual(
      expect.arrayContaining(exploredRoomNodes(office, { expanded: ['wills_office', 'kitchen'] })),
    );
  });
});
