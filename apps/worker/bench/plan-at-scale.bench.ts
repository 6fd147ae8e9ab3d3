// A planning task in a 10^4-room building through the real workflow, plan only (issue 27): the
// building is generated from the committed seed at run time (generatePlanningTask: a violin and a
// piano placed in rooms the seed chooses; "Put the violin on the piano." has one right goal), put
// in a scene store, its retrieval index made once (as the llm role caches it, by the scene's
// hash; timed apart), then planTask runs on a worker process with every role and the embedded
// model, for the default planner and, in turn with it, the reference. Each run: wall seconds,
// activities per stage (count, seconds, tokens, calls), status, whether the goal holds in the
// simulated end state. Writes bench-results/plan-at-scale.json (or --out).
//   pnpm --filter @groundplan/worker plan-at-scale [-- --runs 1 --floors 100 --rooms-per-floor 100]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openRetrieval } from '@groundplan/retrieval';
import {
  buildSceneGraph,
  fileSceneStore,
  type GenerateSceneOptions,
  generatePlanningTask,
} from '@groundplan/scene-graph';
import { checkPlanGoals } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import {
  GROUNDPLAN_SEARCH_ATTRIBUTES,
  PlannerVariantSchema,
  type PlanTaskResult,
} from '@groundplan/workflows/contract';
import { loadSampler } from '../src/test-support/load-sampler.js';
import { median } from '../src/test-support/recovery-times.js';
import { type Stage, stagesOf } from '../src/test-support/run-stages.js';
import { startWorkerProcess } from '../src/worker-process.js';

const repo = new URL('../../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const { values } = parseArgs({
  args: args[0] === '--' ? args.slice(1) : args,
  options: {
    runs: { type: 'string', default: '1' },
    seed: { type: 'string', default: '2702' },
    floors: { type: 'string', default: '100' },
    'rooms-per-floor': { type: 'string', default: '100' },
    'assets-per-room': { type: 'string', default: '2' },
    'objects-per-asset': { type: 'string', default: '2' },
    planner: { type: 'string', default: 'grounded' },
    reference: { type: 'string', default: 'grounded-prior' },
    'timeout-s': { type: 'string', default: '600' },
    out: {
      type: 'string',
      default: new URL('../bench-results/plan-at-scale.json', import.meta.url).pathname,
    },
  },
});
const runs = Number(values.runs);
const timeoutMs = Number(values['timeout-s']) * 1000;
const options: GenerateSceneOptions = {
  seed: Number(values.seed),
  floors: Number(values.floors),
  roomsPerFloor: Number(values['rooms-per-floor']),
  assetsPerRoom: Number(values['assets-per-room']),
  objectsPerAsset: Number(values['objects-per-asset']),
};
if (
  !Number.isInteger(runs) ||
  runs < 1 ||
  Object.values(options).some((n) => !Number.isInteger(n) || n < 0)
) {
  console.error(
    'usage: plan-at-scale.bench.ts [--runs N] [--seed S] [--floors F] [--rooms-per-floor R] [--assets-per-room A] [--objects-per-asset O] [--planner P] [--reference P] [--timeout-s T] [--out FILE]',
  );
  process.exit(1);
}
/** The bound on a plan-only run in a 10^4-room building on this 2-core machine. */
const TARGET_SECONDS = 120;

type PlanRun = {
  planner: string;
  wallSeconds: number;
  workflowId: string;
  status: PlanTaskResult['status'] | 'error';
  error?: string;
  plan?: string[];
  goalHolds: boolean;
  failedGoals?: string[];
  searchSteps?: number;
  llmCalls?: number;
  tokens?: number;
  stages?: Record<string, Stage>;
};

// The building and its task, the same from the same options; kept under one data dir, so the
// retrieval index is made once for the scene's hash and read from disk by later runs.
let started = performance.now();
const { scene: file, task } = generatePlanningTask(options);
const graph = buildSceneGraph(file);
const generateSeconds = seconds(started);
const rooms = file.nodes.filter((node) => node.kind === 'room').length;
const dataDir = `${tmpdir()}/groundplan-plan-at-scale`;
const sceneRef = await fileSceneStore(`${dataDir}/scenes`).put(graph);
console.log(
  `${rooms} rooms, ${graph.order} nodes, scene ${sceneRef.slice(0, 12)}; generated in ${generateSeconds} s`,
);
started = performance.now();
const retrieval = await openRetrieval({ cacheDir: `${dataDir}/retrieval` });
if (!retrieval.ok) throw new Error(retrieval.error);
await retrieval.value.indexFor(sceneRef, graph);
const index = {
  seconds: seconds(started),
  from: retrieval.value.counts.disk > 0 ? 'disk (made by an earlier run)' : 'embedded now',
  textsEmbedded: retrieval.value.counts.textsEmbedded,
};
console.log(`retrieval index: ${index.from} in ${index.seconds} s`);

const load = loadSampler();
const env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
const records: PlanRun[] = [];
let workerSeconds = 0;
try {
  started = performance.now();
  const worker = await startWorkerProcess(['--roles', 'planner,llm,sim'], {
    TEMPORAL_ADDRESS: env.address,
    GROUNDPLAN_DATA_DIR: dataDir,
    GROUNDPLAN_SCENE_STORE: `${dataDir}/scenes`,
  });
  workerSeconds = seconds(started);
  try {
    for (let i = 1; i <= runs; i++)
      for (const planner of [values.planner, values.reference]) {
        const record = await planOnce(planner);
        records.push(record);
        console.log(
          `run ${i} ${planner}: ${record.status} in ${record.wallSeconds} s, goal ${record.goalHolds ? 'holds' : 'does not hold'}`,
        );
      }
  } finally {
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
} finally {
  await env.teardown();
}
const machine = load.stop();

const of = (planner: string) => records.filter((r) => r.planner === planner);
const summary = (planner: string) => ({
  runs: of(planner).length,
  verified: of(planner).filter((r) => r.status === 'verified').length,
  goalHolds: of(planner).filter((r) => r.goalHolds).length,
  wallSeconds: { median: median(of(planner).map((r) => r.wallSeconds)) ?? Number.NaN },
  llmCalls: median(of(planner).map((r) => r.llmCalls ?? 0)) ?? Number.NaN,
  tokens: median(of(planner).map((r) => r.tokens ?? 0)) ?? Number.NaN,
});
const job = summary(values.planner);
const reference = summary(values.reference);
const report = {
  benchmark: 'a planning task in a generated 10^4-room building through planTask (plan only)',
  date: new Date().toISOString(),
  commit: execFileSync('git', ['describe', '--always', '--dirty'], { cwd: repo, encoding: 'utf8' }).trim(),
  command:
    `pnpm --filter @groundplan/worker plan-at-scale -- ${args.filter((a) => a !== '--').join(' ')}`.trim(),
  building: {
    generator: 'generatePlanningTask',
    options,
    rooms,
    nodes: graph.order,
    sceneRef,
    generateSeconds,
  },
  task,
  retrievalIndex: {
    ...index,
    note: 'made once per scene hash before the runs and cached on disk; not in the runs',
  },
  worker: {
    roles: 'planner,llm,sim in one process (apps/worker), default provider (the embedded model)',
    llmThreads: process.env.GROUNDPLAN_LLM_THREADS ?? 'default (every core)',
    readySeconds: workerSeconds,
  },
  note: 'each run is planTask alone (no execution); the default planner and the reference in turn, the reference a named ablation in the same run',
  target: {
    wallSeconds: TARGET_SECONDS,
    met: job.wallSeconds.median < TARGET_SECONDS && job.verified === job.runs && job.goalHolds === job.runs,
  },
  summary: {
    job: { planner: values.planner, ...job },
    reference: { planner: values.reference, ...reference },
    wallRatioJobToReference: Number((job.wallSeconds.median / reference.wallSeconds.median).toFixed(2)),
  },
  machine: { cores: availableParallelism(), cpu: cpus()[0]?.model, node: process.version, ...machine },
  runs: records,
};
const out = resolve(values.out);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report.summary));
console.log(`-> ${out}`);

/** One planTask run, timed from start to result; then its stages from the histories and its goal check. */
async function planOnce(planner: string): Promise<PlanRun> {
  const begun = performance.now();
  const handle = await startPlanTask(env.client, task.id, {
    sceneRef,
    instruction: task.instruction,
    options: { planner: PlannerVariantSchema.parse(planner), ask: false },
  });
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    runOutcome<PlanTaskResult>(handle).then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.message }),
    ),
    new Promise<{ error: string }>((done) => {
      timer = setTimeout(() => done({ error: `timed out after ${timeoutMs / 1000} s` }), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  const wallSeconds = seconds(begun);
  if ('error' in result) {
    await handle.terminate('plan-at-scale timeout').catch(() => undefined);
    return {
      planner,
      wallSeconds,
      workflowId: handle.workflowId,
      status: 'error',
      error: result.error,
      goalHolds: false,
      stages: await stagesOf(env.client, handle.workflowId),
    };
  }
  const run = result.value;
  const checked = run.status === 'verified' ? checkPlanGoals(graph, run.expandedPlan, task.goal) : undefined;
  if (checked && !checked.ok) throw new Error(`the task's goal does not parse: ${checked.error}`);
  return {
    planner,
    wallSeconds,
    workflowId: handle.workflowId,
    status: run.status,
    ...(run.reason ? { error: run.reason } : {}),
    plan: run.plan.map((step) => `${step.action}(${step.args.join(', ')})`),
    goalHolds: checked?.ok === true && checked.value.satisfied,
    ...(checked?.ok && checked.value.failed.length > 0 ? { failedGoals: checked.value.failed } : {}),
    searchSteps: run.searchTrace.length,
    llmCalls: run.usage.calls,
    tokens: run.usage.promptTokens + run.usage.completionTokens,
    stages: await stagesOf(env.client, handle.workflowId),
  };
}

function seconds(since: number): number {
  return Number(((performance.now() - since) / 1000).toFixed(1));
}
