// verifyPlan throughput on the office graph against a naive simulator that copies the graph per step.
// Run: pnpm --filter @groundplan/simulator bench   (writes bench-results/simulator.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateScene, loadSceneFile, type SceneGraph } from '@groundplan/scene-graph';
import { verifyCopyingPerStep } from '../src/test-support/copying-simulator.js';
import { verifyPlan } from '../src/verify/verify-plan.js';
import { officeTour } from './office-tour.js';

const here = dirname(fileURLToPath(import.meta.url));
const officePath = resolve(here, '../../../datasets/office.json');
const TASKS = Number(process.env.BENCH_TASKS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

async function officeScene(): Promise<{ scene: SceneGraph; source: string }> {
  const loaded = await loadSceneFile(officePath).catch((error: Error) => ({ ok: false as const, error }));
  if (loaded.ok) return { scene: loaded.value, source: 'datasets/office.json' };
  console.warn('datasets/office.json not usable, generating an office-sized scene instead:', loaded.error);
  return {
    scene: generateScene({ seed: 7, floors: 3, roomsPerFloor: 12, assetsPerRoom: 4, objectsPerAsset: 1 }),
    source: 'generateScene({ seed: 7, floors: 3, roomsPerFloor: 12, assetsPerRoom: 4, objectsPerAsset: 1 })',
  };
}

/**
 * Runs fn repeatedly for about `seconds` after a warm-up; returns runs per wall-clock second and
 * per second of this process's CPU time (the machine is shared, so the second is the steadier).
 */
function measure(fn: () => void, seconds: number): { runs: number; perSecond: number; perCpuSecond: number } {
  const warmUntil = performance.now() + Math.min(1000, seconds * 300);
  while (performance.now() < warmUntil) fn();
  let runs = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const until = start + seconds * 1000;
  while (performance.now() < until) {
    fn();
    runs++;
  }
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return { runs, perSecond: runs / wall, perCpuSecond: runs / ((cpu.user + cpu.system) / 1e6) };
}

const { scene, source } = await officeScene();
const plan = officeTour(scene, TASKS);
const check = verifyPlan(scene, plan);
if (!check.ok) throw new Error(`the benchmark plan does not verify: ${check.failure.feedback}`);
if (verifyCopyingPerStep(scene, plan).failure !== undefined)
  throw new Error('the naive reference disagrees with verifyPlan');
const actionCounts: Record<string, number> = {};
for (const step of plan) actionCounts[step.action] = (actionCounts[step.action] ?? 0) + 1;

const fast = measure(() => {
  if (!verifyPlan(scene, plan).ok) throw new Error('verification failed');
}, SECONDS);
const naivePlan = plan.slice(0, Math.min(plan.length, 300));
const naive = measure(() => {
  if (verifyCopyingPerStep(scene, naivePlan).failure !== undefined) throw new Error('verification failed');
}, SECONDS);

const actionsPerSecond = fast.perSecond * plan.length;
const naiveActionsPerSecond = naive.perSecond * naivePlan.length;
const result = {
  benchmark: 'verifyPlan simulated actions per second on the office graph',
  scene: { source, nodes: scene.order, edges: scene.size },
  plan: { steps: plan.length, tasks: TASKS, actions: actionCounts },
  verifyPlan: {
    runs: fast.runs,
    actionsPerSecond: Math.round(actionsPerSecond),
    actionsPerCpuSecond: Math.round(fast.perCpuSecond * plan.length),
  },
  reference: {
    name: 'the same action table, with graph.copy() and the step written into the copy after every step',
    steps: naivePlan.length,
    runs: naive.runs,
    actionsPerSecond: Math.round(naiveActionsPerSecond),
    actionsPerCpuSecond: Math.round(naive.perCpuSecond * naivePlan.length),
  },
  speedupOverReference: Number((actionsPerSecond / naiveActionsPerSecond).toFixed(1)),
  speedupOverReferenceCpu: Number(
    ((fast.perCpuSecond * plan.length) / (naive.perCpuSecond * naivePlan.length)).toFixed(1),
  ),
  target: { actionsPerSecond: 200_000, met: actionsPerSecond >= 200_000 },
  environment: {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    loadAverage1m: Number(loadavg()[0]!.toFixed(2)),
    date: new Date().toISOString(),
  },
};
const out = resolve(here, '../bench-results/simulator.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
