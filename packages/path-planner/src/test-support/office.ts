import { buildSceneGraph, type SceneFile, type SceneGraph } from '@groundplan/scene-graph';

/**
 * A small three-floor office. floor0 and floor1 are joined by stairs (pose2-pose3); floor2 has no
 * stairs at all; the storage room on floor0 has no navigation edges. Distances come from positions
 * except the stairs, which are longer than the straight line.
 */
export const officeFile: SceneFile = {
  format: 'groundplan.scene-graph',
  version: 1,
  name: 'office',
  nodes: [
    { id: 'building', kind: 'building' },
    { id: 'floor0', kind: 'floor' },
    { id: 'floor1', kind: 'floor' },
    { id: 'floor2', kind: 'floor' },
    { id: 'lobby', kind: 'room', position: [0, 0, 0] },
    { id: 'kitchen', kind: 'room', position: [10, 5, 0] },
    { id: 'storage', kind: 'room', position: [0, 10, 0] },
    { id: 'meeting_room1', kind: 'room', position: [20, 5, 4] },
    { id: 'manipulation_lab', kind: 'room', position: [25, 0, 4] },
    { id: 'bedroom2', kind: 'room', position: [0, 5, 8] },
    { id: 'pose0', kind: 'pose', position: [5, 0, 0] },
    { id: 'pose1', kind: 'pose', position: [10, 0, 0] },
    { id: 'pose2', kind: 'pose', position: [15, 0, 0] },
    { id: 'pose3', kind: 'pose', position: [15, 0, 4] },
    { id: 'pose4', kind: 'pose', position: [20, 0, 4] },
    { id: 'pose5', kind: 'pose', position: [0, 0, 8] },
    { id: 'fridge', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close'] },
    { id: 'banana', kind: 'object', affordances: ['pickup'] },
    { id: 'extinguisher1', kind: 'asset' },
    { id: 'extinguisher2', kind: 'asset' },
    { id: 'extinguisher3', kind: 'asset' },
    { id: 'mug', kind: 'object', affordances: ['pickup'] },
    { id: 'robot', kind: 'agent' },
  ],
  edges: [
    { kind: 'hierarchy', source: 'building', target: 'floor0' },
    { kind: 'hierarchy', source: 'building', target: 'floor1' },
    { kind: 'hierarchy', source: 'building', target: 'floor2' },
    { kind: 'hierarchy', source: 'floor0', target: 'lobby' },
    { kind: 'hierarchy', source: 'floor0', target: 'kitchen' },
    { kind: 'hierarchy', source: 'floor0', target: 'storage' },
    { kind: 'hierarchy', source: 'floor1', target: 'meeting_room1' },
    { kind: 'hierarchy', source: 'floor1', target: 'manipulation_lab' },
    { kind: 'hierarchy', source: 'floor2', target: 'bedroom2' },
    { kind: 'hierarchy', source: 'kitchen', target: 'fridge' },
    { kind: 'hierarchy', source: 'fridge', target: 'banana', relation: 'inside' },
    { kind: 'hierarchy', source: 'lobby', target: 'extinguisher1' },
    { kind: 'hierarchy', source: 'meeting_room1', target: 'extinguisher2' },
    { kind: 'hierarchy', source: 'bedroom2', target: 'extinguisher3' },
    { kind: 'hierarchy', source: 'robot', target: 'mug' },
    { kind: 'navigation', source: 'lobby', target: 'pose0' },
    { kind: 'navigation', source: 'pose0', target: 'pose1' },
    { kind: 'navigation', source: 'pose1', target: 'kitchen' },
    { kind: 'navigation', source: 'pose1', target: 'pose2' },
    { kind: 'navigation', source: 'pose2', target: 'pose3', distance: 6 },
    { kind: 'navigation', source: 'pose3', target: 'pose4' },
    { kind: 'navigation', source: 'pose4', target: 'meeting_room1' },
    { kind: 'navigation', source: 'pose4', target: 'manipulation_lab' },
    { kind: 'navigation', source: 'pose5', target: 'bedroom2' },
    { kind: 'at', source: 'robot', target: 'pose0' },
  ],
};

/** A fresh copy of the office scene graph. */
export function office(): SceneGraph {
  return buildSceneGraph(officeFile);
}
