// The crash soak of issue 13: N plan-and-execute runs ("Close Jason's cabinet." in copies of the
// office; replay model with latency; simulated robot) while a seeded chaos loop SIGKILLs a random
// worker role (planner, llm, sim, robot: one process each) and starts it again, and the dev
// server restarts now and then. Writes the report to reports/crash-soak.json (or --out).
//   pnpm --filter @groundplan/worker soak [-- --runs 100 --restarts 10 --seed 7]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { crashSoak } from '../src/test-support/crash-soak.js';
import { loadSampler } from '../src/test-support/load-sampler.js';
import { median } from '../src/test-support/recovery-times.js';
import { FLEET_INSTRUCTION } from '../src/test-support/worker-fleet.js';

const repo = new URL('../../../', import.meta.url).pathname;
// pnpm passes its own `--` separator through; it is not an argument.
const args = process.argv.slice(2);
const { values } = parseArgs({
  args: args[0] === '--' ? args.slice(1) : args,
  options: {
    runs: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '4' },
    'processes-per-role': { type: 'string', default: '1' },
    restarts: { type: 'string', default: '10' },
    seed: { type: 'string' },
    'kill-gap-min': { type: 'string', default: '5' },
    'kill-gap-max': { type: 'string', default: '20' },
    'latency-ms': { type: 'string', default: '500' },
    'heartbeat-timeout': { type: 'string', default: '2' },
    out: { type: 'string', default: `${repo}reports/crash-soak.json` },
  },
});
const number = (name: keyof typeof values, min: number): number => {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < min) {
    console.error(`crash-soak: --${name} must be a number >= ${min}`);
    process.exit(1);
  }
  return value;
};
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : number('seed', 0);
const options = {
  runs: number('runs', 1),
  concurrency: number('concurrency', 1),
  processesPerRole: number('processes-per-role', 1),
  seed,
  killGapSeconds: { min: number('kill-gap-min', 0), max: number('kill-gap-max', 0) },
  serverRestarts: number('restarts', 0),
  llmLatencyMs: number('latency-ms', 0),
  llmConcurrency: 4,
  robotTimeScale: 0.005,
  heartbeatTimeoutSeconds: number('heartbeat-timeout', 1),
  runDeadlineSeconds: 900,
};
console.log(`crash soak: seed ${seed}, ${options.runs} runs, ${options.serverRestarts} server restarts`);

const dir = mkdtempSync(`${tmpdir()}/groundplan-crash-soak-`);
const load = loadSampler();
const date = new Date().toISOString();
let report: Awaited<ReturnType<typeof crashSoak>>;
try {
  report = await crashSoak({
    ...options,
    dir,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const machine = load.stop();
const targets = {
  allRunsCompleteAsReference: report.completedAsReference === options.runs,
  serverRestarts: report.serverRestarts.length,
  noRepeatedCompletedCalls:
    report.llm.repeatedCompletedCalls === 0 && report.llm.completed === report.llm.needed,
  noStepAppliedTwice: report.runsWithAStepAppliedTwice === 0,
  medianRecoveryUnder5s: report.medianRecoverySeconds !== null && report.medianRecoverySeconds < 5,
};
const out = resolve(values.out);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      benchmark:
        'crash soak: plan-and-execute runs under random SIGKILLs of worker roles and dev server restarts',
      date,
      command: `pnpm --filter @groundplan/worker soak -- ${args.filter((a) => a !== '--').join(' ')}`.trim(),
      seed,
      options,
      instruction: FLEET_INSTRUCTION,
      scene: 'datasets/office.json (one copy per run, differing only in the description)',
      llm: 'replay (datasets/cassettes/close-jasons-cabinet.cassette.json)',
      targets,
      summary: {
        runs: options.runs,
        completedAsReference: report.completedAsReference,
        lost: report.runs.filter((r) => r.status === 'lost').length,
        kills: report.kills.length,
        killsByRole: Object.fromEntries(
          ['planner', 'llm', 'sim', 'robot'].map((role) => [
            role,
            report.kills.filter((k) => k.role === role).length,
          ]),
        ),
        serverRestarts: report.serverRestarts.length,
        llm: report.llm,
        runsWithAStepAppliedTwice: report.runsWithAStepAppliedTwice,
        stepsFoundAlreadyDone: report.runs.reduce((n, r) => n + r.alreadyDone, 0),
        medianRecoverySeconds: report.medianRecoverySeconds,
        medianRecoverySecondsByRole: report.medianRecoverySecondsByRole,
        medianRecoveryAfterReadySeconds: report.medianRecoveryAfterReadySeconds,
        medianReadySeconds: median(report.kills.map((k) => k.readySeconds)),
        seconds: report.seconds,
      },
      machine: {
        cores: availableParallelism(),
        cpu: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        ...machine,
        note: 'shared with other engineers; every worker process, the dev server and this script on these cores',
      },
      kills: report.kills,
      serverRestartTimes: report.serverRestarts,
      runs: report.runs,
    },
    null,
    2,
  )}\n`,
);
console.log(JSON.stringify(targets));
console.log(`-> ${out}`);
