import { readFileSync } from 'node:fs';
import Graph from 'graphology';
import { bidirectional } from 'graphology-shortest-path/dijkstra';
import { describe, expect, it } from 'vitest';
import {
  agentLocation,
  childrenOf,
  floorOf,
  heldObject,
  nodesOfKind,
  parentOf,
  parseScene,
  roomOf,
  type SceneGraph,
} from './index.js';

// The committed datasets and task requirements (datasets/src/build.ts writes them).
const datasets = new URL('../../../datasets/', import.meta.url);

function loadScene(name: string): SceneGraph {
  const parsed = parseScene(JSON.parse(readFileSync(new URL(`${name}.json`, datasets), 'utf8')));
  if (!parsed.ok) throw new Error(`${name}.json: ${JSON.stringify(parsed.error.slice(0, 5))}`);
  return parsed.value;
}

type Requirement = {
  id: string;
  environment: 'office' | 'home';
  required: string[];
  answer?: string[];
  match?: 'any' | 'all';
  at_least?: number;
  goal?: string[];
  notes?: string;
};
const { tasks } = JSON.parse(readFileSync(new URL('tasks/requirements.json', datasets), 'utf8')) as {
  tasks: Requirement[];
};
const task = (id: string) => tasks.find((t) => t.id === id)!;
const answer = (id: string) => [...(task(id).answer ?? [])].sort();

const office = loadScene('office');
const home = loadScene('home');
const scenes = { office, home };

function descendants(graph: SceneGraph, id: string): string[] {
  const found: string[] = [];
  const stack = childrenOf(graph, id);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    found.push(next);
    stack.push(...childrenOf(graph, next));
  }
  return found;
}
const has = (graph: SceneGraph, room: string, word: string) =>
  descendants(graph, room).some((d) => d.includes(word));
const rooms = (graph: SceneGraph, prefix: string) =>
  nodesOfKind(graph, 'room').filter((r) => r.startsWith(prefix));
const attributes = (graph: SceneGraph, id: string) => graph.getNodeAttribute(id, 'attributes') ?? {};
const state = (graph: SceneGraph, id: string) => graph.getNodeAttribute(id, 'state') ?? {};

/** Length in metres of the shortest route between two places over navigation edges only. */
function routeLength(graph: SceneGraph, from: string, to: string): number {
  const navigation = navigationLayer(graph);
  const path = bidirectional(navigation, from, to, 'distance');
  if (!path) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (let i = 1; i < path.length; i++)
    total += navigation.getEdgeAttribute(path[i - 1], path[i], 'distance') as number;
  return total;
}

const layers = new WeakMap<SceneGraph, Graph>();
function navigationLayer(graph: SceneGraph): Graph {
  const cached = layers.get(graph);
  if (cached) return cached;
  const navigation = new Graph({ type: 'undirected' });
  graph.forEachEdge((_e, a, source, target) => {
    if (a.kind !== 'navigation') return;
    navigation.mergeNode(source);
    navigation.mergeNode(target);
    navigation.addEdge(source, target, { distance: a.distance });
  });
  layers.set(graph, navigation);
  return navigation;
}

/** The candidates ordered by route length from a place, with a check that the first is strictly nearest. */
function nearest(graph: SceneGraph, from: string, candidates: string[]): string {
  const ranked = candidates
    .map((c) => ({ c, d: routeLength(graph, from, roomOf(graph, c)!) }))
    .sort((a, b) => a.d - b.d);
  expect(ranked[0]!.d, `a tie for the nearest to ${from}`).toBeLessThan(ranked[1]!.d);
  return ranked[0]!.c;
}

function goalNodeIds(predicate: string): string[] {
  const [, name, args] = /^(?:not )?(\w+)\((.*)\)$/.exec(predicate)!;
  const parts = args!.split(',').map((s) => s.trim());
  if (name === 'state') return parts.slice(0, 1);
  return parts.filter((p) => p !== 'nothing');
}

describe('the office and home datasets', () => {
  it("are valid scene files of the size of SayPlan's", () => {
    expect(nodesOfKind(office, 'room')).toHaveLength(37);
    expect(nodesOfKind(office, 'floor')).toHaveLength(1);
    expect(nodesOfKind(home, 'room')).toHaveLength(28);
    expect(nodesOfKind(home, 'floor')).toEqual(['floor0', 'floor1', 'floor2']);
    for (const graph of [office, home]) expect(nodesOfKind(graph, 'agent')).toHaveLength(1);
  });

  it('have every room the paper shows, reachable from where the robot starts', () => {
    const seen = {
      office: [
        'aarons_office',
        'ajays_office',
        'chris_office',
        'dimitys_office',
        'filipes_office',
        'jasons_office',
      ],
      home: ['bathroom4', 'bedroom3', 'closet1', 'dining_room2', 'home_office0', 'kitchen1', 'playroom0'],
    };
    for (const [name, graph] of Object.entries(scenes)) {
      for (const room of seen[name as keyof typeof seen]) expect(graph.hasNode(room)).toBe(true);
      const start = agentLocation(graph)!;
      for (const room of nodesOfKind(graph, 'room'))
        expect(routeLength(graph, start, room), `${name}: ${room}`).toBeLessThan(Number.POSITIVE_INFINITY);
    }
  });

  it('link the home floors only by stairs between hallway poses', () => {
    const stairs = home.filterEdges(
      (_e, a, s, t) => a.kind === 'navigation' && floorOf(home, s) !== floorOf(home, t),
    );
    expect(stairs.map((e) => home.extremities(e).sort().join(' - '))).toEqual([
      'pose_f0_0 - pose_f1_0',
      'pose_f1_0 - pose_f2_0',
    ]);
  });
});

describe('the task requirements', () => {
  it('cover all 90 SayPlan instructions', () => {
    const n = Array.from({ length: 15 }, (_, i) => String(i + 1).padStart(2, '0'));
    const expected = [
      ...['office', 'home'].flatMap((env) =>
        ['simple-search', 'complex-search'].flatMap((family) => n.map((k) => `${env}-${family}-${k}`)),
      ),
      ...['simple-planning', 'long-horizon-planning'].flatMap((family) =>
        n.map((k) => `office-${family}-${k}`),
      ),
    ];
    expect(tasks.map((t) => t.id).sort()).toEqual(expected.sort());
  });

  it('give search tasks answers and planning tasks goals', () => {
    for (const t of tasks) {
      if (t.id.includes('search')) expect(t.answer, t.id).toBeDefined();
      else expect(t.goal?.length, t.id).toBeGreaterThan(0);
    }
  });

  it("name only nodes that exist in the task's scene", () => {
    for (const t of tasks) {
      const graph = scenes[t.environment];
      const named = [...t.required, ...(t.answer ?? []), ...(t.goal ?? []).flatMap(goalNodeIds)];
      for (const id of named) expect(graph.hasNode(id), `${t.id}: ${id}`).toBe(true);
    }
  });
});

describe('the office answers have the property asked', () => {
  it('keeps J64M below 0 degrees: inside a freezer', () => {
    expect(office.hasNode('K31X')).toBe(true);
    const up = parentOf(office, 'J64M')!;
    expect(up.relation).toBe('inside');
    expect(attributes(office, up.parent).temperature_c).toBeLessThan(0);
  });

  it('finds purple things in the postdoc bays only', () => {
    const purple = rooms(office, 'postdoc_bay').flatMap((r) =>
      descendants(office, r).filter((d) => attributes(office, d).colour === 'purple'),
    );
    expect(purple.sort()).toEqual(answer('office-simple-search-03'));
  });

  it('tells the one office without a cabinet and the offices with cabinet, desk and chair', () => {
    const offices = rooms(office, '').filter((r) => r.endsWith('_office'));
    expect(offices).toHaveLength(13);
    expect(offices.filter((o) => !has(office, o, 'cabinet'))).toEqual(answer('office-simple-search-11'));
    const complete = offices.filter((o) => ['cabinet', 'desk', 'chair'].every((w) => has(office, o, w)));
    expect(complete.sort()).toEqual(answer('office-simple-search-12'));
  });

  it('puts the Terminator poster in the office of the Schwarzenegger fan', () => {
    const room = roomOf(office, 'terminator_poster');
    expect(String(attributes(office, 'terminator_poster').shows)).toContain('Terminator');
    expect([room]).toEqual(answer('office-simple-search-06'));
    expect([room]).toEqual(answer('office-complex-search-05'));
  });

  it("finds Luis's stapler in a neighbouring office: the next door along the corridor", () => {
    const door = (room: string) =>
      office.neighbors(room).find((n) => office.getNodeAttribute(n, 'kind') === 'pose')!;
    const luis = door('luis_office');
    const neighbours = rooms(office, '').filter(
      (r) => r !== 'luis_office' && r.endsWith('_office') && office.areNeighbors(door(r), luis),
    );
    const staplers = neighbours.flatMap((r) => descendants(office, r).filter((d) => d.startsWith('stapler')));
    expect(staplers).toEqual(answer('office-simple-search-14'));
  });

  it('has one meeting room with chairs but no table', () => {
    const found = rooms(office, 'meeting_room').filter(
      (r) => has(office, r, 'chair') && !has(office, r, 'table'),
    );
    expect(found).toEqual(answer('office-simple-search-15'));
  });

  it('puts the book next to the gripper and the screwdriver in the toolbox', () => {
    expect(parentOf(office, 'book')!.parent).toBe(parentOf(office, 'robotic_gripper')!.parent);
    expect(childrenOf(office, answer('office-simple-search-05')[0]!)).toContain('screwdriver');
  });

  it('gives the PhD students exactly 6 complimentary t-shirts, more than one to one student', () => {
    const shirts = rooms(office, 'phd_bay').flatMap((r) =>
      descendants(office, r).filter((d) => attributes(office, d).complimentary === true),
    );
    expect(shirts).toHaveLength(6);
    const desks = shirts.map((s) => parentOf(office, s)!.parent);
    const generous = [...new Set(desks)].filter((d) => desks.filter((x) => x === d).length > 1);
    expect(generous).toEqual(answer('office-complex-search-07'));
  });

  it('has an open asset holding a paper attachment device in exactly one office', () => {
    const fastener = (id: string) => /stapler|paper_clip/.test(id);
    const found = rooms(office, '')
      .filter((r) => r.endsWith('_office'))
      .filter((r) =>
        descendants(office, r).some(
          (d) => fastener(d) && state(office, parentOf(office, d)!.parent).door === 'open',
        ),
      );
    expect(found).toEqual(answer('office-complex-search-08'));
  });

  it('numbers the office cabinets: one holds exactly 3 items, one even-numbered holds a rotten apple', () => {
    const cabinets = office.filterNodes(
      (id) => /^cabinet_\d+$/.test(id) && roomOf(office, id)!.endsWith('_office'),
    );
    const three = cabinets.filter((c) => childrenOf(office, c).length === 3).map((c) => roomOf(office, c));
    expect(three).toEqual(answer('office-complex-search-09'));
    const rotten = (c: string) =>
      childrenOf(office, c).some((d) => d.startsWith('apple') && state(office, d).ripeness === 'rotten');
    expect(cabinets.filter(rotten)).toHaveLength(2);
    const even = cabinets.filter((c) => rotten(c) && Number(c.split('_')[1]) % 2 === 0);
    expect(even.map((c) => roomOf(office, c))).toEqual(answer('office-complex-search-10'));
  });

  it('has no RealSense camera in any meeting room, though there is one in the building', () => {
    expect(office.hasNode('realsense_camera')).toBe(true);
    for (const room of rooms(office, 'meeting_room')) expect(has(office, room, 'realsense')).toBe(false);
    expect(answer('office-complex-search-12')).toEqual([]);
  });

  it('answers the distance questions by navigation route length', () => {
    expect([nearest(office, 'kitchen', rooms(office, 'meeting_room'))]).toEqual(
      answer('office-complex-search-14'),
    );
    const extinguishers = office.filterNodes((id) => id.startsWith('fire_extinguisher'));
    expect(extinguishers.length).toBeGreaterThan(2);
    expect([nearest(office, 'manipulation_lab', extinguishers)]).toEqual(answer('office-complex-search-13'));
  });

  it('seats as many attendees in meeting room 1 as bottles the goal serves', () => {
    const seated = rooms(office, 'meeting_room1').flatMap((r) =>
      childrenOf(office, r).filter((c) => attributes(office, c).occupied === true),
    );
    const served = task('office-long-horizon-planning-10').goal!.filter((g) => g.startsWith('on('));
    expect(served).toHaveLength(seated.length);
  });

  it('starts the robot holding the can it must throw away', () => {
    expect(heldObject(office)).toBe('coke_can');
    expect(heldObject(home)).toBeUndefined();
  });

  it('keeps the wrongly binned items in bins of another type', () => {
    for (const [item, rightBin] of [
      ['banana_peel', 'organic'],
      ['aa_batteries', 'e_waste'],
      ['plastic_bottle', 'recycling'],
    ] as const) {
      const bin = parentOf(office, item)!.parent;
      expect(attributes(office, bin).bin_type).not.toBe(rightBin);
    }
  });
});

describe('the home answers have the property asked', () => {
  it('has one bathroom without a toilet and one with razor and shaving cream', () => {
    const bathrooms = rooms(home, 'bathroom');
    expect(bathrooms).toHaveLength(5);
    expect(bathrooms.filter((b) => !has(home, b, 'toilet'))).toEqual(answer('home-simple-search-05'));
    const shave = bathrooms.filter((b) => has(home, b, 'razor') && has(home, b, 'shaving_cream'));
    expect(shave).toEqual(answer('home-simple-search-13'));
  });

  it('puts pillows in two bedrooms, leaves one bedroom empty and crowds one with bowls', () => {
    const bedrooms = rooms(home, 'bedroom');
    expect(bedrooms.filter((b) => has(home, b, 'pillow'))).toEqual(answer('home-simple-search-14'));
    expect(bedrooms.filter((b) => !has(home, b, 'pillow'))).toEqual(answer('home-simple-search-15'));
    expect(bedrooms.filter((b) => childrenOf(home, b).length === 0)).toEqual(
      answer('home-complex-search-09'),
    );
    const bowls = (b: string) => descendants(home, b).filter((d) => d.startsWith('bowl')).length;
    expect(bedrooms.filter((b) => bowls(b) >= 3)).toEqual(answer('home-complex-search-08'));
  });

  it('has exactly one dining room with 5 chairs and enough chairs for 15 guests', () => {
    const chairs = (r: string) => childrenOf(home, r).filter((c) => c.includes('chair')).length;
    expect(rooms(home, 'dining_room').filter((r) => chairs(r) === 5)).toEqual(
      answer('home-complex-search-06'),
    );
    const all = home.filterNodes((id) => id.includes('chair'));
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(answer('home-complex-search-13')).toEqual(all.sort());
    const outside = all.filter((c) => !roomOf(home, c)!.startsWith('dining_room'));
    expect(outside.sort()).toEqual(answer('home-simple-search-12'));
    const monitor = rooms(home, 'dining_room').filter(
      (r) => has(home, r, 'table') && has(home, r, 'chair') && has(home, r, 'baby_monitor'),
    );
    expect(monitor).toEqual(answer('home-simple-search-11'));
  });

  it('has matching socks in a bedroom and a living room', () => {
    const [a, b] = answer('home-complex-search-04') as [string, string];
    expect(attributes(home, a)).toEqual(attributes(home, b));
    expect([roomOf(home, a), roomOf(home, b)].map((r) => r!.replace(/\d+$/, '')).sort()).toEqual([
      'bedroom',
      'living_room',
    ]);
  });

  it('keeps no tie in any closet', () => {
    for (const closet of rooms(home, 'closet')) expect(has(home, closet, 'tie')).toBe(false);
  });

  it('puts the most potted plants in one bathroom and the most electronics in one living room', () => {
    const count = (r: string, keep: (id: string) => boolean) => descendants(home, r).filter(keep).length;
    const top = (candidates: string[], keep: (id: string) => boolean) => {
      const ranked = candidates.map((r) => ({ r, n: count(r, keep) })).sort((x, y) => y.n - x.n);
      expect(ranked[0]!.n).toBeGreaterThan(ranked[1]!.n);
      return [ranked[0]!.r];
    };
    expect(top(rooms(home, 'bathroom'), (d) => d.startsWith('potted_plant'))).toEqual(
      answer('home-complex-search-10'),
    );
    const powered = (d: string) => state(home, d).power !== undefined;
    expect(top(rooms(home, 'living_room'), powered)).toEqual(answer('home-complex-search-02'));
  });

  it('answers the bedroom nearest the home office by navigation route length', () => {
    expect([nearest(home, 'home_office0', rooms(home, 'bedroom'))]).toEqual(answer('home-complex-search-07'));
  });

  it('keeps a heat source outside the kitchens and an empty vase next to a sink', () => {
    const heaters = home.filterNodes((_id, a) => a.affordances?.includes('heat') === true);
    expect(heaters.filter((h) => !roomOf(home, h)!.startsWith('kitchen'))).toEqual(
      answer('home-complex-search-11'),
    );
    const [vase] = answer('home-simple-search-10');
    expect(state(home, vase!).contents).toBe('empty');
    expect(childrenOf(home, parentOf(home, vase!)!.parent).some((s) => s.includes('sink'))).toBe(true);
  });
});
