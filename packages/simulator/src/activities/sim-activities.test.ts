import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimActivities } from './sim-activities.js';

const officePath = new URL('../../../../datasets/office.json', import.meta.url).pathname;

describe('the simulation activities on the office scene', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-sim-activities-`);
  const scenes = fileSceneStore(dir);
  const sim = createSimActivities(scenes);
  let sceneRef: string;
  beforeAll(async () => {
    const office = await loadSceneFile(officePath);
    if (!office.ok) throw new Error('datasets/office.json does not load');
    sceneRef = await scenes.put(office.value);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from a collapsed view and grows it by expanding a room', async () => {
    const collapsed = await sim.collapseScene({ sceneRef });
    expect(collapsed.view).toEqual({ expanded: [], memory: [] });
    const expanded = await sim.applySearchCommand({
      sceneRef,
      view: collapsed.view,
      command: 'expand',
      node: 'kitchen',
    });
    expect(expanded.ok && expanded.value.view.expanded).toEqual(['kitchen']);
    expect(expanded.ok && expanded.value.tokens).toBeGreaterThan(collapsed.tokens);
  });

  it('returns an invalid search command as text for the LLM, not a failure', async () => {
    const { view } = await sim.collapseScene({ sceneRef });
    const result = await sim.applySearchCommand({ sceneRef, view, command: 'contract', node: 'kitchen' });
    expect(result).toEqual({ ok: false, error: expect.stringContaining('kitchen') });
  });

  it('fills in poses between rooms and verifies the full plan', async () => {
    const expanded = await sim.expandPath({ sceneRef, plan: [{ action: 'goto', args: ['kitchen'] }] });
    expect(expanded.ok && expanded.value.length).toBeGreaterThan(1);
    expect(expanded.ok && expanded.value.at(-1)).toEqual({ action: 'goto', args: ['kitchen'] });
    if (!expanded.ok) return;
    expect(await sim.verifyPlan({ sceneRef, plan: expanded.value })).toEqual({
      ok: true,
      steps: expanded.value.length,
    });
  });

  it('catches a plan that skips the poses, with feedback', async () => {
    const verdict = await sim.verifyPlan({ sceneRef, plan: [{ action: 'goto', args: ['kitchen'] }] });
    expect(verdict).toMatchObject({ ok: false, index: 0, feedback: expect.stringContaining('kitchen') });
  });

  it('fails without retries when the scene is not in the store', async () => {
    const missing = sim.collapseScene({ sceneRef: `sha256:${'1'.repeat(64)}` });
    await expect(missing).rejects.toBeInstanceOf(ApplicationFailure);
    await expect(missing).rejects.toMatchObject({ type: 'SceneNotFound', nonRetryable: true });
  });
});
