// Does planning throughput scale with LLM workers? Runs a batch of M identical planTask runs
// with one, then two LLM worker processes (the reference is one), on one planner worker and one
// sim worker process. The replay provider with an injected latency stands in for a local model:
// each LLM worker answers one call at a time, LATENCY ms late.
//   pnpm --filter @groundplan/worker bench [-- --runs 20 --latency-ms 1000]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import { createRoleWorkers } from '@groundplan/workflows/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { replayLlmEnv, servedAnswers } from '../src/test-support/replay-llm.js';
import { startWorkerProcess, type WorkerProcess } from '../src/worker-process.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, 'latency-ms': { type: 'string', default: '1000' } },
});
const runs = Number(values.runs);
const latencyMs = Number(values['latency-ms']);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(latencyMs) || latencyMs < 0) {
  console.error('usage: scaling.bench.ts [--runs M (>= 1)] [--latency-ms L (>= 0)]');
  process.exit(1);
}

const repo = (path: string) => new URL(`../../../${path}`, import.meta.url).pathname;
const instruction = "Close Jason's cabinet.";
const resultsPath = new URL('../bench-results/scaling.json', import.meta.url).pathname;

type Phase = {
  llmWorkers: number;
  seconds: number;
  runsPerMinute: number;
  verifiedRuns: number;
  llmCalls: number;
  callsPerWorker: number[];
};

const dataDir = mkdtempSync(`${tmpdir()}/groundplan-scaling-bench-`);
const sceneStore = `${dataDir}/scenes`;
const office = await loadSceneFile(repo('datasets/office.json'));
if (!office.ok) throw new Error('datasets/office.json does not load');
const sceneRef = await fileSceneStore(sceneStore).put(office.value);
const env: TestWorkflowEnvironment = await createTestEnvironment({
  searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES,
});
const common = {
  TEMPORAL_ADDRESS: env.address,
  GROUNDPLAN_DATA_DIR: dataDir,
  GROUNDPLAN_SCENE_STORE: sceneStore,
};

const llmWorker = (hitLog: string) =>
  startWorkerProcess(['--roles', 'llm'], {
    ...common,
    ...replayLlmEnv({ latencyMs, hitLog, concurrency: 1 }),
  });

async function stop(processes: WorkerProcess[]): Promise<void> {
  for (const p of processes) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => p.exited));
}

const served = (hitLog: string) => servedAnswers(hitLog).length;

async function batch(count: number): Promise<{ seconds: number; verified: number }> {
  const started = performance.now();
  const handles = await Promise.all(
    Array.from({ length: count }, () => startPlanTask(env.client, 'office', { sceneRef, instruction })),
  );
  const results = await Promise.all(handles.map((h) => runOutcome(h)));
  return {
    seconds: (performance.now() - started) / 1000,
    verified: results.filter((r) => r.status === 'verified').length,
  };
}

/** Starts `workers` LLM worker processes, runs the batch, stops them; only the batch is timed. */
async function phase(workers: number, warmUp: boolean): Promise<Phase> {
  const hitLogs = Array.from({ length: workers }, (_, i) => `${dataDir}/llm-${workers}-${i}.hits`);
  const processes = await Promise.all(hitLogs.map(llmWorker));
  try {
    // One run first, so the planner and sim workers' first-task costs do not count against 1 worker.
    if (warmUp) await batch(1);
    const before = hitLogs.map(served);
    const { seconds, verified } = await batch(runs);
    const callsPerWorker = hitLogs.map((log, i) => served(log) - before[i]!);
    const result = {
      llmWorkers: workers,
      seconds: Number(seconds.toFixed(2)),
      runsPerMinute: Number(((runs / seconds) * 60).toFixed(2)),
      verifiedRuns: verified,
      llmCalls: callsPerWorker.reduce((a, b) => a + b, 0),
      callsPerWorker,
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await stop(processes);
  }
}

const sim = await startWorkerProcess(['--roles', 'sim'], common);
const planner = await (
  await createRoleWorkers(env.nativeConnection, { roles: ['planner'], namespace: env.namespace })
)[0]!;
const plannerRun = planner.run();
const loadBefore = loadavg();
let one: Phase;
let two: Phase;
try {
  one = await phase(1, true);
  two = await phase(2, false);
} finally {
  planner.shutdown();
  await plannerRun;
  await stop([sim]);
  await env.teardown();
  rmSync(dataDir, { recursive: true, force: true });
}
const loadAfter = loadavg();

const report = {
  benchmark: 'planTask runs per minute with 1 vs 2 LLM worker processes',
  date: new Date().toISOString(),
  reference: 'one LLM worker process',
  runs,
  instruction,
  scene: 'datasets/office.json',
  llm: {
    provider: 'replay (datasets/cassettes/close-jasons-cabinet.cassette.json)',
    latencyMsPerCall: latencyMs,
    concurrencyPerWorker: 1,
    callsPerRun: one.llmCalls / runs,
  },
  oneWorker: one,
  twoWorkers: two,
  ratio: Number((two.runsPerMinute / one.runsPerMinute).toFixed(3)),
  // The bound when only the LLM limits throughput: workers / (calls per run x latency).
  llmBoundRunsPerMinute:
    latencyMs > 0
      ? {
          one: Number((60_000 / ((one.llmCalls / runs) * latencyMs)).toFixed(2)),
          two: Number((120_000 / ((one.llmCalls / runs) * latencyMs)).toFixed(2)),
        }
      : null,
  machine: {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    loadAverageAfter: loadAfter.map((l) => Number(l.toFixed(2))),
    node: process.version,
    note: 'shared with other engineers; one planner worker in this process, sim and LLM workers as processes',
  },
};
mkdirSync(new URL('../bench-results/', import.meta.url).pathname, { recursive: true });
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`ratio ${report.ratio} (2 vs 1 LLM workers) -> ${resultsPath}`);
