import type { SceneFile } from '../format/schema.js';

/** A small valid two-floor home used across the tests; each test copies and breaks it as it needs. */
export function smallScene(): SceneFile {
  return {
    format: 'groundplan.scene-graph',
    version: 1,
    name: 'small home',
    nodes: [
      { id: 'house', kind: 'building' },
      { id: 'ground', kind: 'floor' },
      { id: 'upstairs', kind: 'floor' },
      { id: 'kitchen', kind: 'room', position: [0, 0, 0] },
      { id: 'hall', kind: 'room', position: [5, 0, 0] },
      { id: 'bedroom', kind: 'room', position: [0, 0, 3] },
      { id: 'pose_kitchen', kind: 'pose', position: [0, 2, 0] },
      { id: 'pose_hall', kind: 'pose', position: [5, 2, 0] },
      { id: 'pose_bedroom', kind: 'pose', position: [0, 2, 3] },
      { id: 'fridge', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close', 'contain'] },
      { id: 'bench', kind: 'asset', state: { cleanliness: 'dirty' }, affordances: ['wipe'] },
      { id: 'wardrobe', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close', 'contain'] },
      { id: 'banana', kind: 'object', state: { ripeness: 'ripe' }, affordances: ['pickup'] },
      { id: 'bowl', kind: 'object', attributes: { colour: 'blue' }, affordances: ['pickup'] },
      { id: 'apple', kind: 'object', state: { ripeness: 'rotten' }, affordances: ['pickup'] },
      { id: 'ball', kind: 'object', attributes: { colour: 'red' }, affordances: ['pickup'] },
      { id: 'robot', kind: 'agent' },
    ],
    edges: [
      { kind: 'hierarchy', source: 'house', target: 'ground' },
      { kind: 'hierarchy', source: 'house', target: 'upstairs' },
      { kind: 'hierarchy', source: 'ground', target: 'kitchen' },
      { kind: 'hierarchy', source: 'ground', target: 'hall' },
      { kind: 'hierarchy', source: 'upstairs', target: 'bedroom' },
      { kind: 'hierarchy', source: 'kitchen', target: 'fridge' },
      { kind: 'hierarchy', source: 'kitchen', target: 'bench' },
      { kind: 'hierarchy', source: 'bedroom', target: 'wardrobe' },
      { kind: 'hierarchy', source: 'fridge', target: 'banana', relation: 'inside' },
      { kind: 'hierarchy', source: 'bench', target: 'bowl', relation: 'on' },
      { kind: 'hierarchy', source: 'bowl', target: 'apple', relation: 'inside' },
      { kind: 'hierarchy', source: 'hall', target: 'ball' },
      { kind: 'navigation', source: 'kitchen', target: 'pose_kitchen' },
      { kind: 'navigation', source: 'hall', target: 'pose_hall' },
      { kind: 'navigation', source: 'bedroom', target: 'pose_bedroom' },
      { kind: 'navigation', source: 'pose_kitchen', target: 'pose_hall' },
      { kind: 'navigation', source: 'pose_hall', target: 'pose_bedroom', distance: 6 },
      { kind: 'at', source: 'robot', target: 'pose_hall' },
    ],
  };
}
