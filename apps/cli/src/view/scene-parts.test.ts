import {
  generateScene,
  roomsOfGroup,
  type SceneGraph,
  sceneRef,
  sceneToFile,
  searchTree,
} from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { route, type ViewSources } from './routes.js';
import type { RunReader } from './run-data.js';
import { shownByRun } from './run-shown.js';
import { groupPart, sceneData } from './scene-parts.js';
import { searchStepViews } from './search-steps.js';
import type { GroupData, RunData, SceneData, ScenePart } from './view-data.js';

// 10 floors of 37 rooms: a building the search nests (floors, then groups of rooms).
const large = generateScene({ seed: 5, floors: 10, roomsPerFloor: 37, assetsPerRoom: 2, objectsPerAsset: 2 });
const ref = sceneRef(large);
const kinds = (graph: SceneGraph, ids: readonly string[]) =>
  ids.map((id) => graph.getNodeAttribute(id, 'kind'));

/** Opens every group from the top down, as a reader clicking each would: what each adds. */
function openAll(graph: SceneGraph, top: GroupData[]): ScenePart[] {
  const parts: ScenePart[] = [];
  const queue = [...top];
  while (queue.length > 0) {
    const part = groupPart(graph, queue.shift()!.id);
    if (!part.ok) throw new Error(part.error);
    parts.push(part.value);
    queue.push(...part.value.groups);
  }
  return parts;
}

describe('a large building, drawn by its search tree', () => {
  it('sends the top only: every floor, the agent where it stands, the groups right under each floor with their gloss; no room', () => {
    const { scene, grouped } = sceneData(large, ref);
    const tree = searchTree(large);
    expect(grouped?.ref).toBe(ref);
    expect(
      kinds(
        large,
        scene.nodes.map((node) => node.id),
      ).sort(),
    ).toEqual(['agent', ...Array(10).fill('floor'), 'pose']);
    const floors = large.filterNodes((_id, attributes) => attributes.kind === 'floor');
    // Exactly the floors' children in the search tree, glossed as the search's view glosses them.
    expect(grouped?.groups.map((group) => group.id).sort()).toEqual(
      floors.flatMap((floor) => tree.children.get(floor)!).sort(),
    );
    for (const group of grouped!.groups) {
      const inTree = tree.groups.get(group.id)!;
      expect(group).toMatchObject({ parent: inTree.parent, floor: inTree.parent, rooms: inTree.rooms });
      expect(group.roomTypes).toBe(inTree.roomTypes);
      expect(group.rooms).toBe(roomsOfGroup(large, group.id).length);
    }
    expect(grouped?.opened).toEqual([]);
    // Every edge sent joins two nodes sent: the page builds a valid graph from it.
    const sent = new Set(scene.nodes.map((node) => node.id));
    for (const edge of scene.edges) expect(sent.has(edge.source) && sent.has(edge.target)).toBe(true);
  });

  it('opens a group to its sub-groups or rooms, each room with everything in it and the poses beside it', () => {
    const { grouped } = sceneData(large, ref);
    const parts = openAll(large, grouped!.groups);
    const tree = searchTree(large);
    for (const part of parts) {
      const members = tree.children.get(part.group)!;
      const rooms = part.nodes.filter((node) => node.kind === 'room').map((node) => node.id);
      expect([...part.groups.map((group) => group.id), ...rooms].sort()).toEqual([...members].sort());
      for (const room of rooms)
        for (const id of [...large.outNeighbors(room)]) expect(part.nodes.map((n) => n.id)).toContain(id);
      // Its edges touch its nodes (the page keeps those whose other end it has).
      const own = new Set(part.nodes.map((node) => node.id));
      for (const edge of part.edges) expect(own.has(edge.source) || own.has(edge.target)).toBe(true);
    }
    // Opened all the way down, the groups hold every room of the building exactly once.
    const rooms = parts.flatMap((part) =>
      part.nodes.filter((node) => node.kind === 'room').map((node) => node.id),
    );
    expect(rooms.length).toBe(370);
    expect(new Set(rooms).size).toBe(370);
    // And every node of the building but a few corridor poses is drawn by then.
    const drawn = new Set(
      [...sceneData(large, ref).scene.nodes, ...parts.flatMap((p) => p.nodes)].map((n) => n.id),
    );
    const missing = large.filterNodes((id) => !drawn.has(id));
    expect(kinds(large, missing).every((kind) => kind === 'pose')).toBe(true);
  });

  it('opens, for a run, the groups its search expanded and those its route and plan lie in', () => {
    const tree = searchTree(large);
    const [floor] = large.filterNodes((_id, attributes) => attributes.kind === 'floor').sort();
    const outer = tree.children.get(floor!)!.at(-1)!;
    const room = roomsOfGroup(large, outer)[0]!;
    const asset = large.outNeighbors(room)[0]!;
    const { scene, grouped } = sceneData(large, ref, { nodes: [asset, 'stairs_f3'], open: [] });
    // The group the asset's room is in, and the one above it, in that order.
    const path: string[] = [];
    for (let up = tree.parents.get(room); up !== floor; up = tree.parents.get(up!)) path.unshift(up!);
    expect(grouped!.opened.map((part) => part.group)).toEqual(path);
    expect(grouped!.opened.at(-1)!.nodes.map((node) => node.id)).toContain(asset);
    // A corridor pose in no room's reach is sent on its own.
    expect(scene.nodes.map((node) => node.id)).toContain('stairs_f3');
    const expanded = tree.children.get(floor!)![0]!;
    const byOpen = sceneData(large, ref, { nodes: [], open: [expanded] });
    expect(byOpen.grouped!.opened.map((part) => part.group)).toEqual([expanded]);
  });

  it("draws a run's search by its groups: the groups a step expanded are in its view and open on the page", () => {
    const tree = searchTree(large);
    const floorGroup = tree.roots.find((id) => tree.children.get(id)?.includes('floor_1'))!;
    const group = tree.children.get('floor_1')![0]!;
    const trace = [floorGroup, 'floor_1', group].map((node, step) => ({
      step,
      command: 'expand' as const,
      node,
      reasoning: '',
      viewTokens: 100,
    }));
    const search = searchStepViews(large, trace);
    expect(search.map((step) => step.error)).toEqual([undefined, undefined, undefined]);
    // Each step's view names the groups it shows; the last one shows the group's rooms.
    expect(search[1]!.visible).toContain(group);
    const rooms = roomsOfGroup(large, group);
    for (const room of rooms) expect(search[2]!.visible).toContain(room);
    const run = { search, route: [], touched: [], revealed: {} } as unknown as RunData;
    const { grouped } = sceneData(large, ref, shownByRun(run));
    expect(grouped!.opened.map((part) => part.group)).toEqual([group]);
    expect(
      grouped!.opened[0]!.nodes.filter((node) => node.kind === 'room')
        .map((node) => node.id)
        .sort(),
    ).toEqual([...rooms].sort());
  });

  it('sends a 3,700-room building as a few dozen nodes, not tens of thousands', () => {
    const huge = generateScene({
      seed: 1,
      floors: 10,
      roomsPerFloor: 370,
      assetsPerRoom: 1,
      objectsPerAsset: 1,
    });
    const { scene, grouped } = sceneData(huge, 'sha256:huge');
    expect(huge.order).toBeGreaterThan(14_000);
    expect(scene.nodes.length).toBeLessThan(20);
    expect(scene.nodes.filter((node) => node.kind === 'room')).toEqual([]);
    // 370 rooms a floor: 6 groups of at most 64 rooms, each of groups of 8.
    expect(grouped!.groups.length).toBe(60);
    expect(grouped!.groups[0]!.rooms).toBe(64);
    expect(JSON.stringify({ scene, grouped }).length).toBeLessThan(30_000);
  });
});

describe('the office and the home, drawn whole as before', () => {
  it('sends the scene file itself, with no groups', async () => {
    for (const name of ['office', 'home'] as const) {
      const scene = await datasetScene(name);
      expect(sceneData(scene, sceneRef(scene))).toEqual({ scene: sceneToFile(scene) });
      expect(groupPart(scene, `${scene.nodes()[0]}`)).toEqual({
        ok: false,
        error: `scene ${scene.getAttribute('name')} is drawn whole: it has no groups of rooms`,
      });
    }
  });
});

describe('the route to open a group', () => {
  const unreachable = async (): Promise<never> => {
    throw new Error('the reader was asked');
  };
  const reader = {
    run: unreachable,
    scene: unreachable,
    list: unreachable,
    steer: unreachable,
  } satisfies RunReader;
  const sources: ViewSources = { script: '', scene: large, runs: reader };
  const get = async (path: string) => {
    const reply = await route('GET', path, '', sources);
    return {
      status: reply.status,
      body: JSON.parse(reply.body) as SceneData & ScenePart & { error?: string },
    };
  };
  let first: GroupData;

  beforeAll(async () => {
    const top = await get('/api/scene');
    expect(top.status).toBe(200);
    expect(top.body.grouped?.ref).toBe(ref);
    first = top.body.grouped!.groups[0]!;
  });

  it('answers a group of the scene it drew with what opening it adds', async () => {
    const reply = await get(`/api/scene/${encodeURIComponent(ref)}/group/${encodeURIComponent(first.id)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.group).toBe(first.id);
    expect(reply.body).toEqual(
      JSON.parse(JSON.stringify((groupPart(large, first.id) as { value: object }).value)),
    );
  });

  it('refuses a hostile, unknown or malformed id or reference in one line of JSON', async () => {
    const at = (id: string, sceneRefText = encodeURIComponent(ref)) =>
      `/api/scene/${sceneRefText}/group/${id}`;
    const refused: [string, number, RegExp][] = [
      [at('__proto__'), 404, /^groundplan: no group '__proto__' of rooms in scene /],
      [at('constructor'), 404, /^groundplan: no group 'constructor' of rooms/],
      [at('floor_1'), 404, /^groundplan: no group 'floor_1' of rooms/],
      [at('nowhere%3Apart1'), 404, /^groundplan: no group 'nowhere:part1' of rooms/],
      [at('%E0%A4%A'), 400, /^groundplan: the scene reference or group id is not valid percent-encoding$/],
      [at('x'.repeat(201)), 400, /^groundplan: a group id is at most 200 characters$/],
      [at(first.id, '..%2F..%2Fetc'), 400, /^groundplan: '..\/..\/etc' is not a scene reference/],
      [
        at(first.id, `sha256:${'0'.repeat(64)}`),
        404,
        /^groundplan: this view has drawn no scene sha256:0+; reload/,
      ],
    ];
    for (const [path, status, error] of refused) {
      const reply = await route('GET', path, '', sources);
      expect([path, reply.status]).toEqual([path, status]);
      expect(reply.type).toContain('application/json');
      expect(reply.body.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(reply.body).error).toMatch(error);
    }
  });
});
