import { allWorkSpans } from './recovery-times.js';
import { PROCESS_ROLES, type ProcessRole } from './role-processes.js';
import { resultDifferences, worldDifferences } from './run-comparison.js';
import { startWorkerFleet } from './worker-fleet.js';

export type LoadOptions = {
  /** Working folder (the dev server's SQLite file, scenes, robot worlds, hit logs). */
  dir: string;
  /** Runs started at once. */
  runs: number;
  counts: Record<ProcessRole, number>;
  llmLatencyMs: number;
  /** Answers each LLM process serves at once. */
  llmConcurrency: number;
  robotTimeScale: number;
  /** A run not finished this long after the batch started counts as lost. */
  deadlineSeconds: number;
  log?: (line: string) => void;
};

export type LoadRun = { run: number; seconds: number; status: string; problems: string[]; error?: string };

export type LoadReport = {
  /** The reference: one run alone on the same workers, before the batch. */
  alone: { seconds: number; llmCalls: number };
  batch: {
    runs: number;
    completed: number;
    /** Completed with the same plan, steps and robot world as the run alone. */
    completedAsAlone: number;
    lost: number;
    seconds: number;
    runsPerMinute: number;
    /** Seconds from a run's start to its result. */
    latency: { p50: number; p95: number; max: number };
    llmCallsServed: number;
  };
  /**
   * Per role, the tasks it ran (activities; workflow tasks for the planner) and the seconds they
   * took from start to close, summed: where the batch's time went.
   */
  busy: Record<ProcessRole, { tasks: number; seconds: number }>;
  runs: LoadRun[];
};

/** The q-quantile (0..1) of the numbers by the nearest-rank method. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * The load benchmark: one run alone (the reference), then `runs` plan-and-execute runs started
 * at once against one dev server and the given worker processes per role; every run is checked
 * against the one alone, and throughput and latency are measured.
 */
export async function concurrentLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  const fleet = await startWorkerFleet({
    dir: options.dir,
    scenes: options.runs + 1,
    counts: options.counts,
    llm: { latencyMs: options.llmLatencyMs, concurrency: options.llmConcurrency },
    robotTimeScale: options.robotTimeScale,
  });
  try {
    const [aloneScene, ...scenes] = fleet.scenes;
    const aloneStarted = performance.now();
    const aloneId = await fleet.startRun(aloneScene!);
    const alone = await fleet.outcome(aloneId, Date.now() + options.deadlineSeconds * 1000);
    const aloneSeconds = (performance.now() - aloneStarted) / 1000;
    const aloneWorld = await fleet.world(aloneScene!);
    if (alone.status !== 'completed' || !aloneWorld)
      throw new Error(`the run alone did not complete: ${alone.status}`);
    const llmCalls = fleet.servedCalls();
    log(`one run alone: ${aloneSeconds.toFixed(2)} s, ${llmCalls} LLM calls`);

    const deadline = Date.now() + options.deadlineSeconds * 1000;
    const batchStarted = performance.now();
    const runs = await Promise.all(
      scenes.map(async (scene, run): Promise<LoadRun> => {
        const started = performance.now();
        const seconds = () => Number(((performance.now() - started) / 1000).toFixed(2));
        try {
          const id = await fleet.startRun(scene);
          const result = await fleet.outcome(id, deadline);
          const problems = [
            ...resultDifferences(result, alone),
            ...worldDifferences(await fleet.world(scene), aloneWorld, result.execution?.steps.length ?? 0),
          ];
          return { run, seconds: seconds(), status: result.status, problems };
        } catch (error) {
          return { run, seconds: seconds(), status: 'lost', problems: [], error: (error as Error).message };
        }
      }),
    );
    const batchSeconds = (performance.now() - batchStarted) / 1000;
    const latencies = runs.filter((r) => r.status !== 'lost').map((r) => r.seconds);
    const completed = runs.filter((r) => r.status === 'completed').length;
    const round = (n: number) => Number(n.toFixed(2));
    const spans = await allWorkSpans(fleet.client);
    const busy = (role: ProcessRole) => {
      const ran = spans.filter(
        (s) => s.role === role && s.startedMs !== undefined && s.closedMs !== undefined,
      );
      return {
        tasks: ran.length,
        seconds: round(ran.reduce((t, s) => t + (s.closedMs! - s.startedMs!), 0) / 1000),
      };
    };
    return {
      busy: Object.fromEntries(PROCESS_ROLES.map((role) => [role, busy(role)])) as LoadReport['busy'],
      alone: { seconds: round(aloneSeconds), llmCalls },
      batch: {
        runs: options.runs,
        completed,
        completedAsAlone: runs.filter((r) => r.status === 'completed' && r.problems.length === 0).length,
        lost: runs.filter((r) => r.status === 'lost').length,
        seconds: round(batchSeconds),
        runsPerMinute: round((completed / batchSeconds) * 60),
        latency: {
          p50: quantile(latencies, 0.5),
          p95: quantile(latencies, 0.95),
          max: quantile(latencies, 1),
        },
        llmCallsServed: fleet.servedCalls() - llmCalls,
      },
      runs,
    };
  } finally {
    await fleet.stop();
  }
}
