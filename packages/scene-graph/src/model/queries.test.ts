import { describe, expect, it } from 'vitest';
import { smallScene } from '../test-support/small-scene.js';
import {
  agentLocation,
  agentOf,
  childrenOf,
  floorOf,
  heldObject,
  nodesOfKind,
  parentOf,
  roomOf,
} from './queries.js';
import { buildSceneGraph } from './scene-graph.js';

const graph = buildSceneGraph(smallScene());

describe('scene queries', () => {
  it('finds a node parent and how it rests there', () => {
    expect(parentOf(graph, 'banana')).toEqual({ parent: 'fridge', relation: 'inside' });
    expect(parentOf(graph, 'kitchen')).toEqual({ parent: 'ground' });
    expect(parentOf(graph, 'house')).toBeUndefined();
    expect(parentOf(graph, 'nowhere')).toBeUndefined();
  });
  it('lists hierarchy children only, not navigation neighbours', () => {
    expect(childrenOf(graph, 'kitchen').sort()).toEqual(['bench', 'fridge']);
    expect(childrenOf(graph, 'pose_hall')).toEqual([]);
  });
  it('finds the room of assets, nested objects and poses', () => {
    expect(roomOf(graph, 'apple')).toBe('kitchen');
    expect(roomOf(graph, 'fridge')).toBe('kitchen');
    expect(roomOf(graph, 'kitchen')).toBe('kitchen');
    expect(roomOf(graph, 'pose_bedroom')).toBe('bedroom');
    expect(roomOf(graph, 'ground')).toBeUndefined();
  });
  it('finds the floor of a room, an object and a pose', () => {
    expect(floorOf(graph, 'apple')).toBe('ground');
    expect(floorOf(graph, 'bedroom')).toBe('upstairs');
    expect(floorOf(graph, 'pose_bedroom')).toBe('upstairs');
  });
  it('finds the agent, where it is, and what it holds', () => {
    expect(agentOf(graph)).toBe('robot');
    expect(agentLocation(graph)).toBe('pose_hall');
    expect(roomOf(graph, 'robot')).toBe('hall');
    expect(heldObject(graph)).toBeUndefined();
  });
  it('follows the agent when it holds an object', () => {
    const holding = buildSceneGraph(smallScene());
    holding.dropEdge('hall', 'ball');
    holding.addDirectedEdge('robot', 'ball', { kind: 'hierarchy' });
    expect(heldObject(holding)).toBe('ball');
    expect(roomOf(holding, 'ball')).toBe('hall');
    expect(floorOf(holding, 'ball')).toBe('ground');
  });
  it('lists nodes of a kind, sorted, and keeps up with added nodes', () => {
    const copy = buildSceneGraph(smallScene());
    expect(nodesOfKind(copy, 'room')).toEqual(['bedroom', 'hall', 'kitchen']);
    expect(nodesOfKind(copy, 'object')).toEqual(['apple', 'ball', 'banana', 'bowl']);
    copy.addNode('attic', { kind: 'room' });
    expect(nodesOfKind(copy, 'room')).toEqual(['attic', 'bedroom', 'hall', 'kitchen']);
    copy.dropNode('robot');
    expect(agentOf(copy)).toBeUndefined();
  });
});
