import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { err, ok, type Result } from '@groundplan/scene-graph';
import { type FastDownwardConfig, locateFastDownward } from './planner-config.js';

/** What one Fast Downward run found: the plan text and what the run reported. */
export interface FastDownwardRun {
  readonly planText: string;
  readonly expansions: number | undefined;
  /** Fast Downward's own search time and its translator's, in seconds, as it reports them. */
  readonly searchSeconds: number | undefined;
  readonly translateSeconds: number | undefined;
  readonly wallMs: number;
}

/** Why a run found no plan: `missing`, `failed` and `limits` cannot be helped by planning the same problem again. */
export interface FastDownwardFailure {
  readonly reason: 'missing' | 'unsolvable' | 'limits' | 'failed';
  readonly message: string;
}

// Fast Downward's exit codes (driver/returncodes.py): 0-3 a plan was written; 10-12 no plan.
const PLAN_FOUND = new Set([0, 1, 2, 3]);
const UNSOLVABLE = new Set([10, 11]);
const LIMITS = new Map([
  [12, 'its search ended incomplete'],
  [20, 'the translator ran out of memory'],
  [21, 'the translator ran out of time'],
  [22, 'the search ran out of memory'],
  [23, 'the search ran out of time'],
  [24, 'the search ran out of memory and time'],
]);

/** Runs Fast Downward on a domain and problem in a fresh directory, within the configured limits. */
export async function runFastDownward(
  domain: string,
  problem: string,
  config: FastDownwardConfig,
): Promise<Result<FastDownwardRun, FastDownwardFailure>> {
  const found = locateFastDownward(config);
  if (typeof found === 'string') return err({ reason: 'missing', message: found });
  const dir = await mkdtemp(join(tmpdir(), 'groundplan-fd-'));
  try {
    await writeFile(join(dir, 'domain.pddl'), domain);
    await writeFile(join(dir, 'problem.pddl'), problem);
    const args = [
      found.driver,
      '--alias',
      config.alias,
      '--overall-time-limit',
      `${config.timeLimitSeconds}s`,
      '--overall-memory-limit',
      `${config.memoryLimitMB}M`,
      '--plan-file',
      'plan.txt',
      'domain.pddl',
      'problem.pddl',
    ];
    const started = performance.now();
    // The driver's limit is CPU time; this wall-clock guard is only against a hung driver, and
    // generous because a loaded machine stretches wall time well past CPU time.
    const run = await new Promise<{
      code: number | null;
      signal: string | null;
      log: string;
      spawnError?: string;
    }>((resolve) => {
      execFile(
        found.python,
        args,
        {
          cwd: dir,
          timeout: Math.max(5 * config.timeLimitSeconds, config.timeLimitSeconds + 60) * 1000,
          maxBuffer: 64 * 1024 * 1024,
        },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
          const spawnError = error !== null && typeof error.code === 'string' ? error.message : undefined;
          resolve({ code, signal: error?.signal ?? null, log: `${stdout}\n${stderr}`, spawnError });
        },
      );
    });
    const wallMs = performance.now() - started;
    if (run.spawnError !== undefined)
      return err({ reason: 'missing', message: `Fast Downward could not start: ${run.spawnError}` });
    if (run.code === null)
      return err({
        reason: 'limits',
        message: `Fast Downward was stopped (${run.signal ?? 'no exit code'}) after ${Math.round(wallMs / 1000)} s of wall-clock time; its limit is ${config.timeLimitSeconds} s of CPU time`,
      });
    // The driver reports a component killed by a signal as minus the signal (so 256 - signal):
    // SIGXCPU and SIGKILL are how the time and memory limits end it.
    const signal = run.code > 128 ? 256 - run.code : undefined;
    if (signal === 24 || signal === 9)
      return err({
        reason: 'limits',
        message: `Fast Downward found no plan: it ran out of ${signal === 24 ? 'time' : 'time or memory'} (limits ${config.timeLimitSeconds} s, ${config.memoryLimitMB} MB)`,
      });
    if (PLAN_FOUND.has(run.code)) {
      const planText = await readFile(join(dir, 'plan.txt'), 'utf8').catch(() => undefined);
      if (planText === undefined)
        return err({ reason: 'failed', message: `Fast Downward exited with ${run.code} but wrote no plan` });
      return ok({
        planText,
        expansions: lastNumber(run.log, /Expanded (\d+) state/g),
        searchSeconds: lastNumber(run.log, /Search time: ([\d.]+)s/g),
        translateSeconds: lastNumber(run.log, /Done! \[([\d.]+)s CPU/g),
        wallMs,
      });
    }
    if (UNSOLVABLE.has(run.code))
      return err({ reason: 'unsolvable', message: 'Fast Downward proved that no plan reaches the goals' });
    const limit = LIMITS.get(run.code);
    if (limit !== undefined)
      return err({
        reason: 'limits',
        message: `Fast Downward found no plan: ${limit} (limits ${config.timeLimitSeconds} s, ${config.memoryLimitMB} MB)`,
      });
    return err({
      reason: 'failed',
      message: `Fast Downward failed (exit ${run.code}): ${lastLine(run.log)}`,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Fast Downward's version line (`Fast Downward 26.6`), or why it cannot be read. */
export async function fastDownwardVersion(config: FastDownwardConfig): Promise<Result<string>> {
  const found = locateFastDownward(config);
  if (typeof found === 'string') return err(found);
  return new Promise((resolve) => {
    execFile(found.python, [found.driver, '--version'], (error, stdout) => {
      if (error !== null) resolve(err(`Fast Downward --version failed: ${error.message}`));
      else resolve(ok(stdout.trim().split('\n').join('; ')));
    });
  });
}

function lastNumber(log: string, pattern: RegExp): number | undefined {
  const matches = [...log.matchAll(pattern)];
  const last = matches.at(-1)?.[1];
  return last === undefined ? undefined : Number(last);
}

function lastLine(log: string): string {
  const lines = log.split('\n').filter((line) => line.trim() !== '');
  return lines.at(-1)?.trim() ?? 'no output';
}
