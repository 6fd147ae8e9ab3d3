import { memorySceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPathActivities } from './activities.js';

describe('the path-planning activity', () => {
  const scenes = memorySceneStore();
  const path = createPathActivities({ scenes });
  let sceneRef: string;
  beforeAll(async () => {
    const office = await datasetScene('office');
    sceneRef = await scenes.put(office);
  });

  it('fills in the poses between the agent and a room', async () => {
    const expanded = await path.expandPath({ sceneRef, plan: [{ action: 'goto', args: ['kitchen'] }] });
    expect(expanded.ok && expanded.value.length).toBeGreaterThan(1);
    expect(expanded.ok && expanded.value.at(-1)).toEqual({ action: 'goto', args: ['kitchen'] });
  });

  it('says which plan step each expanded step came from', async () => {
    const plan = [
      { action: 'goto', args: ['kitchen'] },
      { action: 'access', args: ['fridge'] },
    ];
    const expanded = await path.expandPath({ sceneRef, plan });
    if (!expanded.ok) throw new Error(expanded.error);
    expect(expanded.origins).toHaveLength(expanded.value.length);
    expect(expanded.origins.at(-1)).toBe(1);
    expect(expanded.origins.slice(0, -1).every((origin) => origin === 0)).toBe(true);
  });

  it('returns a place it cannot reach as feedback text, not a failure', async () => {
    const expanded = await path.expandPath({ sceneRef, plan: [{ action: 'goto', args: ['no_such_room'] }] });
    expect(expanded).toEqual({ ok: false, error: expect.stringContaining('no_such_room') });
  });

  it('fails with type SceneNotFound when the scene is not stored', async () => {
    const missing = path.expandPath({ sceneRef: `sha256:${'2'.repeat(64)}`, plan: [] });
    await expect(missing).rejects.toMatchObject({ name: 'SceneNotFound' });
  });
});
