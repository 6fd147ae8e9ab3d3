import { setTimeout as sleep } from 'node:timers/promises';
import { mulberry32 } from '@groundplan/scene-graph';
import type { PlanAndExecuteResult } from '@groundplan/workflows/contract';
import { allWorkSpans, type Kill, median, type Recovery, recoveryAfter } from './recovery-times.js';
import { PROCESS_ROLES, type ProcessRole } from './role-processes.js';
import { resultDifferences, worldDifferences } from './run-comparison.js';
import { startWorkerFleet } from './worker-fleet.js';

/** Activities on the LLM queue that make no model call, so they are not counted against the model's answers. */
const MODEL_FREE_LLM_ACTIVITIES: readonly string[] = ['readInstruction'];

export type SoakOptions = {
  /** Working folder (the dev server's SQLite file, scenes, robot worlds, hit logs). */
  dir: string;
  runs: number;
  /** Worker processes per role: with 2, a killed process's work can move to its twin. */
  processesPerRole: number;
  /** Runs in flight at once. */
  concurrency: number;
  /** Seeds the chaos: which role is killed and when. */
  seed: number;
  /** Seconds between one kill's restart and the next kill: uniform in [min, max]. */
  killGapSeconds: { min: number; max: number };
  /** Stop killing after this many kills (the test's bound); no bound when absent. */
  maxKills?: number;
  /** Dev server restarts, spread evenly over the runs' completions. */
  serverRestarts: number;
  llmLatencyMs: number;
  /** Answers each LLM process serves at once. */
  llmConcurrency: number;
  robotTimeScale: number;
  /** Heartbeat timeout of LLM calls and skills, in each run's input. */
  heartbeatTimeoutSeconds: number;
  /** A run not finished this long after its start counts as lost. */
  runDeadlineSeconds: number;
  log?: (line: string) => void;
};

/** A SIGKILL: when, which process, how long its replacement took to be ready, how the work recovered. */
export type SoakKill = Kill & { pid: number; readySeconds: number } & Recovery;

export type SoakRun = {
  run: number;
  workflowId: string | undefined;
  seconds: number;
  status: PlanAndExecuteResult['status'] | 'lost';
  /** What differs from the reference run's result; empty when nothing. */
  differences: string[];
  /** What is wrong with the robot's world after the run (a step applied twice or not at all). */
  worldProblems: string[];
  /** Steps the robot found already applied by an earlier attempt (so it did not apply them again). */
  alreadyDone: number;
  error?: string;
};

export type SoakReport = {
  runs: SoakRun[];
  completedAsReference: number;
  kills: SoakKill[];
  serverRestarts: { atMs: number; downSeconds: number }[];
  llm: {
    /** LLM calls the reference run made; every run needs the same. */
    callsPerRun: number;
    /** callsPerRun x (runs + 1): the reference and every soak run. */
    needed: number;
    /** LLM activities completed, summed over every history: `needed` unless a completed call was made again. */
    completed: number;
    /** Answers the replay model served / requests it received, over every LLM process. */
    served: number;
    asked: number;
    /** Attempts of LLM calls that died with a killed worker or server (each may have been served before it died). */
    retriedAttempts: number;
    /** Answers served beyond the needed calls and the attempts that died: calls made again after they completed. */
    repeatedCompletedCalls: number;
  };
  runsWithAStepAppliedTwice: number;
  medianRecoverySeconds: number | null;
  medianRecoverySecondsByRole: Record<ProcessRole, number | null>;
  /** The median of recovery minus the replacement's start-up: how long the work waited once a worker was there. */
  medianRecoveryAfterReadySeconds: number | null;
  seconds: number;
};

/**
 * The crash soak: a reference run with no chaos, then `runs` plan-and-execute runs while a chaos
 * loop SIGKILLs a random worker role at random times and starts it again, and the dev server
 * restarts now and then. Checks every run against the reference and measures recovery per kill.
 */
export async function crashSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const random = mulberry32(options.seed);
  const began = performance.now();
  const fleet = await startWorkerFleet({
    dir: options.dir,
    scenes: options.runs + 1,
    counts: {
      planner: options.processesPerRole,
      llm: options.processesPerRole,
      sim: options.processesPerRole,
      robot: options.processesPerRole,
    },
    llm: { latencyMs: options.llmLatencyMs, concurrency: options.llmConcurrency },
    robotTimeScale: options.robotTimeScale,
    heartbeatTimeoutSeconds: options.heartbeatTimeoutSeconds,
  });
  try {
    const [referenceScene, ...runScenes] = fleet.scenes;
    const referenceId = await fleet.startRun(referenceScene!);
    const reference = await fleet.outcome(referenceId, Date.now() + options.runDeadlineSeconds * 1000);
    const referenceWorld = await fleet.world(referenceScene!);
    if (reference.status !== 'completed' || !referenceWorld)
      throw new Error(`the reference run did not complete: ${reference.status}`);
    const callsPerRun = fleet.servedCalls();
    log(`reference run completed (${callsPerRun} LLM calls, ${reference.execution?.steps.length} steps)`);

    const kills: SoakKill[] = [];
    const serverRestarts: SoakReport['serverRestarts'] = [];
    let completed = 0;
    let restartsDue = 0;
    const milestones = Array.from({ length: options.serverRestarts }, (_, k) =>
      Math.max(1, Math.floor(((k + 1) * options.runs) / (options.serverRestarts + 1))),
    );
    let finished = false;

    async function chaos(): Promise<void> {
      const gap = () =>
        (options.killGapSeconds.min + random() * (options.killGapSeconds.max - options.killGapSeconds.min)) *
        1000;
      let nextKill = Date.now() + gap();
      while (!finished || restartsDue > 0) {
        if (restartsDue > 0) {
          restartsDue -= 1;
          const atMs = Date.now();
          const downSeconds = await fleet.restartServer();
          serverRestarts.push({ atMs, downSeconds });
          log(`server restart ${serverRestarts.length}: down ${downSeconds} s`);
        } else if (Date.now() >= nextKill && kills.length < (options.maxKills ?? Number.POSITIVE_INFINITY)) {
          const role = PROCESS_ROLES[Math.floor(random() * PROCESS_ROLES.length)]!;
          const atMs = Date.now();
          const index = Math.floor(random() * options.processesPerRole);
          const pid = await fleet.processes.kill(role, index);
          await fleet.processes.start(role, index);
          const readyAtMs = Date.now();
          const readySeconds = Number(((readyAtMs - atMs) / 1000).toFixed(2));
          kills.push({
            role,
            atMs,
            readyAtMs,
            pid,
            readySeconds,
            stuck: 0,
            inFlight: 0,
            firstProgressSeconds: null,
            recoverySeconds: null,
          });
          log(`kill ${kills.length}: ${role} (pid ${pid}), restarted in ${readySeconds} s`);
          nextKill = Date.now() + gap();
        }
        await sleep(100);
      }
    }

    async function soakRun(run: number): Promise<SoakRun> {
      const started = performance.now();
      let workflowId: string | undefined;
      const seconds = () => Number(((performance.now() - started) / 1000).toFixed(2));
      try {
        workflowId = await fleet.startRun(runScenes[run]!);
        const result = await fleet.outcome(workflowId, Date.now() + options.runDeadlineSeconds * 1000);
        const world = await fleet.world(runScenes[run]!);
        const differences = resultDifferences(result, reference);
        const worldProblems = worldDifferences(world, referenceWorld!, result.execution?.steps.length ?? 0);
        const alreadyDone = result.execution?.steps.filter((s) => s.status === 'already-done').length ?? 0;
        return {
          run,
          workflowId,
          seconds: seconds(),
          status: result.status,
          differences,
          worldProblems,
          alreadyDone,
        };
      } catch (error) {
        const message = (error as Error).message;
        return {
          run,
          workflowId,
          seconds: seconds(),
          status: 'lost',
          differences: [],
          worldProblems: [],
          alreadyDone: 0,
          error: message,
        };
      } finally {
        completed += 1;
        restartsDue += milestones.filter((m) => m === completed).length;
        log(`run ${run + 1}/${options.runs} finished (${completed} done)`);
      }
    }

    // Kept, not thrown at once: a rejection nobody awaits yet would end the process.
    let chaosFailure: unknown;
    const chaosLoop = chaos().catch((error: unknown) => {
      chaosFailure = error;
    });
    const runs: SoakRun[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(options.concurrency, options.runs) }, async () => {
        while (next < options.runs) runs.push(await soakRun(next++));
      }),
    );
    finished = true;
    await chaosLoop;
    if (chaosFailure) throw chaosFailure;

    const spans = await allWorkSpans(fleet.client);
    log(`${spans.length} activities and workflow tasks in the histories`);
    for (const kill of kills) Object.assign(kill, recoveryAfter(kill, spans));
    const served = fleet.servedCalls();
    // The LLM queue's activities that ask the model: reading the instruction asks none (the rule reader).
    const llmCalls = spans.filter(
      (s) => s.role === 'llm' && s.kind === 'activity' && !MODEL_FREE_LLM_ACTIVITIES.includes(s.name),
    );
    const needed = callsPerRun * (options.runs + 1);
    const retriedAttempts = llmCalls.reduce((n, s) => n + s.attempt - 1, 0);
    const recoveries = (role?: ProcessRole) =>
      kills
        .filter((k) => role === undefined || k.role === role)
        .map((k) => k.recoverySeconds)
        .filter((s): s is number => s !== null);
    const report: SoakReport = {
      runs: runs.sort((a, b) => a.run - b.run),
      completedAsReference: runs.filter(
        (r) => r.status === 'completed' && r.differences.length === 0 && r.worldProblems.length === 0,
      ).length,
      kills,
      serverRestarts,
      llm: {
        callsPerRun,
        needed,
        completed: llmCalls.filter((s) => s.completed).length,
        served,
        asked: fleet.askedCalls(),
        retriedAttempts,
        repeatedCompletedCalls: Math.max(0, served - needed - retriedAttempts),
      },
      // A step applied twice fails its precondition (a failed step) or leaves another world.
      runsWithAStepAppliedTwice: runs.filter(
        (r) => r.worldProblems.length > 0 || r.differences.some((d) => d.includes('failed')),
      ).length,
      medianRecoverySeconds: median(recoveries()),
      medianRecoverySecondsByRole: Object.fromEntries(
        PROCESS_ROLES.map((role) => [role, median(recoveries(role))]),
      ) as Record<ProcessRole, number | null>,
      medianRecoveryAfterReadySeconds: median(
        kills
          .filter((k) => k.recoverySeconds !== null)
          .map((k) => Math.max(0, Number((k.recoverySeconds! - k.readySeconds).toFixed(2)))),
      ),
      seconds: Number(((performance.now() - began) / 1000).toFixed(1)),
    };
    return report;
  } finally {
    await fleet.stop();
  }
}
