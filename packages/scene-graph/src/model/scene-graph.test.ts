import { describe, expect, it } from 'vitest';
import type { SceneFile } from '../format/schema.js';
import { buildSceneGraph, sceneToFile } from './scene-graph.js';

const file: SceneFile = {
  format: 'groundplan.scene-graph',
  version: 1,
  name: 'tiny',
  nodes: [
    { id: 'floor1', kind: 'floor' },
    { id: 'kitchen', kind: 'room', position: [0, 0, 0] },
    { id: 'pose1', kind: 'pose', position: [3, 4, 0] },
    { id: 'fridge', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close'] },
    { id: 'banana', kind: 'object', attributes: { colour: 'yellow' }, affordances: ['pickup'] },
    { id: 'agent', kind: 'agent' },
  ],
  edges: [
    { kind: 'hierarchy', source: 'floor1', target: 'kitchen' },
    { kind: 'hierarchy', source: 'kitchen', target: 'fridge' },
    { kind: 'hierarchy', source: 'fridge', target: 'banana', relation: 'inside' },
    { kind: 'navigation', source: 'kitchen', target: 'pose1' },
    { kind: 'at', source: 'agent', target: 'pose1' },
  ],
};

describe('the scene graph model', () => {
  it('derives a navigation distance from positions when the file gives none', () => {
    const graph = buildSceneGraph(file);
    expect(graph.getEdgeAttributes(graph.edge('kitchen', 'pose1')!)).toEqual({
      kind: 'navigation',
      distance: 5,
    });
  });
  it('keeps hierarchy edges directed from parent to child', () => {
    const graph = buildSceneGraph(file);
    expect(graph.outNeighbors('fridge')).toEqual(['banana']);
    expect(graph.inNeighbors('banana')).toEqual(['fridge']);
  });
  it('round-trips through its file form', () => {
    const again = buildSceneGraph(sceneToFile(buildSceneGraph(file)));
    expect(sceneToFile(again)).toEqual(sceneToFile(buildSceneGraph(file)));
  });
});
