import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { agentLocation, fileSceneStore, parseScene, type SceneGraph } from '@groundplan/scene-graph';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulatedRobot } from './simulated-robot.js';
import { SkillFailed, type SkillProgress } from './skill-executor.js';
import { RobotWorldCorrupt, readWorld, worldFilePath } from './world-file.js';

const parsed = parseScene({
  format: 'groundplan.scene-graph',
  version: 1,
  name: 'two-rooms',
  nodes: [
    { id: 'floor1', kind: 'floor' },
    { id: 'kitchen', kind: 'room', position: [0, 2, 0] },
    { id: 'office', kind: 'room', position: [8, 2, 0] },
    { id: 'pose1', kind: 'pose', position: [0, 0, 0] },
    { id: 'pose2', kind: 'pose', position: [8, 0, 0] },
    { id: 'fridge', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close', 'contain'] },
    { id: 'banana', kind: 'object', affordances: ['pickup'] },
    { id: 'robot', kind: 'agent' },
  ],
  edges: [
    { kind: 'hierarchy', source: 'floor1', target: 'kitchen' },
    { kind: 'hierarchy', source: 'floor1', target: 'office' },
    { kind: 'hierarchy', source: 'kitchen', target: 'fridge' },
    { kind: 'hierarchy', source: 'fridge', target: 'banana', relation: 'inside' },
    { kind: 'navigation', source: 'kitchen', target: 'pose1' },
    { kind: 'navigation', source: 'office', target: 'pose2' },
    { kind: 'navigation', source: 'pose1', target: 'pose2' },
    { kind: 'at', source: 'robot', target: 'pose1' },
  ],
});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
const scene: SceneGraph = parsed.value;

function progress(resumeFrom?: number, signal = new AbortController().signal) {
  const beats: number[] = [];
  const value: SkillProgress = { resumeFrom, heartbeat: (d) => beats.push(d as number), signal };
  return { value, beats };
}

describe('the simulated robot', () => {
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-robot-`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const scenes = fileSceneStore(`${dataDir}/scenes`);
  // 2 m/s at 1/100 time: the 8 m corridor takes 4 robot seconds, 40 ms of real time.
  const robot = (robotId: string) =>
    createSimulatedRobot({ robotId, scenes, dataDir, speedMps: 2, timeScale: 0.01, tickMs: 5 });

  it('drives to the next pose, heartbeating metres travelled, and keeps the world on disk', async () => {
    const sceneRef = await scenes.put(scene);
    const p = progress();
    const outcome = await robot('r1').runSkill(
      { sceneRef, stepId: 'run1:0', step: { action: 'goto', args: ['pose2'] } },
      p.value,
    );
    expect(outcome).toMatchObject({ status: 'done', robotSeconds: 4, resumedFrom: 0 });
    expect(p.beats.at(-1)).toBe(8);
    expect(p.beats.length).toBeGreaterThan(2);
    const saved = await readWorld(worldFilePath(dataDir, 'r1', sceneRef));
    expect(saved && agentLocation(saved.world)).toBe('pose2');
  });

  it('does not apply a step twice when an attempt is retried after it completed', async () => {
    const sceneRef = await scenes.put(scene);
    const again = await robot('r1').runSkill(
      { sceneRef, stepId: 'run1:0', step: { action: 'goto', args: ['pose2'] } },
      progress().value,
    );
    expect(again.status).toBe('already-done');
    const saved = await readWorld(worldFilePath(dataDir, 'r1', sceneRef));
    expect(saved && agentLocation(saved.world)).toBe('pose2');
  });

  it('resumes navigation from the last heartbeat instead of starting over', async () => {
    const sceneRef = await scenes.put(scene);
    const p = progress(6);
    const outcome = await robot('r2').runSkill(
      { sceneRef, stepId: 'run2:0', step: { action: 'goto', args: ['pose2'] } },
      p.value,
    );
    expect(outcome.resumedFrom).toBe(6);
    expect(p.beats[0]).toBeGreaterThan(6);
  });

  it('keeps the accessed asset between skills, as a robot keeps its arm at the fridge', async () => {
    const sceneRef = await scenes.put(scene);
    const r = robot('r5');
    const run = (stepId: string, action: string, target: string) =>
      r.runSkill({ sceneRef, stepId, step: { action, args: [target] } }, progress().value);
    await run('run5:0', 'goto', 'kitchen');
    await run('run5:1', 'access', 'fridge');
    const opened = await run('run5:2', 'open', 'fridge');
    expect(opened.status).toBe('done');
    const saved = await readWorld(worldFilePath(dataDir, 'r5', sceneRef));
    expect(saved?.accessed).toBe('fridge');
    expect(saved?.world.getNodeAttribute('fridge', 'state')).toEqual({ door: 'open' });
  });

  it('refuses a skill that cannot succeed in its world, with the simulator feedback', async () => {
    const sceneRef = await scenes.put(scene);
    const attempt = robot('r3').runSkill(
      { sceneRef, stepId: 'run3:0', step: { action: 'pickup', args: ['banana'] } },
      progress().value,
    );
    await expect(attempt).rejects.toBeInstanceOf(SkillFailed);
    await expect(attempt).rejects.toThrow(/banana/);
  });

  it('stops where it is when cancelled, applying nothing', async () => {
    const sceneRef = await scenes.put(scene);
    const controller = new AbortController();
    const slow = createSimulatedRobot({
      robotId: 'r4',
      scenes,
      dataDir,
      speedMps: 0.5,
      timeScale: 1,
      tickMs: 20,
    });
    const run = slow.runSkill(
      { sceneRef, stepId: 'run4:0', step: { action: 'goto', args: ['pose2'] } },
      progress(undefined, controller.signal).value,
    );
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toThrow();
    expect(await readWorld(worldFilePath(dataDir, 'r4', sceneRef))).toBeUndefined();
  });
});

describe('a corrupt robot world file', () => {
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-robot-corrupt-`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const scenes = fileSceneStore(`${dataDir}/scenes`);

  it.each([
    ['{"appliedSteps": [', /corrupt \(not JSON\)/],
    ['{"world": {}}', /corrupt \(no list of applied steps\)/],
    ['{"appliedSteps": [], "world": {"format": "nope"}}', /corrupt \(its world is not a valid scene\)/],
  ])('%s: refuses to act, in one line, and leaves the file as it was', async (text, message) => {
    const sceneRef = await scenes.put(scene);
    const path = worldFilePath(dataDir, 'r9', sceneRef);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    const robot = createSimulatedRobot({ robotId: 'r9', scenes, dataDir, timeScale: 0.001, tickMs: 1 });
    const attempt = robot.runSkill(
      { sceneRef, stepId: 'x:0', step: { action: 'goto', args: ['pose2'] } },
      progress().value,
    );
    await expect(attempt).rejects.toBeInstanceOf(RobotWorldCorrupt);
    await expect(attempt).rejects.toThrow(message);
    await expect(attempt).rejects.not.toThrow(/\n/);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
