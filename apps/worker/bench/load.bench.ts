// The load benchmark of issue 13: 200 plan-and-execute runs ("Close Jason's cabinet." in copies
// of the office; replay model with latency; simulated robot) started at once against one dev
// server with 2 planner, 4 LLM and 2 sim worker processes and one robot worker. The reference,
// in the same run: one run alone on the same workers. Writes bench-results/load.json (or --out).
//   pnpm --filter @groundplan/worker load [-- --runs 200 --latency-ms 500]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { concurrentLoad } from '../src/test-support/concurrent-load.js';
import { loadSampler } from '../src/test-support/load-sampler.js';
import { FLEET_INSTRUCTION } from '../src/test-support/worker-fleet.js';

// pnpm passes its own `--` separator through; it is not an argument.
const args = process.argv.slice(2);
const { values } = parseArgs({
  args: args[0] === '--' ? args.slice(1) : args,
  options: {
    runs: { type: 'string', default: '200' },
    'latency-ms': { type: 'string', default: '500' },
    out: { type: 'string', default: new URL('../bench-results/load.json', import.meta.url).pathname },
  },
});
const runs = Number(values.runs);
const latencyMs = Number(values['latency-ms']);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(latencyMs) || latencyMs < 0) {
  console.error('usage: load.bench.ts [--runs N (>= 1)] [--latency-ms L (>= 0)] [--out FILE]');
  process.exit(1);
}
const counts = { planner: 2, llm: 4, sim: 2, robot: 1 };
const options = {
  runs,
  counts,
  llmLatencyMs: latencyMs,
  llmConcurrency: 1,
  robotTimeScale: 0.001,
  deadlineSeconds: 1800,
};
console.log(`load: ${runs} runs at once; worker processes ${JSON.stringify(counts)}`);

const dir = mkdtempSync(`${tmpdir()}/groundplan-load-`);
const load = loadSampler();
const date = new Date().toISOString();
let report: Awaited<ReturnType<typeof concurrentLoad>>;
try {
  report = await concurrentLoad({ ...options, dir, log: (line) => console.log(line) });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const machine = load.stop();
const { alone, batch } = report;
const callsPerRun = alone.llmCalls;
const result = {
  benchmark: 'plan-and-execute runs started at once against one dev server',
  date,
  command: `pnpm --filter @groundplan/worker load -- ${args.filter((a) => a !== '--').join(' ')}`.trim(),
  instruction: FLEET_INSTRUCTION,
  scene: 'datasets/office.json (one copy per run, differing only in the description)',
  workerProcesses: counts,
  llm: {
    provider: 'replay (datasets/cassettes/close-jasons-cabinet.cassette.json)',
    latencyMsPerCall: latencyMs,
    concurrencyPerProcess: 1,
    callsPerRun,
  },
  robot: { id: 'one simulated robot, one skill at a time', timeScale: options.robotTimeScale },
  reference: 'one run alone on the same worker processes, just before the batch',
  alone,
  batch,
  targets: { allComplete: batch.completed === runs, noneLost: batch.lost === 0 },
  ratios: {
    // How much longer a run takes in the crowd than alone.
    p50LatencyVsAlone: Number((batch.latency.p50 / alone.seconds).toFixed(2)),
    // How many runs finish per minute against one run at a time (60 / the run alone's seconds).
    throughputVsOneAtATime: Number((batch.runsPerMinute / (60 / alone.seconds)).toFixed(2)),
  },
  // The bound when only the LLM limits throughput: processes x 60 s / (calls per run x latency).
  llmBoundRunsPerMinute:
    latencyMs > 0 ? Number(((counts.llm * 60_000) / (callsPerRun * latencyMs)).toFixed(2)) : null,
  machine: {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    ...machine,
    note: 'shared with other engineers; 9 worker processes (from source through tsx), the dev server and this script on these cores',
  },
  // Per role: tasks run and their summed start-to-close seconds (the robot runs one skill at a time).
  busy: report.busy,
  lostOrWrong: report.runs.filter((r) => r.status !== 'completed' || r.problems.length > 0),
  latencies: report.runs.map((r) => r.seconds),
};
const out = resolve(values.out);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ batch, ratios: result.ratios }));
console.log(`-> ${out}`);
