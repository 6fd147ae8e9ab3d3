import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  memorySceneStore,
  type Observation,
  parentOf,
  parseScene,
  type SceneFile,
  type SceneGraph,
} from '@groundplan/scene-graph';
import { mergeObservation } from '@groundplan/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulatedRobot, type SimulatedRobotOptions } from './simulated-robot.js';
import { SkillFailed, type SkillProgress } from './skill-executor.js';

// What the planners believe: the mug on the table, the banana in the (closed) fridge.
const BELIEF: SceneFile = {
  format: 'groundplan.scene-graph',
  version: 1,
  name: 'kitchen',
  nodes: [
    { id: 'floor1', kind: 'floor' },
    { id: 'kitchen', kind: 'room' },
    { id: 'pose1', kind: 'pose' },
    { id: 'table', kind: 'asset' },
    { id: 'fridge', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close', 'contain'] },
    { id: 'mug', kind: 'object', state: { contents: 'empty' }, affordances: ['pickup'] },
    { id: 'plate', kind: 'object', affordances: ['pickup'] },
    { id: 'fork', kind: 'object', affordances: ['pickup'] },
    { id: 'banana', kind: 'object', affordances: ['pickup'] },
    { id: 'robot', kind: 'agent' },
  ],
  edges: [
    { kind: 'hierarchy', source: 'floor1', target: 'kitchen' },
    { kind: 'hierarchy', source: 'kitchen', target: 'table' },
    { kind: 'hierarchy', source: 'kitchen', target: 'fridge' },
    { kind: 'hierarchy', source: 'table', target: 'mug', relation: 'on' },
    { kind: 'hierarchy', source: 'table', target: 'plate', relation: 'on' },
    { kind: 'hierarchy', source: 'plate', target: 'fork', relation: 'on' },
    { kind: 'hierarchy', source: 'fridge', target: 'banana', relation: 'inside' },
    { kind: 'navigation', source: 'kitchen', target: 'pose1', distance: 2 },
    { kind: 'at', source: 'robot', target: 'kitchen' },
  ],
};

// The truth: someone put the mug in the fridge.
const TRUTH: SceneFile = {
  ...BELIEF,
  edges: BELIEF.edges.map((edge) =>
    edge.kind === 'hierarchy' && edge.target === 'mug'
      ? { ...edge, source: 'fridge', relation: 'inside' }
      : edge,
  ),
};

function graph(file: SceneFile): SceneGraph {
  const parsed = parseScene(file);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

const progress = (): SkillProgress => ({
  resumeFrom: undefined,
  heartbeat: () => {},
  signal: new AbortController().signal,
});

describe('a simulated robot whose true world differs from the belief', async () => {
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-truth-`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const scenes = memorySceneStore();
  const belief = graph(BELIEF);
  const beliefRef = await scenes.put(belief);
  const truthRef = await scenes.put(graph(TRUTH));
  let robots = 0;
  const robot = (options: Partial<SimulatedRobotOptions> = {}) =>
    createSimulatedRobot({
      robotId: `r${++robots}`,
      scenes,
      dataDir,
      timeScale: 0.001,
      tickMs: 1,
      trueWorld: (ref) => (ref === beliefRef ? truthRef : undefined),
      ...options,
    });
  const run = (r: ReturnType<typeof robot>, stepId: string, action: string, ...args: string[]) =>
    r.runSkill({ sceneRef: beliefRef, stepId, step: { action, args } }, progress());

  it('fails a skill whose precondition fails in the truth, saying why and what it saw there', async () => {
    const r = robot();
    await run(r, 's0', 'access', 'table');
    const failed = await run(r, 's1', 'pickup', 'mug').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(SkillFailed);
    expect((failed as SkillFailed).message).toBe('pickup(mug): mug is not on table');
    const seen = (failed as SkillFailed).observation;
    expect(seen).toEqual({
      kind: 'on',
      target: 'table',
      seen: [
        { id: 'plate', type: 'object', parent: 'table', relation: 'on', affordances: ['pickup'] },
        { id: 'fork', type: 'object', parent: 'plate', relation: 'on', affordances: ['pickup'] },
      ],
    });
    // Merged, the observation takes the mug off the table in the belief.
    const corrected = mergeObservation(belief, seen as Observation);
    expect(corrected.ok && corrected.value.hasNode('mug')).toBe(false);
    expect(corrected.ok && parentOf(corrected.value, 'fork')).toEqual({ parent: 'plate', relation: 'on' });
  });

  it('says an object missing from the truth is not where it looked, and an asset a plan misplaced where it is', async () => {
    const noMug: SceneFile = {
      ...BELIEF,
      nodes: BELIEF.nodes.filter((node) => node.id !== 'mug'),
      edges: BELIEF.edges.filter((edge) => edge.kind !== 'hierarchy' || edge.target !== 'mug'),
    };
    const missingRef = await scenes.put(graph(noMug));
    const r = robot({ trueWorld: () => missingRef });
    await run(r, 's0', 'access', 'table');
    await expect(run(r, 's1', 'pickup', 'mug')).rejects.toThrow(/^pickup\(mug\): mug is not on table$/);
    await run(r, 's2', 'goto', 'pose1');
    const misplaced = (await run(r, 's3', 'access', 'fridge').catch(
      (error: unknown) => error,
    )) as SkillFailed;
    expect(misplaced.message).toBe(
      'cannot access(fridge): fridge is in kitchen but the agent is at pose1; goto(kitchen) first',
    );
    // At a pose the robot sees no room, so it reports no observation.
    expect(misplaced.observation).toBeUndefined();
  });

  it('looks inside an open container and reports the truth exactly at miss rate 0', async () => {
    const r = robot();
    await run(r, 's0', 'access', 'fridge');
    await run(r, 's1', 'open', 'fridge');
    const look = await run(r, 's2', 'look_inside', 'fridge');
    expect(look).toMatchObject({ status: 'done', robotSeconds: 4 });
    expect(look.observation).toEqual({
      kind: 'inside',
      target: 'fridge',
      seen: [
        { id: 'banana', type: 'object', parent: 'fridge', relation: 'inside', affordances: ['pickup'] },
        {
          id: 'mug',
          type: 'object',
          parent: 'fridge',
          relation: 'inside',
          state: { contents: 'empty' },
          affordances: ['pickup'],
        },
      ],
      states: { fridge: { door: 'open' } },
    });
    // The mug is where the look says: picking it up from the open fridge works.
    await expect(run(r, 's3', 'pickup', 'mug')).resolves.toMatchObject({ status: 'done' });
  });

  it('refuses to look inside a closed container, and to look around a room it is not in', async () => {
    const r = robot();
    await expect(run(r, 's0', 'look_inside', 'fridge')).rejects.toThrow(
      'cannot look_inside(fridge): fridge is closed; access(fridge) and open(fridge) before looking inside',
    );
    await run(r, 's1', 'goto', 'pose1');
    await expect(run(r, 's2', 'look_around', 'kitchen')).rejects.toThrow(
      /not in kitchen; goto\(kitchen\) first/,
    );
  });

  it('looks around: assets and what is on them, not what is inside the closed fridge', async () => {
    const look = await run(robot(), 's0', 'look_around', 'kitchen');
    // The mug is in the closed fridge in the truth, so it is not seen, nor is the banana.
    expect(look.observation?.seen.map((node) => node.id)).toEqual(['fridge', 'table', 'plate', 'fork']);
  });

  it('draws misses and false detections from (seed, step id): a retried look sees the same', async () => {
    const noisy = { seed: 7, missRate: 0.5, falseDetectionRate: 0.5 };
    const looks = async (seed: number) => {
      const r = robot({ perception: { ...noisy, seed } });
      const seen: (Observation | undefined)[] = [];
      for (let i = 0; i < 8; i++) {
        const first = await run(r, `look${i}`, 'look_on', 'table');
        const retried = await run(r, `look${i}`, 'look_on', 'table');
        expect(retried.status).toBe('already-done');
        expect(retried.observation).toEqual(first.observation);
        seen.push(first.observation);
      }
      return seen;
    };
    const seven = await looks(7);
    expect(await looks(7)).toEqual(seven);
    // Some looks miss something, some see something that is not there, and they differ by step.
    const ids = seven.map((observation) => (observation?.seen ?? []).map((node) => node.id).join(','));
    expect(new Set(ids).size).toBeGreaterThan(1);
    expect(ids.some((list) => !list.includes('plate'))).toBe(true);
    expect(ids.some((list) => list.includes('banana') || list.includes('mug'))).toBe(true);
    expect(await looks(8)).not.toEqual(seven);
  });

  it('misses every object at miss rate 1, and sees one thing that is not there at false-detection rate 1', async () => {
    const blind = await run(robot({ perception: { missRate: 1 } }), 's0', 'look_on', 'table');
    expect(blind.observation?.seen).toEqual([]);
    const seeing = await run(robot({ perception: { falseDetectionRate: 1 } }), 's0', 'look_on', 'table');
    const ids = seeing.observation?.seen.map((node) => node.id);
    expect(ids).toHaveLength(3);
    expect(ids?.slice(0, 2)).toEqual(['plate', 'fork']);
    expect(['banana', 'mug']).toContain(ids?.[2]);
  });
});
