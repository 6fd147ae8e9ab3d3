import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateScene } from '../generate/generate-scene.js';
import { childrenOf } from '../model/queries.js';
import { buildSceneGraph } from '../model/scene-graph.js';
import { smallScene } from '../test-support/small-scene.js';
import { collapse, collapsedNodes, contract, expand, isVisible, visibleNodes } from './view.js';
import type { View } from './visible.js';

const graph = buildSceneGraph(smallScene());
const collapsed = ['bedroom', 'ground', 'hall', 'house', 'kitchen', 'pose_hall', 'robot', 'upstairs'];

function expanded(view: View, ...ids: string[]): View {
  let current = view;
  for (const id of ids) {
    const next = expand(graph, current, id);
    if (!next.ok) throw new Error(next.error);
    current = next.value;
  }
  return current;
}

describe('collapse', () => {
  it('shows the hierarchy down to rooms, the agent and where it is, and expands nothing', () => {
    const view = collapse(graph);
    expect(view).toEqual({ expanded: [], memory: [] });
    expect(visibleNodes(graph, view)).toEqual(collapsed);
  });
  it('is a small plain value that survives JSON', () => {
    const view = expanded(collapse(graph), 'kitchen', 'bench');
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });
});

describe('expand', () => {
  it("reveals a room's assets and the objects lying directly in it", () => {
    const view = expanded(collapse(graph), 'kitchen', 'hall');
    expect(view).toEqual({ expanded: ['hall', 'kitchen'], memory: ['hall', 'kitchen'] });
    expect(visibleNodes(graph, view)).toEqual(['ball', 'bench', 'fridge', ...collapsed].sort());
  });
  it("reveals what lies on or in an asset, and an object's contents", () => {
    const view = expanded(collapse(graph), 'kitchen', 'bench', 'bowl');
    expect(visibleNodes(graph, view)).toEqual(expect.arrayContaining(['bowl', 'apple']));
  });
  it('rejects an unknown node and suggests the closest visible ids', () => {
    expect(expand(graph, collapse(graph), 'kitchn')).toEqual({
      ok: false,
      error: 'there is no node "kitchn" in the scene; did you mean "kitchen"?',
    });
  });
  it('rejects a node that is not visible yet and says what to expand first', () => {
    expect(expand(graph, collapse(graph), 'bowl')).toEqual({
      ok: false,
      error: '"bowl" is not visible in the current view; expand "kitchen" first',
    });
  });
  it('keeps poses out of the search, other than where the agent stands', () => {
    expect(expand(graph, collapse(graph), 'pose_kitchen')).toEqual({
      ok: false,
      error:
        'pose "pose_kitchen" is a navigation waypoint, not part of the search view; search rooms instead',
    });
  });
  it('rejects a node with nothing to expand', () => {
    const view = expanded(collapse(graph), 'kitchen', 'fridge');
    expect(expand(graph, view, 'banana')).toEqual({
      ok: false,
      error: 'object "banana" has nothing to expand: nothing is on or inside it',
    });
    expect(expand(graph, view, 'ground')).toEqual({
      ok: false,
      error: expect.stringContaining('floor "ground" has nothing to expand: its contents are always shown'),
    });
    expect(expand(graph, view, 'pose_hall')).toEqual({
      ok: false,
      error: expect.stringContaining('poses are'),
    });
  });
  it('rejects expanding twice', () => {
    expect(expand(graph, expanded(collapse(graph), 'kitchen'), 'kitchen')).toEqual({
      ok: false,
      error: '"kitchen" is already expanded; its contents are in view',
    });
  });
});

describe('contract', () => {
  it('hides what the node revealed and anything expanded beneath it, and remembers it', () => {
    const view = expanded(collapse(graph), 'hall', 'kitchen', 'bench', 'bowl');
    const result = contract(graph, view, 'kitchen');
    expect(result).toEqual({
      ok: true,
      value: { expanded: ['hall'], memory: ['bench', 'bowl', 'hall', 'kitchen'] },
    });
    expect(result.ok && visibleNodes(graph, result.value)).toEqual(['ball', ...collapsed].sort());
  });
  it('rejects contracting a node that is not expanded', () => {
    expect(contract(graph, expanded(collapse(graph), 'hall'), 'kitchen')).toEqual({
      ok: false,
      error: '"kitchen" is not expanded, so there is nothing to contract (expanded now: "hall")',
    });
    expect(contract(graph, collapse(graph), 'kitchen')).toEqual({
      ok: false,
      error: '"kitchen" is not expanded, so there is nothing to contract (nothing is expanded)',
    });
  });
  it('rejects an unknown node', () => {
    expect(contract(graph, collapse(graph), 'bedrom')).toEqual({
      ok: false,
      error: 'there is no node "bedrom" in the scene; did you mean "bedroom"?',
    });
  });
});

describe('any sequence of expand and contract', () => {
  const scene = generateScene({ seed: 3, floors: 2, roomsPerFloor: 3, assetsPerRoom: 2, objectsPerAsset: 2 });
  // Nest the second object of each asset inside the first, so objects can be expanded too.
  for (const asset of scene.filterNodes((_id, attributes) => attributes.kind === 'asset')) {
    const [first, second] = childrenOf(scene, asset);
    scene.dropEdge(asset, second!);
    scene.addDirectedEdge(first!, second!, { kind: 'hierarchy', relation: 'inside' });
  }
  const ids = scene.nodes().sort();
  const operation = fc.record({ expand: fc.boolean(), id: fc.constantFrom(...ids) });

  it('shows exactly the collapsed nodes plus the children of the expanded ones', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        let view = collapse(scene);
        const memory = new Set<string>();
        for (const op of operations) {
          const result = op.expand ? expand(scene, view, op.id) : contract(scene, view, op.id);
          if (!result.ok) continue;
          view = result.value;
          if (op.expand) memory.add(op.id);
        }
        const expected = new Set(collapsedNodes(scene));
        for (const id of view.expanded) for (const child of childrenOf(scene, id)) expected.add(child);
        expect(visibleNodes(scene, view)).toEqual([...expected].sort());
        // Every expanded node is itself visible, and memory holds every node ever expanded.
        for (const id of view.expanded) expect(isVisible(scene, view, id)).toBe(true);
        expect(view.memory).toEqual([...memory].sort());
        expect(view.expanded).toEqual([...view.expanded].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('succeeds at expanding every visible expandable node, reaching the whole hierarchy', () => {
    let view = collapse(scene);
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of visibleNodes(scene, view)) {
        const result = expand(scene, view, id);
        if (result.ok) {
          view = result.value;
          changed = true;
        }
      }
    }
    const poses = scene.filterNodes((_id, a) => a.kind === 'pose').length;
    expect(visibleNodes(scene, view).length).toBe(scene.order - poses + 1); // only the agent's pose
  });
});
