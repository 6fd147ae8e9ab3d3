// Loading a 10^6-node scene (issue 27, item 3): `pnpm exec tsx bench/load-at-scale.bench.ts`
// writes bench-results/load-at-scale.json. Each load runs in a fresh process (peak memory is that
// load's own), the current loader (loadSceneFile of the JSON) and the scene store's compact form
// taking turns in the same run, so the shared machine's load falls on both alike.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileSceneStore, generateScene, loadSceneFile } from '../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const resultsFile = join(here, '../bench-results/load-at-scale.json');
// The same 10^6-node building as scene-graph.bench.ts.
const OPTIONS = { seed: 1, floors: 2, roomsPerFloor: 50, assetsPerRoom: 10, objectsPerAsset: 999 };
const RUNS = 3;
const TARGET = { ms: 5_000, peakRssMb: 2_048 };

type Run = { ms: number; cpuMs: number; peakRssMb: number; otherCores?: number; loadavg1: number };

async function main(): Promise<void> {
  const [mode, path, ref] = process.argv.slice(2);
  if (mode === '--json') return print(await timed(() => loadSceneFile(path!)));
  if (mode === '--store') return print(await timed(() => fileSceneStore(path!).get(ref!)));

  const dir = await mkdtemp(join(tmpdir(), 'load-at-scale-'));
  try {
    const started = performance.now();
    const scene = generateScene(OPTIONS);
    const ref = await fileSceneStore(dir).put(scene);
    const json = join(dir, `${ref.slice('sha256:'.length)}.json`);
    console.log(`generated and stored ${scene.order} nodes in ${Math.round(performance.now() - started)} ms`);
    // The first load from the store reads the JSON and writes the compact form.
    const firstStoreLoad = child(['--store', dir, ref]);
    const compact = join(dir, `${ref.slice('sha256:'.length)}.scene-compact`);
    const reference: Run[] = [];
    const compactRuns: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      reference.push(child(['--json', json]));
      compactRuns.push(child(['--store', dir, ref]));
      console.log(`run ${i + 1}: json ${reference.at(-1)!.ms} ms, compact ${compactRuns.at(-1)!.ms} ms`);
    }
    const med = (runs: Run[], key: 'ms' | 'cpuMs' | 'peakRssMb') => median(runs.map((r) => r[key]));
    const results = {
      benchmark: 'load-at-scale',
      measuredAt: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
      machine: {
        node: process.version,
        cpus: cpus().length,
        loadavgAtEnd: loadavg().map((l) => round(l, 2)),
      },
      settings: { generateScene: OPTIONS, nodes: scene.order, edges: scene.size, runs: RUNS },
      files: {
        jsonMb: round((await stat(json)).size / 1e6, 1),
        compactMb: round((await stat(compact)).size / 1e6, 1),
      },
      reference:
        'loadSceneFile of the canonical JSON (read, JSON.parse, shape fast path, graph, structure fast path): the current loader',
      measured:
        'fileSceneStore(dir).get(ref) in a fresh process, the compact form present (written by the first load)',
      meaning:
        'ms is wall time, cpuMs the process CPU time (all threads, GC helpers included), otherCores how many cores other processes kept busy meanwhile; ratios are reference / compact medians',
      firstStoreLoadWritingCompact: firstStoreLoad,
      json: {
        medianMs: med(reference, 'ms'),
        medianCpuMs: med(reference, 'cpuMs'),
        medianPeakRssMb: med(reference, 'peakRssMb'),
        runs: reference,
      },
      compact: {
        medianMs: med(compactRuns, 'ms'),
        medianCpuMs: med(compactRuns, 'cpuMs'),
        medianPeakRssMb: med(compactRuns, 'peakRssMb'),
        runs: compactRuns,
      },
      ratios: {
        wall: round(med(reference, 'ms') / med(compactRuns, 'ms'), 2),
        cpu: round(med(reference, 'cpuMs') / med(compactRuns, 'cpuMs'), 2),
        peakRss: round(med(reference, 'peakRssMb') / med(compactRuns, 'peakRssMb'), 2),
      },
      target: {
        ...TARGET,
        compactMet: med(compactRuns, 'ms') < TARGET.ms && med(compactRuns, 'peakRssMb') < TARGET.peakRssMb,
        jsonMet: med(reference, 'ms') < TARGET.ms && med(reference, 'peakRssMb') < TARGET.peakRssMb,
      },
    };
    await mkdir(join(here, '../bench-results'), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote ${resultsFile}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function timed(load: () => Promise<{ ok: boolean }>): Promise<Run> {
  const busyBefore = busyCpuSeconds();
  const ownBefore = process.cpuUsage();
  const start = performance.now();
  const loaded = await load();
  const seconds = (performance.now() - start) / 1000;
  const own = process.cpuUsage(ownBefore);
  if (!loaded.ok) throw new Error(`the scene did not load: ${JSON.stringify(loaded).slice(0, 300)}`);
  const ownSeconds = (own.user + own.system) / 1e6;
  const others = (busyCpuSeconds() - busyBefore - ownSeconds) / seconds;
  return {
    ms: round(seconds * 1000),
    cpuMs: round(ownSeconds * 1000),
    peakRssMb: round(process.resourceUsage().maxRSS / 1024),
    ...(Number.isFinite(others) ? { otherCores: round(Math.max(0, others), 2) } : {}),
    loadavg1: round(loadavg()[0]!, 2),
  };
}

function child(args: string[]): Run {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), ...args],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as Run;
}

function print(run: Run): void {
  console.log(JSON.stringify(run));
}

// CPU seconds all processes spent busy since boot (Linux /proc/stat, USER_HZ = 100); NaN elsewhere.
function busyCpuSeconds(): number {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / 100;
  } catch {
    return Number.NaN;
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

function round(value: number, digits = 0): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

await main();
