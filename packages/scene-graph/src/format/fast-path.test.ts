import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSceneFile } from '../generate/generate-scene.js';
import { buildSceneGraph } from '../model/scene-graph.js';
import { smallScene } from '../test-support/small-scene.js';
import { NODE_KINDS, RESERVED_IDS, SCENE_LIMITS } from './schema.js';
import { hasSceneShape } from './shape-fast-path.js';
import { hasSoundStructure } from './structure-fast-path.js';
import { checkSceneFile, parseScene } from './validate.js';

// parseScene trusts the fast path with valid files, so the fast path must never accept a file the
// full checker rejects, and (for the speed it exists for) should accept every file it accepts.
// Random mutations of valid scenes, shape and structure alike, hold the two to the same verdict.

function fastPathAccepts(input: unknown): boolean {
  if (!hasSceneShape(input)) return false;
  try {
    return hasSoundStructure(buildSceneGraph(input));
  } catch {
    return false;
  }
}

type Json = Record<string, unknown>;
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  'has space',
  'a'.repeat(129),
  true,
  [],
  [1, 2],
  [1, 2, 3],
  [1, 2, 3, 4],
  ['a', 'b', 'c'],
  {},
  { a: 1 },
  { a: 'b' },
  { a: null },
  'hierarchy',
  'navigation',
  'at',
  'on',
  'inside',
  ...NODE_KINDS,
];
// Values near the edge of what each field allows, so single changes probe each rule; each bound
// in SCENE_LIMITS is met exactly and passed by one.
const L = SCENE_LIMITS;
const manyKeys = (count: number, value: unknown) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, value]));
const NEAR_VALUES: Record<string, unknown[]> = {
  id: [
    'ok_id',
    'a.b:c-d',
    'a'.repeat(L.idLength),
    'a'.repeat(L.idLength + 1),
    'has space',
    'é',
    '',
    ...RESERVED_IDS,
    'constructor_1',
  ],
  kind: [...NODE_KINDS, 'hierarchy', 'navigation', 'at', 'robot'],
  attributes: [
    { colour: 'red' },
    { n: 1 },
    { b: false },
    { n: Number.NaN },
    { x: null },
    { x: [] },
    { t: 'a'.repeat(L.attributeTextLength) },
    { t: 'a'.repeat(L.attributeTextLength + 1) },
    { n: L.attributeMagnitude },
    { n: -L.attributeMagnitude - 2 },
    { n: 1e300 },
    { ['k'.repeat(L.keyLength)]: 1 },
    { ['k'.repeat(L.keyLength + 1)]: 1 },
    { '': 1 },
    manyKeys(L.attributesPerNode, 1),
    manyKeys(L.attributesPerNode + 1, 1),
    JSON.parse('{"__proto__": "x"}'),
    { constructor: 'x', toString: 1, valueOf: true },
  ],
  state: [
    { door: 'open' },
    { door: 1 },
    { door: null },
    {},
    { door: 'o'.repeat(L.stateValueLength) },
    { door: 'o'.repeat(L.stateValueLength + 1) },
    manyKeys(L.statesPerNode, 'on'),
    manyKeys(L.statesPerNode + 1, 'on'),
    JSON.parse('{"__proto__": "open"}'),
    { hasOwnProperty: 'open' },
  ],
  affordances: [
    ['pickup'],
    [],
    [''],
    ['a', 1],
    'pickup',
    ['s'.repeat(L.affordanceLength)],
    ['s'.repeat(L.affordanceLength + 1)],
    Array.from({ length: L.affordancesPerNode }, (_, i) => `s${i}`),
    Array.from({ length: L.affordancesPerNode + 1 }, (_, i) => `s${i}`),
  ],
  position: [
    [0, 0, 0],
    [0, 0],
    [0, 0, 0, 0],
    [0, Number.POSITIVE_INFINITY, 0],
    [0, '1', 0],
    [L.coordinateMagnitude, -L.coordinateMagnitude, 0],
    [0, 0, L.coordinateMagnitude + 1],
    [-1e300, 0, 0],
  ],
  relation: ['on', 'inside', 'under'],
  distance: [0, 2.5, -1, Number.NaN, '3', L.distance, L.distance + 1, Number.MAX_VALUE],
  source: ['robot', 'kitchen', 'banana', 'nowhere', 'constructor', '__proto__'],
  target: ['pose_hall', 'kitchen', 'bowl', 'nowhere', 'toString', '__proto__'],
  format: ['groundplan.scene-graph', 'other'],
  version: [1, 2, '1'],
  name: ['n', '', 'a'.repeat(L.nameLength), 'a'.repeat(L.nameLength + 1)],
  description: ['d', 'a'.repeat(L.descriptionLength), 'a'.repeat(L.descriptionLength + 1)],
};
const NODE_KEYS = ['id', 'kind', 'attributes', 'state', 'affordances', 'position', 'colour'];
const EDGE_KEYS = ['kind', 'source', 'target', 'relation', 'distance', 'weight'];
const FILE_KEYS = ['format', 'version', 'name', 'description', 'nodes', 'edges', 'extra'];

const fieldValue = (keys: string[]) =>
  fc.constantFrom(...keys).chain((key) =>
    fc.record({
      key: fc.constant(key),
      value: fc.oneof(fc.constantFrom(...(NEAR_VALUES[key] ?? [1])), fc.constantFrom(...ODD_VALUES)),
      remove: fc.boolean(),
    }),
  );

const mutation = fc.oneof(
  // shape: one field of a node, an edge or the file set to a value near its limits, an odd value, or deleted
  fc.record({ at: fc.constant('node'), index: fc.nat(), field: fieldValue(NODE_KEYS) }),
  fc.record({ at: fc.constant('edge'), index: fc.nat(), field: fieldValue(EDGE_KEYS) }),
  fc.record({ at: fc.constant('file'), index: fc.nat(), field: fieldValue(FILE_KEYS) }),
  // structure: an end of an edge moved to another node, an edge copied, reversed or dropped, a node copied or its kind changed
  fc.record({
    at: fc.constant('rewire'),
    index: fc.nat(),
    node: fc.nat(),
    end: fc.constantFrom('source', 'target'),
  }),
  fc.record({
    at: fc.constant('copy-edge'),
    index: fc.nat(),
    reverse: fc.boolean(),
    kind: fc.constantFrom('hierarchy', 'navigation', 'at', undefined),
  }),
  fc.record({ at: fc.constant('drop-edge'), index: fc.nat() }),
  fc.record({
    at: fc.constant('copy-node'),
    index: fc.nat(),
    kind: fc.constantFrom(...NODE_KINDS, undefined),
  }),
  fc.record({ at: fc.constant('rekind'), index: fc.nat(), kind: fc.constantFrom(...NODE_KINDS) }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(file: Json, change: Mutation): void {
  // An earlier change may have replaced the lists themselves with odd values.
  const nodes = (Array.isArray(file.nodes) ? file.nodes : []) as Json[];
  const edges = (Array.isArray(file.edges) ? file.edges : []) as Json[];
  // Only objects are changed in place; a list item an earlier change turned into a number is left alone.
  const pick = (list: Json[], index: number): Json | undefined => {
    const item: unknown = list[index % Math.max(1, list.length)];
    return typeof item === 'object' && item !== null ? (item as Json) : undefined;
  };
  switch (change.at) {
    case 'node':
    case 'edge':
    case 'file': {
      const target = change.at === 'file' ? file : pick(change.at === 'node' ? nodes : edges, change.index);
      if (!target) return;
      if (change.field.remove) delete target[change.field.key];
      else target[change.field.key] = change.field.value;
      return;
    }
    case 'rewire': {
      const edge = pick(edges, change.index);
      const node = pick(nodes, change.node);
      if (edge && node) edge[change.end] = node.id;
      return;
    }
    case 'copy-edge': {
      const edge = pick(edges, change.index);
      if (!edge) return;
      const copy: Json = { ...edge, ...(change.kind ? { kind: change.kind } : {}) };
      if (change.reverse) [copy.source, copy.target] = [copy.target, copy.source];
      edges.push(copy);
      return;
    }
    case 'drop-edge':
      if (edges.length > 0) edges.splice(change.index % edges.length, 1);
      return;
    case 'copy-node': {
      const node = pick(nodes, change.index);
      if (node) nodes.push({ ...node, ...(change.kind ? { kind: change.kind } : {}) });
      return;
    }
    case 'rekind': {
      const node = pick(nodes, change.index);
      if (node) node.kind = change.kind;
      return;
    }
  }
}

function copyOf(file: object): Json {
  return structuredClone(file) as Json;
}

const SMALL_GENERATED = generateSceneFile({
  seed: 3,
  floors: 2,
  roomsPerFloor: 3,
  assetsPerRoom: 2,
  objectsPerAsset: 2,
});

describe('the fast path of parseScene', () => {
  it('accepts the valid scenes the tests and benchmarks use', () => {
    for (const file of [smallScene(), SMALL_GENERATED]) {
      expect(fastPathAccepts(copyOf(file))).toBe(true);
      expect(checkSceneFile(copyOf(file)).ok).toBe(true);
    }
  });

  it('gives the same verdict as the full checker on randomly broken scenes', () => {
    let rejected = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(smallScene(), SMALL_GENERATED),
        fc.array(mutation, { minLength: 1, maxLength: 2 }),
        (base, changes) => {
          const file = copyOf(base);
          for (const change of changes) mutate(file, change);
          const full = checkSceneFile(copyOf(file)).ok;
          if (!full) rejected++;
          expect(fastPathAccepts(file)).toBe(full);
        },
      ),
      { numRuns: 4000, seed: 20261123 },
    );
    // Most mutations break a scene; the property must have seen many of both verdicts.
    expect(rejected).toBeGreaterThan(1000);
    expect(rejected).toBeLessThan(3900);
  });

  // Rules that random single changes rarely reach on their own, each broken alone in a valid scene.
  const renamed = (file: Json, from: string, to: string): Json =>
    JSON.parse(JSON.stringify(file).replaceAll(`"${from}"`, `"${to}"`)) as Json;
  it.each([
    ['an id of 129 characters, used consistently', renamed(copyOf(smallScene()), 'banana', 'b'.repeat(129))],
    [
      'a negative navigation distance',
      (() => {
        const file = copyOf(smallScene());
        (file.edges as Json[])[16]!.distance = -1;
        return file;
      })(),
    ],
    [
      'an agent holding two objects',
      (() => {
        const file = copyOf(smallScene());
        (file.edges as Json[])[8]!.source = 'robot'; // fridge -> banana
        (file.edges as Json[])[11]!.source = 'robot'; // hall -> ball
        delete (file.edges as Json[])[8]!.relation;
        return file;
      })(),
    ],
    [
      'an asset in a scene without rooms, which still needs a parent',
      {
        format: 'groundplan.scene-graph',
        version: 1,
        name: 'lone',
        nodes: [{ id: 'desk', kind: 'asset' }],
        edges: [],
      },
    ],
  ])('refuses %s, as the full checker does', (_what, file) => {
    expect(checkSceneFile(copyOf(file)).ok).toBe(false);
    expect(fastPathAccepts(file)).toBe(false);
  });

  it('refuses an object-in-object containment cycle that only the structure can show', () => {
    const file = copyOf(smallScene());
    // bowl holds apple; now apple holds bowl instead of the bench: every object keeps one parent.
    (file.edges as Json[]).splice(9, 1, { kind: 'hierarchy', source: 'apple', target: 'bowl' });
    expect(hasSceneShape(file)).toBe(true);
    expect(fastPathAccepts(file)).toBe(false);
    const result = parseScene(file);
    expect(!result.ok && result.error.map((p) => p.message).join('\n')).toMatch(/containment cycle/);
  });

  it('leaves a record with a symbol key to zod, which has the last word', () => {
    const file = copyOf(smallScene());
    const state = (file.nodes as Json[])[9]!.state as Record<PropertyKey, unknown>;
    state[Symbol('note')] = 'x';
    expect(hasSceneShape(file)).toBe(false);
    expect(parseScene(file).ok).toBe(checkSceneFile(file).ok);
  });
});
