// The built-in planners (ff, the default, and the older greedy best-first, gbfs) beside Fast
// Downward (lama-first) in one run over whole scenes, no pruning: every goal
// set of SayPlan's 30 office planning tasks and the 15 held-out tasks over the whole office, and
// Delft-style goal sets of N = 1..5 sub-tasks (put an object on or in an asset) on VirtualHome
// TestScene1-4. Every plan is verified by the simulator. Writes bench-results/fast-downward.json
// after every goal set, so an interrupted run leaves what it measured (marked incomplete).
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadSceneFile, type SceneGraph } from '@groundplan/scene-graph';
import { initialState } from '@groundplan/simulator';
import {
  DEFAULT_MAX_EXPANSIONS,
  DEFAULT_PLANNER_CONFIG,
  fastDownwardVersion,
  planForGoals,
  planWithFastDownward,
} from '../src/index.js';
import { emptyHandedOffice } from '../src/test-support/datasets.js';
import { delftGoalSets } from '../src/test-support/delft-goal-sets.js';
import { officePlanningTasks, verifiesAndReaches } from '../src/test-support/oracle-tasks.js';

const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const fastDownward = {
  ...DEFAULT_PLANNER_CONFIG.fastDownward,
  timeLimitSeconds: Number(process.env.FD_TIME_LIMIT ?? 120),
};
const maxExpansions = Number(process.env.MAX_EXPANSIONS ?? DEFAULT_MAX_EXPANSIONS);
// gbfs is the planner ff replaced; its budget is kept apart so the older figures stay comparable.
const gbfsMaxExpansions = Number(process.env.GBFS_MAX_EXPANSIONS ?? 5000);
// BENCH_PLANNERS=ff (say) runs only those, into a file of their own (whole-scenes-ff.json).
const PLANNERS = (process.env.BENCH_PLANNERS ?? 'ff,gbfs,fastDownward').split(',');
const BUILTIN = (['ff', 'gbfs'] as const).filter((name) => PLANNERS.includes(name));
const runFastDownward = PLANNERS.includes('fastDownward');
// BENCH_SHARD=i/n runs every n-th goal set from the i-th into its own file; BENCH_REVERSE=1 runs a
// shard's sets last to first into another file (a second process meeting the first half way);
// BENCH_MERGE=n joins n shards (and their reversed halves), each goal set once.
const [shard, shards] = (process.env.BENCH_SHARD ?? '0/1').split('/').map(Number) as [number, number];
const reverse = process.env.BENCH_REVERSE === '1';
const results = (name: string) => fileURLToPath(new URL(`../bench-results/${name}`, import.meta.url));
const base = PLANNERS.length === 3 ? 'fast-downward' : `whole-scenes-${PLANNERS.join('-')}`;
const out = results(
  shards === 1 && !reverse ? `${base}.json` : `${base}.shard${shard}${reverse ? '.rev' : ''}.json`,
);
if (process.env.BENCH_MERGE !== undefined) {
  const names = Array.from({ length: Number(process.env.BENCH_MERGE) }, (_, i) => [
    `fast-downward.shard${i}.json`,
    `fast-downward.shard${i}.rev.json`,
  ]).flat();
  const parts = (
    await Promise.all(
      names.map(async (name) => {
        try {
          return { name, ...JSON.parse(await readFile(results(name), 'utf8')) };
        } catch {
          return undefined;
        }
      }),
    )
  ).filter((part) => part !== undefined);
  const seen = new Set<string>();
  const rows = parts
    .flatMap((part) => part.rows as Record<string, unknown>[])
    .filter((row) => !seen.has(row.id as string) && seen.add(row.id as string));
  const {
    rows: _rows,
    summary: _summary,
    complete: _complete,
    loadavgAtEnd: _end,
    name: _name,
    ...header
  } = parts[0];
  const expected = Object.values(header.goalSets as Record<string, number>).reduce((a, b) => a + b, 0);
  await writeFile(
    results('fast-downward.json'),
    `${JSON.stringify({ ...header, shards: parts.map((part) => ({ file: part.name, commit: part.commit, complete: part.complete, loadavgAtStart: part.machine.loadavgAtStart, loadavgAtEnd: part.loadavgAtEnd ?? loadavg(), sets: part.rows.length })), complete: rows.length === expected, setsMeasured: rows.length, setsExpected: expected, summary: summarize(rows), rows }, null, 2)}\n`,
  );
  process.exit(0);
}

interface GoalSet {
  readonly family: string;
  readonly id: string;
  readonly scene: SceneGraph;
  readonly sceneName: string;
  readonly goals: string[];
}

const office = await emptyHandedOffice();
const sayplan = (await officePlanningTasks()).map(
  (task): GoalSet => ({
    family: 'sayplan-90',
    id: task.id,
    scene: task.scene,
    sceneName: 'office',
    goals: task.goals,
  }),
);
const heldOut = (
  JSON.parse(await readFile(repo('datasets/tasks/held-out-requirements.json'), 'utf8')) as {
    tasks: { id: string; environment: string; goal?: string[] }[];
  }
).tasks
  .filter((task) => task.goal !== undefined && task.environment === 'office')
  .map(
    (task): GoalSet => ({
      family: 'held-out',
      id: task.id,
      scene: office,
      sceneName: 'office',
      goals: task.goal!,
    }),
  );
const delft: GoalSet[] = [];
for (const name of ['TestScene1', 'TestScene2', 'TestScene3', 'TestScene4']) {
  const loaded = await loadSceneFile(repo(`datasets/external/virtualhome/${name}.json`));
  if (!loaded.ok) throw new Error(`${name}: ${loaded.error}`);
  const start = initialState(loaded.value);
  if (!start.ok) throw new Error(`${name}: ${start.error}`);
  for (const set of delftGoalSets(loaded.value, start.value, { sizes: [1, 2, 3, 4, 5], seed: name }))
    delft.push({
      family: 'delft-virtualhome',
      id: `${name}-n${set.goals.length}`,
      scene: loaded.value,
      sceneName: name,
      goals: set.goals,
    });
}
// Round-robin over the families, so a run cut short still covers each.
const families = [sayplan, heldOut, delft];
const sets: GoalSet[] = [];
for (let i = 0; i < Math.max(...families.map((f) => f.length)); i++)
  for (const family of families) if (family[i] !== undefined) sets.push(family[i]!);

const version = await fastDownwardVersion(fastDownward);
const header = {
  about:
    'Built-in planners (ff: lazy greedy best-first with the FF relaxed-plan estimate and helpful actions, the default; gbfs: greedy best-first over goal bounds, the previous default) beside Fast Downward lama-first over whole scenes (every room, asset and object usable, no pruning), in one run. Times are wall-clock ms on the shared machine; built-in cpuMs is this process; Fast Downward translate/search seconds are its own report. Every plan found is expanded and verified by the simulator and checked against the goals.',
  commit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
  fastDownward: version.ok ? version.value : version.error,
  settings: {
    alias: fastDownward.alias,
    fdTimeLimitSeconds: fastDownward.timeLimitSeconds,
    fdMemoryLimitMB: fastDownward.memoryLimitMB,
    ffMaxExpansions: maxExpansions,
    gbfsMaxExpansions,
  },
  machine: { cpus: cpus().length, loadavgAtStart: loadavg() },
  goalSets: { 'sayplan-90': sayplan.length, 'held-out': heldOut.length, 'delft-virtualhome': delft.length },
};
const rows: Record<string, unknown>[] = [];
await mkdir(fileURLToPath(new URL('../bench-results/', import.meta.url)), { recursive: true });

const mine = sets.filter((_, i) => i % shards === shard);
for (const set of reverse ? mine.reverse() : mine) {
  const nodes = set.scene.nodes();
  const builtin: Record<string, unknown> = {};
  for (const algorithm of BUILTIN) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const planned = planForGoals(set.scene, set.goals, {
      nodes,
      algorithm,
      maxExpansions: algorithm === 'gbfs' ? gbfsMaxExpansions : maxExpansions,
    });
    const ms = Math.round(performance.now() - started);
    const cpuMs = Math.round(process.cpuUsage(cpu).user / 1000);
    const verified = planned.ok ? verifiesAndReaches(set.scene, planned.value.plan, set.goals) : undefined;
    builtin[algorithm] = planned.ok
      ? {
          solved: verified === true,
          verified,
          ms,
          cpuMs,
          expansions: planned.value.expansions,
          length: planned.value.plan.length,
        }
      : { solved: false, reason: planned.error.reason, ms, cpuMs, expansions: planned.error.expansions };
  }
  const fdStarted = performance.now();
  const fd = runFastDownward
    ? await planWithFastDownward(set.scene, set.goals, { nodes, fastDownward })
    : undefined;
  const fdMs = performance.now() - fdStarted;
  rows.push({
    family: set.family,
    id: set.id,
    scene: set.sceneName,
    goals: set.goals,
    ...builtin,
    fastDownward: !fd
      ? undefined
      : fd.ok
        ? {
            solved: true,
            ms: Math.round(fdMs),
            translateCpuSeconds: fd.value.translateSeconds,
            searchSeconds: fd.value.searchSeconds,
            expansions: fd.value.expansions,
            length: fd.value.plan.length,
          }
        : { solved: false, reason: fd.error.reason, message: fd.error.message, ms: Math.round(fdMs) },
  });
  const last = rows.at(-1)!;
  console.log(set.id, JSON.stringify(last.ff), JSON.stringify(last.gbfs), JSON.stringify(last.fastDownward));
  await writeFile(
    out,
    `${JSON.stringify({ ...header, complete: false, loadavgAtEnd: loadavg(), summary: summarize(rows), rows }, null, 2)}\n`,
  );
}
await writeFile(
  out,
  `${JSON.stringify({ ...header, complete: true, loadavgAtEnd: loadavg(), summary: summarize(rows), rows }, null, 2)}\n`,
);

function summarize(all: Record<string, unknown>[]) {
  type Side = { solved: boolean; ms: number; expansions?: number; length?: number };
  const side = (row: Record<string, unknown>, key: string) => row[key] as Side;
  const quantile = (values: number[], q: number) => {
    if (values.length === 0) return null;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  };
  const of = (rowsOf: Record<string, unknown>[], key: string) => {
    const solved = rowsOf.filter((row) => side(row, key).solved);
    const ms = solved.map((row) => side(row, key).ms);
    return {
      sets: rowsOf.length,
      solved: solved.length,
      medianMs: quantile(ms, 0.5),
      p95Ms: quantile(ms, 0.95),
    };
  };
  const versusFd = (key: string) => {
    const both = all.filter((row) => side(row, key).solved && side(row, 'fastDownward').solved);
    const ratios = (field: 'ms' | 'length') =>
      both.map((row) => (side(row, key)[field] ?? 0) / Math.max(1, side(row, 'fastDownward')[field] ?? 0));
    const solvedByFd = all.filter((row) => side(row, 'fastDownward').solved);
    return {
      bothSolved: both.length,
      solvedOfFdSolved:
        solvedByFd.length === 0
          ? null
          : solvedByFd.filter((row) => side(row, key).solved).length / solvedByFd.length,
      medianTimeOverFd: quantile(ratios('ms'), 0.5),
      medianLengthOverFd: quantile(ratios('length'), 0.5),
      maxLengthOverFd: both.length === 0 ? null : Math.max(...ratios('length')),
      longerThanFdBy10Percent: ratios('length').filter((ratio) => ratio > 1.1).length,
    };
  };
  const planners: string[] = [...BUILTIN, ...(runFastDownward ? ['fastDownward'] : [])];
  const byFamily: Record<string, unknown> = {};
  for (const family of new Set(all.map((row) => row.family as string))) {
    const rowsOf = all.filter((row) => row.family === family);
    byFamily[family] = Object.fromEntries(planners.map((key) => [key, of(rowsOf, key)]));
  }
  return {
    ...Object.fromEntries(planners.map((key) => [key, of(all, key)])),
    byFamily,
    ...(runFastDownward
      ? { versusFastDownward: Object.fromEntries(BUILTIN.map((key) => [key, versusFd(key)])) }
      : {}),
  };
}
