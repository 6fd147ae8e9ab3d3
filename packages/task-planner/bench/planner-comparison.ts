// The built-in planners side by side on the same goal sets, for the benches: one run of a planner,
// what the run was made on, and each planner's figures over the reference's (ff, the default).
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { SceneGraph } from '@groundplan/scene-graph';
import {
  type BuiltinSearch,
  DEFAULT_MAX_EXPANSIONS,
  DEFAULT_PLANNER_CONFIG,
  planForGoals,
} from '../src/index.js';
import { verifiesAndReaches } from '../src/test-support/oracle-tasks.js';

/** The planners every goal set is given, the reference first: ff is what planForGoals runs by default. */
export const PLANNERS = ['ff', 'gbfs', 'astar'] as const satisfies readonly BuiltinSearch[];
export type Planner = (typeof PLANNERS)[number];
export const REFERENCE: Planner = 'ff';
// The reference is whatever the task planner runs by default; a new default should be a new reference.
if (DEFAULT_PLANNER_CONFIG.planner !== REFERENCE)
  throw new Error(
    `the default planner is ${DEFAULT_PLANNER_CONFIG.planner}, the benches' reference ${REFERENCE}`,
  );

export const limits = {
  maxExpansions: Number(process.env.MAX_EXPANSIONS ?? DEFAULT_MAX_EXPANSIONS),
  // Each (goal set, planner) is timed this many times, interleaved with the other planners, and
  // the median kept: the machine is shared, so one run's time is partly other work's.
  repeats: Number(process.env.BENCH_REPEATS ?? 5),
};

/** Settings recorded in every result: the same budget for every planner, and why there is no time limit. */
export const settings = {
  reference: REFERENCE,
  planners: PLANNERS,
  maxExpansions: limits.maxExpansions,
  repeats: limits.repeats,
  timeLimit:
    'none for any planner: only ff takes a wall-clock limit (maxMilliseconds), gbfs and astar do not, so all three get the expansion budget alone',
};

type Outcome =
  | { solved: true; length: number; expansions: number; generated: number }
  | {
      solved: false;
      reason: string;
      /** The expansion budget when the search ran out of it; no partial plan is kept. */
      budget?: number;
      /** Set when a plan was found but the simulator rejected it or it misses a goal. */
      verification?: string;
      expansions: number;
    };

/** One planner on one goal set: times are medians over the repeats, wall-clock and this process's CPU (user + system). */
export type PlannerRun = Outcome & { ms: number; cpuMs: number };

/** Plans the goals with every planner, `limits.repeats` times each, and verifies every plan found. */
export function runPlanners(
  scene: SceneGraph,
  goals: readonly string[],
  nodes: readonly string[],
): Record<Planner, PlannerRun> {
  const times = Object.fromEntries(
    PLANNERS.map((planner) => [planner, { ms: [] as number[], cpuMs: [] as number[] }]),
  ) as Record<Planner, { ms: number[]; cpuMs: number[] }>;
  const outcomes: Partial<Record<Planner, Outcome>> = {};
  for (let repeat = 0; repeat < limits.repeats; repeat++) {
    for (const planner of PLANNERS) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = planForGoals(scene, goals, {
        nodes: [...nodes],
        algorithm: planner,
        maxExpansions: limits.maxExpansions,
      });
      const used = process.cpuUsage(cpu);
      times[planner].ms.push(performance.now() - started);
      times[planner].cpuMs.push((used.user + used.system) / 1000);
      if (repeat > 0) {
        const expansions = result.ok ? result.value.expansions : result.error.expansions;
        if (expansions !== outcomes[planner]!.expansions)
          throw new Error(
            `${planner} expanded ${expansions} states, not ${outcomes[planner]!.expansions} as before`,
          );
        continue;
      }
      if (!result.ok) {
        outcomes[planner] = {
          solved: false,
          reason: result.error.reason,
          ...(result.error.reason === 'budget' ? { budget: limits.maxExpansions } : {}),
          expansions: result.error.expansions,
        };
        continue;
      }
      const verified = verifiesAndReaches(scene, result.value.plan, goals);
      outcomes[planner] =
        verified === true
          ? {
              solved: true,
              length: result.value.plan.length,
              expansions: result.value.expansions,
              generated: result.value.generated,
            }
          : {
              solved: false,
              reason: 'not_verified',
              verification: verified,
              expansions: result.value.expansions,
            };
    }
  }
  return Object.fromEntries(
    PLANNERS.map((planner) => [
      planner,
      {
        ...outcomes[planner]!,
        ms: round(median(times[planner].ms)),
        cpuMs: round(median(times[planner].cpuMs)),
      },
    ]),
  ) as Record<Planner, PlannerRun>;
}

/** Per planner over all goal sets, and its figures over the reference's on the sets both solve. */
export function comparePlanners(runs: readonly Record<Planner, PlannerRun>[]) {
  const solvedBy = (planner: Planner) =>
    runs.map((run) => run[planner]).filter((run): run is Extract<PlannerRun, { solved: true }> => run.solved);
  const summary = (planner: Planner) => {
    const solved = solvedBy(planner);
    const field = (key: 'ms' | 'cpuMs' | 'expansions' | 'length') => solved.map((run) => run[key]);
    return {
      solved: solved.length,
      of: runs.length,
      budgetHit: runs.filter((run) => !run[planner].solved && run[planner].reason === 'budget').length,
      // Over the sets this planner solved.
      medianMs: quantile(field('ms'), 0.5),
      p95Ms: quantile(field('ms'), 0.95),
      medianCpuMs: quantile(field('cpuMs'), 0.5),
      p95CpuMs: quantile(field('cpuMs'), 0.95),
      medianExpansions: quantile(field('expansions'), 0.5),
      maxExpansions: solved.length === 0 ? null : Math.max(...field('expansions')),
      medianLength: quantile(field('length'), 0.5),
    };
  };
  const versusReference = (planner: Planner) => {
    const both = runs.filter((run) => run[planner].solved && run[REFERENCE].solved) as Record<
      Planner,
      Extract<PlannerRun, { solved: true }>
    >[];
    const ratio = (key: 'ms' | 'cpuMs' | 'expansions' | 'length') => {
      const ratios = both.map((run) => run[planner][key] / Math.max(run[REFERENCE][key], 0.01));
      const total = (who: Planner) => both.reduce((sum, run) => sum + run[who][key], 0);
      return {
        median: round(quantile(ratios, 0.5), 3),
        min: both.length === 0 ? null : round(Math.min(...ratios), 3),
        max: both.length === 0 ? null : round(Math.max(...ratios), 3),
        ofTotals: both.length === 0 ? null : round(total(planner) / Math.max(total(REFERENCE), 0.01), 3),
      };
    };
    const referenceSolved = solvedBy(REFERENCE).length;
    return {
      solved: referenceSolved === 0 ? null : round(solvedBy(planner).length / referenceSolved, 3),
      bothSolved: both.length,
      ms: ratio('ms'),
      cpuMs: ratio('cpuMs'),
      expansions: ratio('expansions'),
      length: ratio('length'),
      longer: both.filter((run) => run[planner].length > run[REFERENCE].length).length,
      shorter: both.filter((run) => run[planner].length < run[REFERENCE].length).length,
    };
  };
  return {
    reference: REFERENCE,
    planners: Object.fromEntries(PLANNERS.map((planner) => [planner, summary(planner)])),
    // Planner over reference: below 1 is less time, fewer expansions or a shorter plan than ff's;
    // medians and extremes of the per-set ratios, and the ratio of the sums, over sets both solve.
    versusReference: Object.fromEntries(
      PLANNERS.filter((planner) => planner !== REFERENCE).map((planner) => [
        planner,
        versusReference(planner),
      ]),
    ),
  };
}

/** What a result was made with and on: the commit (and whether the tree differed), Node, the load at start. */
export function runContext() {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const changed = git('status', '--porcelain', '--untracked-files=no')
    .split('\n')
    .filter((line) => line !== '' && !line.includes('bench-results/'));
  return {
    commit: git('rev-parse', 'HEAD'),
    uncommittedChanges: changed.length > 0,
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: cpus().length, loadavgAtStart: loadavg() },
  };
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5) ?? Number.NaN;
}

// Nearest rank, as in fast-downward.bench.ts.
function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function round(value: number, digits?: number): number;
function round(value: number | null, digits?: number): number | null;
function round(value: number | null, digits = 1): number | null {
  return value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
}
