import type { SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { planRoute } from './route.js';

let scene: SceneGraph;

beforeAll(async () => {
  scene = await datasetScene('office');
});

describe('a plan’s route on the navigation layer', () => {
  it('starts where the agent is and follows each goto, skipping repeats; no plan, no route', () => {
    const plan = [
      { action: 'goto', args: ['pose_s1'] },
      { action: 'goto', args: ['pose_s1'] },
      { action: 'access', args: ['jasons_desk'] },
      { action: 'goto', args: ['jasons_office'] },
    ];
    expect(planRoute(scene, plan)).toEqual(['pose_s0', 'pose_s1', 'jasons_office']);
    expect(planRoute(scene, [{ action: 'access', args: ['printer_1'] }])).toEqual(['pose_s0']);
    expect(planRoute(scene, [])).toEqual([]);
  });
});
