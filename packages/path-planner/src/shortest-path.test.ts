import { generateScene, type SceneGraph } from '@groundplan/scene-graph';
import fc from 'fast-check';
import { dijkstra } from 'graphology-shortest-path';
import { describe, expect, it } from 'vitest';
import { shortestPath } from './shortest-path.js';
import { office } from './test-support/office.js';
import {
  navigationLayer,
  navigationNodes,
  type RandomSceneShape,
  randomScene,
  seededRandom,
} from './test-support/random-navigation.js';

const shapes: RandomSceneShape[] = [
  {
    floors: 1,
    roomsPerFloor: 8,
    posesPerFloor: 20,
    extraLinksPerFloor: 15,
    stairsChance: 1,
    connectedFloors: true,
    distances: 'derived',
  },
  {
    floors: 3,
    roomsPerFloor: 6,
    posesPerFloor: 15,
    extraLinksPerFloor: 10,
    stairsChance: 0.6,
    connectedFloors: true,
    distances: 'stretched',
  },
  {
    floors: 2,
    roomsPerFloor: 10,
    posesPerFloor: 25,
    extraLinksPerFloor: 4,
    stairsChance: 0.5,
    connectedFloors: false,
    distances: 'free',
  },
  {
    floors: 4,
    roomsPerFloor: 5,
    posesPerFloor: 12,
    extraLinksPerFloor: 2,
    stairsChance: 0.5,
    connectedFloors: false,
    distances: 'derived',
  },
];

/** Sums the navigation edge distances along a path, failing on a step that is not a navigation edge. */
function walkLength(graph: SceneGraph, path: readonly string[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const edge = graph.undirectedEdge(path[i - 1]!, path[i]!);
    expect(edge, `${path[i - 1]} - ${path[i]} is a navigation edge`).toBeDefined();
    const attributes = graph.getEdgeAttributes(edge!);
    expect(attributes.kind).toBe('navigation');
    if (attributes.kind === 'navigation') total += attributes.distance;
  }
  return total;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('shortestPath against graphology-shortest-path', () => {
  it('finds the same lengths, and the same unreachable pairs, on 1,200 random queries', () => {
    let reachable = 0;
    let unreachable = 0;
    let queries = 0;
    for (let s = 0; s < 24; s++) {
      const graph = randomScene(1000 + s, shapes[s % shapes.length]!);
      const layer = navigationLayer(graph);
      const nodes = navigationNodes(graph);
      const random = seededRandom(s);
      for (let q = 0; q < 50; q++) {
        const from = nodes[Math.floor(random() * nodes.length)]!;
        const to = nodes[Math.floor(random() * nodes.length)]!;
        const expected = dijkstra.bidirectional(layer, from, to, 'distance') as string[] | null;
        for (const algorithm of ['dijkstra', 'astar', 'auto'] as const) {
          const ours = shortestPath(graph, from, to, { algorithm });
          if (expected === null) {
            expect(ours.ok, `${from} -> ${to} is unreachable`).toBe(false);
          } else {
            expect(ours.ok, `${from} -> ${to} is reachable`).toBe(true);
            if (ours.ok) expect(close(ours.value.length, walkLength(graph, expected))).toBe(true);
          }
        }
        queries++;
        if (expected === null) unreachable++;
        else reachable++;
      }
    }
    expect(queries).toBeGreaterThanOrEqual(1000);
    expect(reachable).toBeGreaterThan(300);
    expect(unreachable).toBeGreaterThan(100);
  });
});

describe('shortestPath against graphology-shortest-path on generated scenes', () => {
  it('agrees on scenes from generateScene, whole and with navigation edges cut', () => {
    let unreachable = 0;
    for (let seed = 0; seed < 6; seed++) {
      const graph = generateScene({
        seed,
        floors: 3,
        roomsPerFloor: 12,
        assetsPerRoom: 2,
        objectsPerAsset: 1,
        posesPerRoom: 2,
      });
      const random = seededRandom(seed);
      if (seed % 2 === 1) {
        const navigation = graph.filterUndirectedEdges(
          (_edge, attributes) => attributes.kind === 'navigation',
        );
        for (const edge of navigation) if (random() < 0.08) graph.dropEdge(edge);
      }
      const layer = navigationLayer(graph);
      const nodes = navigationNodes(graph);
      for (let q = 0; q < 40; q++) {
        const from = nodes[Math.floor(random() * nodes.length)]!;
        const to = nodes[Math.floor(random() * nodes.length)]!;
        const expected = dijkstra.bidirectional(layer, from, to, 'distance') as string[] | null;
        const ours = shortestPath(graph, from, to);
        expect(ours.ok).toBe(expected !== null);
        if (ours.ok && expected !== null)
          expect(close(ours.value.length, walkLength(graph, expected))).toBe(true);
        if (expected === null) unreachable++;
      }
    }
    expect(unreachable).toBeGreaterThan(20);
  });
});

describe('shortestPath properties', () => {
  const scene = fc.record({
    seed: fc.nat(),
    shape: fc.constantFrom(...shapes),
    picks: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
  });

  it('returns a walk along navigation edges whose distances sum to its length', () => {
    fc.assert(
      fc.property(scene, ({ seed, shape, picks }) => {
        const graph = randomScene(seed, shape);
        const nodes = navigationNodes(graph);
        const [from, to] = picks.map((p) => nodes[p % nodes.length]!);
        const route = shortestPath(graph, from!, to!);
        if (!route.ok) return;
        expect(route.value.path[0]).toBe(from);
        expect(route.value.path.at(-1)).toBe(to);
        expect(close(walkLength(graph, route.value.path), route.value.length)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('obeys the triangle inequality d(a,c) <= d(a,b) + d(b,c)', () => {
    fc.assert(
      fc.property(scene, ({ seed, shape, picks }) => {
        const graph = randomScene(seed, shape);
        const nodes = navigationNodes(graph);
        const [a, b, c] = picks.map((p) => nodes[p % nodes.length]!);
        const ab = shortestPath(graph, a!, b!);
        const bc = shortestPath(graph, b!, c!);
        const ac = shortestPath(graph, a!, c!);
        if (ab.ok && bc.ok) {
          expect(ac.ok).toBe(true);
          if (ac.ok) expect(ac.value.length).toBeLessThanOrEqual(ab.value.length + bc.value.length + 1e-9);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is symmetric, since navigation edges are undirected', () => {
    fc.assert(
      fc.property(scene, ({ seed, shape, picks }) => {
        const graph = randomScene(seed, shape);
        const nodes = navigationNodes(graph);
        const [a, b] = picks.map((p) => nodes[p % nodes.length]!);
        const there = shortestPath(graph, a!, b!);
        const back = shortestPath(graph, b!, a!);
        expect(back.ok).toBe(there.ok);
        if (there.ok && back.ok) expect(close(there.value.length, back.value.length)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});

describe('shortestPath on the office', () => {
  it('climbs the stairs from the lobby to the meeting room', () => {
    expect(shortestPath(office(), 'lobby', 'meeting_room1')).toEqual({
      ok: true,
      value: {
        path: ['lobby', 'pose0', 'pose1', 'pose2', 'pose3', 'pose4', 'meeting_room1'],
        length: 5 + 5 + 5 + 6 + 5 + 5,
      },
    });
  });

  it('is the single node and length 0 from a place to itself', () => {
    expect(shortestPath(office(), 'kitchen', 'kitchen')).toEqual({
      ok: true,
      value: { path: ['kitchen'], length: 0 },
    });
  });

  it('goes to the room of an asset or object: the fridge means the kitchen', () => {
    const toFridge = shortestPath(office(), 'pose0', 'fridge');
    const toBanana = shortestPath(office(), 'pose0', 'banana');
    expect(toFridge).toEqual({ ok: true, value: { path: ['pose0', 'pose1', 'kitchen'], length: 10 } });
    expect(toBanana).toEqual(toFridge);
  });

  it('starts from where the agent is when asked from the agent or an object it holds', () => {
    expect(shortestPath(office(), 'robot', 'kitchen')).toEqual(shortestPath(office(), 'pose0', 'kitchen'));
    expect(shortestPath(office(), 'mug', 'kitchen')).toEqual(shortestPath(office(), 'pose0', 'kitchen'));
  });

  it('uses A* on this scene and agrees with Dijkstra', () => {
    const graph = office();
    for (const to of ['kitchen', 'manipulation_lab', 'lobby']) {
      expect(shortestPath(graph, 'pose0', to, { algorithm: 'astar' })).toEqual(
        shortestPath(graph, 'pose0', to, { algorithm: 'dijkstra' }),
      );
    }
  });
});

describe('unreachable places are values with a reason', () => {
  it('names a node the scene does not have', () => {
    const result = shortestPath(office(), 'lobby', 'ballroom');
    expect(result).toEqual({
      ok: false,
      error: {
        reason: 'unknown_node',
        node: 'ballroom',
        message:
          'there is no node "ballroom" in the scene; use the id of a room, pose, asset or object that exists',
      },
    });
  });

  it('says a floor is no place to go to and suggests its rooms', () => {
    const result = shortestPath(office(), 'lobby', 'floor1');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe('not_a_place');
      expect(result.error.message).toBe(
        'floor1 is a floor, not a place the robot can go to; go to one of its rooms instead (for example meeting_room1, manipulation_lab)',
      );
    }
  });

  it('explains that floors are not connected by stairs', () => {
    const result = shortestPath(office(), 'pose3', 'bedroom2');
    expect(result).toEqual({
      ok: false,
      error: {
        reason: 'disconnected',
        from: 'pose3',
        to: 'bedroom2',
        message:
          'no path from pose3 on floor1 to bedroom2 on floor2: the floors are not connected by stairs (from pose3 the robot can reach floor0 and floor1 only)',
      },
    });
  });

  it('names the room an asset stands for when explaining', () => {
    const result = shortestPath(office(), 'kitchen', 'extinguisher3');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe(
        'no path from kitchen on floor0 to extinguisher3 (in bedroom2) on floor2: the floors are not connected by stairs (from kitchen the robot can reach floor0 and floor1 only)',
      );
    }
  });

  it('explains a room without navigation edges', () => {
    const result = shortestPath(office(), 'lobby', 'storage');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe(
        'no path from lobby on floor0 to storage on floor0: storage has no navigation edges, so nothing leads to it',
      );
    }
  });

  it('explains a floor split in parts', () => {
    const graph = office();
    graph.dropEdge(graph.undirectedEdge('pose0', 'pose1')!);
    const result = shortestPath(graph, 'lobby', 'kitchen');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe(
        "no path from lobby on floor0 to kitchen on floor0: the navigation layer on floor0 is split in parts and no navigation edge joins lobby's part to kitchen's",
      );
    }
  });

  it('says when the agent has no known location', () => {
    const graph = office();
    graph.dropEdge(graph.directedEdge('robot', 'pose0')!);
    const result = shortestPath(graph, 'robot', 'kitchen');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.reason).toBe('no_agent_location');
  });
});
