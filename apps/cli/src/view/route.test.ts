import { loadSceneFile, type SceneGraph } from '@groundplan/scene-graph';
import { beforeAll, describe, expect, it } from 'vitest';
import { planRoute } from './route.js';

const office = new URL('../../../../datasets/office.json', import.meta.url).pathname;
let scene: SceneGraph;

beforeAll(async () => {
  const loaded = await loadSceneFile(office);
  if (!loaded.ok) throw new Error('datasets/office.json does not load');
  scene = loaded.value;
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
