import { memorySceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPlanGoals } from '../goals/check-goals.js';
import { createSimActivities } from './sim-activities.js';

describe('the simulation activities on the office scene', () => {
  const scenes = memorySceneStore();
  const sim = createSimActivities({ scenes });
  let sceneRef: string;
  beforeAll(async () => {
    const office = await datasetScene('office');
    sceneRef = await scenes.put(office);
  });

  it('starts the search from a collapsed view and says what it costs in tokens', async () => {
    const collapsed = await sim.collapseScene({ sceneRef });
    expect(collapsed.view).toEqual({ expanded: [], memory: [] });
    expect(collapsed.tokens).toBeGreaterThan(100);
  });

  it('catches a plan that skips the poses, with feedback', async () => {
    const verdict = await sim.verifyPlan({ sceneRef, plan: [{ action: 'goto', args: ['kitchen'] }] });
    expect(verdict).toMatchObject({ ok: false, index: 0, feedback: expect.stringContaining('kitchen') });
  });

  it('verifies a plan the robot can run', async () => {
    // The agent starts at pose_s0, joined to pose_s1 by a navigation edge.
    const verdict = await sim.verifyPlan({ sceneRef, plan: [{ action: 'goto', args: ['pose_s1'] }] });
    expect(verdict).toEqual({ ok: true, steps: 1 });
  });

  it('fails with type SceneNotFound (non-retryable in every retry policy) when the scene is not stored', async () => {
    const missing = sim.collapseScene({ sceneRef: `sha256:${'1'.repeat(64)}` });
    await expect(missing).rejects.toMatchObject({ name: 'SceneNotFound' });
  });
});

describe('checkPlanGoals', () => {
  it('says which goals a plan leaves unmet, and refuses unreadable goals', async () => {
    const office = await datasetScene('office');
    const unmet = checkPlanGoals(office, [], ['state(cabinet_3, door, closed)']);
    expect(unmet.ok && unmet.value.satisfied).toBe(false);
    expect(unmet.ok && unmet.value.failed[0]).toContain('cabinet_3');
    expect(checkPlanGoals(office, [], ['closed cabinet']).ok).toBe(false);
  });
});
