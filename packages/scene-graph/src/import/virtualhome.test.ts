import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sceneToJson } from '../format/canonical-json.js';
import { parentOf } from '../model/queries.js';
import { externalDataDir, externalDatasets } from '../test-support/external-data.js';
import { formatImportNotes } from './import-report.js';
import { importVirtualHome } from './virtualhome.js';

// A small graph in VirtualHome's layout with each case the importer must resolve.
type VhNode = {
  id: number;
  class_name: string;
  category: string;
  properties?: string[];
  states?: string[];
  size?: number;
};
const vhNode = ({ id, class_name, category, properties = [], states = [], size = 1 }: VhNode) => ({
  id,
  class_name,
  category,
  properties,
  states,
  prefab_name: `PRE_${class_name}`,
  bounding_box: { center: [id, 1, 0], size: [size, size, size] },
});
const rooms = [
  {
    ...vhNode({ id: 1, class_name: 'kitchen', category: 'Rooms' }),
    bounding_box: { center: [0, 1, 0], size: [10, 3, 10] },
  },
  {
    ...vhNode({ id: 2, class_name: 'bedroom', category: 'Rooms' }),
    bounding_box: { center: [10, 1, 0], size: [10, 3, 10] },
  },
];
const nodes = [
  ...rooms,
  vhNode({ id: 3, class_name: 'wall', category: 'Walls' }),
  vhNode({ id: 4, class_name: 'door', category: 'Doors', properties: ['CAN_OPEN'], states: ['OPEN'] }),
  vhNode({ id: 5, class_name: 'nightstand', category: 'Furniture', properties: ['SURFACES'], size: 1 }),
  vhNode({
    id: 6,
    class_name: 'tablelamp',
    category: 'Lamps',
    properties: ['HAS_SWITCH'],
    states: ['OFF', 'PLUGGED_IN'],
    size: 0.4,
  }),
  vhNode({ id: 7, class_name: 'kitchencounter', category: 'Furniture', size: 3 }),
  vhNode({
    id: 8,
    class_name: 'microwave',
    category: 'Appliances',
    properties: ['CAN_OPEN', 'HAS_SWITCH', 'CONTAINERS'],
    states: ['CLOSED', 'OFF'],
    size: 0.6,
  }),
  vhNode({
    id: 9,
    class_name: 'plate',
    category: 'Props',
    properties: ['GRABBABLE', 'RECIPIENT'],
    size: 0.3,
  }),
  vhNode({ id: 10, class_name: 'dishbowl', category: 'Props', properties: ['GRABBABLE'], size: 0.2 }),
  vhNode({ id: 11, class_name: 'dishbowl', category: 'Props', properties: ['GRABBABLE'], size: 0.2 }),
  vhNode({ id: 12, class_name: 'character', category: 'Characters' }),
  vhNode({ id: 13, class_name: 'floor', category: 'Floor' }),
];
const edge = (from_id: number, relation_type: string, to_id: number) => ({ from_id, relation_type, to_id });
const edges = [
  ...[3, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((id) => edge(id, 'INSIDE', id === 5 || id === 6 ? 2 : 1)),
  edge(4, 'INSIDE', 1),
  edge(4, 'BETWEEN', 1),
  edge(4, 'BETWEEN', 2),
  edge(6, 'ON', 5), // a lamp on a nightstand: asset on asset
  edge(8, 'ON', 7), // a microwave on the counter
  edge(9, 'ON', 7),
  edge(9, 'INSIDE', 8), // the plate: on the counter and inside the microwave
  edge(10, 'ON', 11),
  edge(11, 'ON', 10), // two bowls, each on the other
  edge(7, 'ON', 13), // the counter on the floor tile
  edge(9, 'CLOSE', 8),
  edge(8, 'CLOSE', 9),
  edge(12, 'FACING', 7),
];
const graphText = (n: readonly unknown[] = nodes, e = edges) => JSON.stringify({ nodes: n, edges: e });
const options = { file: 'small_graph.json', name: 'small' };

describe('importVirtualHome', () => {
  const imported = importVirtualHome(graphText(), options);
  if (!imported.ok) throw new Error(imported.error);
  const { graph, notes } = imported.value;

  it('keeps rooms, assets, objects and the character; drops walls and floor tiles', () => {
    expect(graph.getNodeAttribute('kitchen_1', 'kind')).toBe('room');
    expect(graph.getNodeAttribute('microwave_8', 'kind')).toBe('asset');
    expect(graph.getNodeAttribute('plate_9', 'kind')).toBe('object');
    expect(graph.getNodeAttribute('character_12', 'kind')).toBe('agent');
    expect(graph.outNeighbors('character_12')).toEqual(['kitchen_1']);
    expect(graph.hasNode('wall_3') || graph.hasNode('floor_13')).toBe(false);
  });

  it('puts a lamp standing on a nightstand in its room, the support kept as an attribute', () => {
    expect(parentOf(graph, 'tablelamp_6')).toEqual({ parent: 'bedroom_2' });
    expect(graph.getNodeAttribute('tablelamp_6', 'attributes')).toMatchObject({ on: 'nightstand_5' });
  });

  it('gives an object with several supports the innermost one', () => {
    expect(parentOf(graph, 'plate_9')).toEqual({ parent: 'microwave_8', relation: 'inside' });
  });

  it('breaks a loop of supports by putting its first object in the room', () => {
    const parents = [parentOf(graph, 'dishbowl_10'), parentOf(graph, 'dishbowl_11')];
    expect(parents).toContainEqual({ parent: 'kitchen_1' });
    expect(parents).toContainEqual({ parent: 'dishbowl_10', relation: 'on' });
  });

  it('turns the door between two rooms into a navigation edge and keeps the door as an asset', () => {
    expect(graph.getEdgeAttributes(graph.edge('bedroom_2', 'kitchen_1')!).kind).toBe('navigation');
    expect(graph.getNodeAttribute('door_4', 'affordances')).toEqual(['open', 'close']);
    expect(graph.getNodeAttribute('door_4', 'state')).toEqual({ door: 'open' });
  });

  it("maps states and properties to groundplan's vocabulary", () => {
    expect(graph.getNodeAttribute('microwave_8', 'state')).toEqual({ door: 'closed', power: 'off' });
    expect(graph.getNodeAttribute('microwave_8', 'affordances')).toEqual([
      'open',
      'close',
      'turn_on',
      'turn_off',
      'contain',
    ]);
    expect(graph.getNodeAttribute('plate_9', 'affordances')).toEqual(['pickup']);
    expect(graph.getNodeAttribute('plate_9', 'attributes')).toMatchObject({ properties: 'RECIPIENT' });
  });

  it('says what it dropped and resolved, with counts', () => {
    expect(formatImportNotes(notes).sort()).toEqual(
      [
        "dropped 1 nodes of category Walls (the rooms' shell)",
        "dropped 1 nodes of category Floor (the rooms' shell)",
        'dropped 1 ON/INSIDE edges to or from walls, floors, ceilings and doorjambs',
        'dropped 2 CLOSE relations (proximity and view, not placement)',
        'dropped 1 FACING relations (proximity and view, not placement)',
        'dropped 1 states with no groundplan dimension (PLUGGED_IN)',
        'resolved 2 assets on or in another asset or object: put in their room, the support kept as attribute on/inside',
        'resolved 1 objects with several supports: the smallest (innermost) kept',
        'kept 2 objects on or in another object (groundplan holds these natively)',
        'resolved 1 objects in a support loop: put in their room',
        'added 1 navigation edges between rooms joined by a door',
      ].sort(),
    );
  });

  it('rejects a duplicate id and two nodes that convert to the same id', () => {
    const twice = graphText([...nodes, vhNode({ id: 9, class_name: 'mug', category: 'Props' })]);
    expect(importVirtualHome(twice, options)).toEqual({
      ok: false,
      error: 'small_graph.json: node id 9 appears twice (nodes[8] and nodes[13]); ids must be unique',
    });
    const clash = graphText([
      ...nodes,
      { ...vhNode({ id: 99, class_name: 'x', category: 'Props' }), id: '9', class_name: 'plate' },
    ]);
    expect(importVirtualHome(clash, options)).toEqual({
      ok: false,
      error: 'small_graph.json: node id 9 appears twice (nodes[8] and nodes[13]); ids must be unique',
    });
    const sameId = graphText([
      ...nodes,
      vhNode({ id: 50, class_name: 'plate 9', category: 'Props' }),
      { ...vhNode({ id: 77, class_name: 'plate', category: 'Props' }), id: '9_50' },
    ]);
    expect(importVirtualHome(sameId, options)).toEqual({
      ok: false,
      error: 'small_graph.json: nodes[13] and nodes[14] both convert to the id plate_9_50',
    });
  });

  it('rejects a Spark-DSG file and a truncated file in one line', () => {
    const spark = '{"layer_ids": [2, 3], "nodes": [{"id": 1, "layer": 3, "attributes": {}}], "edges": []}';
    expect(importVirtualHome(spark, options)).toEqual({
      ok: false,
      error:
        'small_graph.json is not a VirtualHome environment graph: it looks like a Spark-DSG (Hydra) scene graph (try `groundplan import spark-dsg`)',
    });
    const cut = importVirtualHome(graphText().slice(0, 500), options);
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.error).toMatch(/^small_graph\.json:1:501: not valid JSON: .*truncated/);
  });

  for (const n of [1, 2, 3, 4])
    it(`converts the real TestScene${n} to the committed conversion`, () => {
      const raw = readFileSync(join(externalDataDir(), 'virtualhome', `TestScene${n}_graph.json`), 'utf8');
      const result = importVirtualHome(raw, {
        file: `TestScene${n}_graph.json`,
        name: `VirtualHome TestScene${n}`,
      });
      if (!result.ok) throw new Error(result.error);
      const committed = readFileSync(join(externalDatasets, 'virtualhome', `TestScene${n}.json`), 'utf8');
      expect(sceneToJson(result.value.graph)).toBe(committed);
    });
});
