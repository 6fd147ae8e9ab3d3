import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileSceneStore, parseScene } from '@groundplan/scene-graph';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRobotActivities } from './activities.js';
import { createSimulatedRobot } from './simulated-robot.js';
import type { runOneSkill } from './test-support/run-skill-workflow.js';

const scene = (mugOn: string) => {
  const parsed = parseScene({
    format: 'groundplan.scene-graph',
    version: 1,
    name: 'kitchen',
    nodes: [
      { id: 'floor1', kind: 'floor' },
      { id: 'kitchen', kind: 'room' },
      { id: 'table', kind: 'asset' },
      { id: 'bench', kind: 'asset' },
      { id: 'mug', kind: 'object', affordances: ['pickup'] },
      { id: 'robot', kind: 'agent' },
    ],
    edges: [
      { kind: 'hierarchy', source: 'floor1', target: 'kitchen' },
      { kind: 'hierarchy', source: 'kitchen', target: 'table' },
      { kind: 'hierarchy', source: 'kitchen', target: 'bench' },
      { kind: 'hierarchy', source: mugOn, target: 'mug', relation: 'on' },
      { kind: 'at', source: 'robot', target: 'kitchen' },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
};

describe('the runSkill activity on a real Temporal server', () => {
  let env: Awaited<ReturnType<typeof createTestEnvironment>>;
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-robot-activity-`);
  const scenes = fileSceneStore(`${dataDir}/scenes`);
  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  afterAll(async () => {
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails with type SkillFailed, the reason and the observation in its details; a look returns its observation', async () => {
    const beliefRef = await scenes.put(scene('table'));
    const truthRef = await scenes.put(scene('bench'));
    const robot = createSimulatedRobot({
      robotId: 'sim-1',
      scenes,
      dataDir,
      timeScale: 0.001,
      tickMs: 1,
      trueWorld: (ref) => (ref === beliefRef ? truthRef : undefined),
    });
    const taskQueue = 'groundplan-robot-sim-1-test';
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: new URL('./test-support/run-skill-workflow.ts', import.meta.url).pathname,
      activities: createRobotActivities({ robot }),
    });
    const run = (stepId: string, action: string, target: string) =>
      env.client.workflow.execute<typeof runOneSkill>('runOneSkill', {
        taskQueue,
        workflowId: `robot-activity-${stepId}`,
        args: [{ sceneRef: beliefRef, stepId, step: { action, args: [target] } }],
      });
    await worker.runUntil(async () => {
      expect(await run('a', 'access', 'table')).toMatchObject({ ok: true });
      expect(await run('b', 'pickup', 'mug')).toEqual({
        ok: false,
        type: 'SkillFailed',
        details: [
          {
            reason: 'pickup(mug): mug is not on table',
            observation: { kind: 'on', target: 'table', seen: [] },
          },
        ],
      });
      const look = await run('c', 'look_around', 'kitchen');
      expect(look).toMatchObject({
        ok: true,
        outcome: { status: 'done', observation: { kind: 'around', target: 'kitchen' } },
      });
      const seen = look.ok
        ? (look.outcome as { observation: { seen: { id: string; parent: string }[] } }).observation.seen
        : [];
      expect(seen.map(({ id, parent }) => `${id}@${parent}`)).toEqual([
        'bench@kitchen',
        'mug@bench',
        'table@kitchen',
      ]);
    });
  });
});
