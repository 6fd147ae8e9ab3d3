import { describe, expect, it } from 'vitest';
import { generateScene } from '../generate/generate-scene.js';
import { buildSceneGraph } from '../model/scene-graph.js';
import { smallScene } from '../test-support/small-scene.js';
import { countTokens } from '../tokens/count-tokens.js';
import { renderFullScene } from './render.js';
import { collapse, expand, renderView } from './view.js';

const graph = buildSceneGraph(smallScene());

describe('renderView', () => {
  it('renders the collapsed view: nodes without positions, hierarchy, agent, what can be expanded', () => {
    expect(JSON.parse(renderView(graph, collapse(graph)))).toEqual({
      nodes: [
        { id: 'house', kind: 'building' },
        { id: 'ground', kind: 'floor' },
        { id: 'upstairs', kind: 'floor' },
        { id: 'bedroom', kind: 'room' },
        { id: 'hall', kind: 'room' },
        { id: 'kitchen', kind: 'room' },
        { id: 'pose_hall', kind: 'pose' },
        { id: 'robot', kind: 'agent' },
      ],
      hierarchy: { house: ['ground', 'upstairs'], ground: ['hall', 'kitchen'], upstairs: ['bedroom'] },
      navigation: [['hall', 'pose_hall', 2]],
      at: { robot: 'pose_hall' },
      expandable: ['bedroom', 'hall', 'kitchen'],
      expanded: [],
    });
  });

  it('renders expanded contents with state, affordances, attributes and relation', () => {
    const view = expand(graph, collapse(graph), 'kitchen');
    if (!view.ok) throw new Error(view.error);
    const deeper = expand(graph, view.value, 'fridge');
    if (!deeper.ok) throw new Error(deeper.error);
    const rendered = JSON.parse(renderView(graph, deeper.value));
    expect(rendered.nodes).toContainEqual({
      id: 'banana',
      kind: 'object',
      relation: 'inside',
      state: { ripeness: 'ripe' },
      affordances: ['pickup'],
    });
    expect(rendered.hierarchy.kitchen).toEqual(['bench', 'fridge']);
    expect(rendered.hierarchy.fridge).toEqual(['banana']);
    expect(rendered.expandable).toEqual(['bedroom', 'bench', 'hall']);
    expect(rendered.expanded).toEqual(['fridge', 'kitchen']);
  });

  it('is deterministic: the same view of the same scene gives the same text', () => {
    const shuffled = smallScene();
    shuffled.nodes.reverse();
    shuffled.edges.reverse();
    const other = buildSceneGraph(shuffled);
    expect(renderView(other, collapse(other))).toBe(renderView(graph, collapse(graph)));
    expect(renderFullScene(other)).toBe(renderFullScene(graph));
  });

  it('shows navigation only where both ends are visible, with distances', () => {
    const rendered = JSON.parse(renderFullScene(graph));
    expect(rendered.navigation).toContainEqual(['pose_bedroom', 'pose_hall', 6]);
    expect(rendered.navigation).toContainEqual(['pose_hall', 'pose_kitchen', 5]);
    expect(JSON.parse(renderView(graph, collapse(graph))).navigation).toEqual([['hall', 'pose_hall', 2]]);
  });
});

describe('the collapsed view is a small fraction of the full scene', () => {
  it('stays under 12% of the full tokens for an office-sized floor', () => {
    const office = generateScene({
      seed: 1,
      floors: 1,
      roomsPerFloor: 37,
      assetsPerRoom: 3,
      objectsPerAsset: 1,
    });
    const full = countTokens(renderFullScene(office));
    const collapsed = countTokens(renderView(office, collapse(office)));
    expect(collapsed / full).toBeLessThan(0.12);
  });
});
