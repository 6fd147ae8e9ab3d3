import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { agentLocation, fileSceneStore, parentOf, requireScene } from '@groundplan/scene-graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeScene } from '../test-support/office-scene.js';
import { createSimActivities } from './sim-activities.js';

describe('the advanceBelief activity', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-belief-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const scenes = fileSceneStore(dir);
  const sim = createSimActivities({ scenes });
  let beliefRef: string;
  beforeAll(async () => {
    beliefRef = await scenes.put(officeScene());
  });

  it('writes an executed step into the next belief version, agent place included', async () => {
    const moved = await sim.advanceBelief({ beliefRef, step: { action: 'goto', args: ['pose2'] } });
    expect(moved.changes).toEqual(['agent moved from pose1 to pose2']);
    expect(agentLocation(await requireScene(scenes, moved.beliefRef))).toBe('pose2');
    expect(moved.accessed).toBeNull();
  });

  it('threads the accessed asset from one step to the next', async () => {
    let ref = beliefRef;
    let accessed: string | null = null;
    for (const [action, arg] of [
      ['goto', 'pose2'],
      ['goto', 'kitchen'],
      ['access', 'counter'],
      ['pickup', 'mug'],
    ] as const) {
      const next = await sim.advanceBelief({ beliefRef: ref, accessed, step: { action, args: [arg] } });
      ref = next.beliefRef;
      accessed = next.accessed;
      if (action === 'pickup') expect(next.changes).toEqual(['mug moved from counter to agent']);
    }
    expect(accessed).toBe('counter');
    expect(parentOf(await requireScene(scenes, ref), 'mug')).toEqual({ parent: 'agent' });
  });

  it('merges an observation after the step, and a retried attempt gets the same ref and stores nothing new', async () => {
    const input = {
      beliefRef,
      step: { action: 'goto', args: ['nikos_office'] },
      observation: {
        kind: 'on' as const,
        target: 'nikos_desk',
        seen: [{ id: 'mug', type: 'object' as const, parent: 'nikos_desk' }],
      },
    };
    const first = await sim.advanceBelief(input);
    const files = readdirSync(dir).sort();
    const retried = await createSimActivities({ scenes: fileSceneStore(dir) }).advanceBelief(input);
    expect(retried).toEqual(first);
    expect(readdirSync(dir).sort()).toEqual(files);
    expect(first.changes).toEqual([
      'agent moved from pose1 to nikos_office',
      'mug moved from counter to nikos_desk',
    ]);
  });

  it('fails with type InvalidObservation, non-retryable, for an observation naming an unknown parent', async () => {
    const attempt = sim.advanceBelief({
      beliefRef,
      observation: {
        kind: 'on',
        target: 'counter',
        seen: [{ id: 'mug', type: 'object', parent: 'shelf_9' }],
      },
    });
    await expect(attempt).rejects.toMatchObject({
      type: 'InvalidObservation',
      nonRetryable: true,
      message: "look_on(counter): 'mug' rests on 'shelf_9', which is neither in the belief nor seen",
    });
  });

  it('fails with type BeliefStepFailed for a step the belief says cannot have run', async () => {
    const attempt = sim.advanceBelief({ beliefRef, step: { action: 'pickup', args: ['stapler'] } });
    await expect(attempt).rejects.toMatchObject({ type: 'BeliefStepFailed', nonRetryable: true });
    await expect(attempt).rejects.toThrow(
      /^the belief says the executed step cannot run: step 1 pickup\(stapler\)/,
    );
  });
});
