import type { SceneGraph } from '@groundplan/scene-graph';
import type { Goal } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasetScene } from './test-support/datasets.js';
import { toolNodes } from './tool-nodes.js';

let office: SceneGraph;
beforeAll(async () => {
  office = await datasetScene('office');
});

const state = (node: string, dimension: string, value: string): Goal => ({
  kind: 'state',
  node,
  dimension,
  value,
  negated: false,
});

describe('the tools a state goal needs', () => {
  it('heating needs what affords heat, washing what affords wash', () => {
    expect(toolNodes(office, [state('chicken_kebab', 'temperature', 'hot')])).toEqual(['microwave']);
    expect(toolNodes(office, [state('plate', 'cleanliness', 'clean')])).toEqual(
      expect.arrayContaining(['sink', 'dishwasher']),
    );
  });

  it('wiping an asset needs something held to clean with', () => {
    expect(toolNodes(office, [state('admin_shelf', 'cleanliness', 'clean')]).sort()).toEqual([
      'cloth',
      'sponge',
    ]);
  });

  it('a placement or a door needs no tool', () => {
    expect(
      toolNodes(office, [
        { kind: 'on', object: 'mug', target: 'desk', negated: false },
        state('fridge', 'door', 'closed'),
      ]),
    ).toEqual([]);
  });
});
