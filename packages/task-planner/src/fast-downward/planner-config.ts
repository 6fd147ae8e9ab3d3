import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which classical planner the task-planner activity runs, and Fast Downward's limits: the one place they are set. */
export interface ClassicalPlannerConfig {
  /**
   * A built-in search (TypeScript, no Python needed): 'ff' (the default: lazy greedy search with
   * FF's relaxed-plan estimate), 'gbfs' or 'astar' (the older searches; A* for shortest plans on
   * small problems); or 'fast-downward' (a separate process, from the setup).
   */
  readonly planner: PlannerName;
  /** Wall-clock limit of one ff search, beside its expansion budget, so an activity attempt ends in time. */
  readonly builtinTimeLimitSeconds: number;
  readonly fastDownward: FastDownwardConfig;
}

export interface FastDownwardConfig {
  /** The Python that runs the driver and the fast-downward.py driver; found under .tools/fast-downward when absent. */
  readonly python?: string;
  readonly driver?: string;
  /** Fast Downward's search configuration (`--alias`). */
  readonly alias: string;
  /** Overall limits of one planning attempt (translate and search together). */
  readonly timeLimitSeconds: number;
  readonly memoryLimitMB: number;
}

export const DEFAULT_PLANNER_CONFIG: ClassicalPlannerConfig = {
  planner: 'ff',
  builtinTimeLimitSeconds: 60,
  fastDownward: { alias: 'lama-first', timeLimitSeconds: 60, memoryLimitMB: 2048 },
};

/** The names planner configuration takes, for messages and for apps parsing it (GROUNDPLAN_CLASSICAL_PLANNER). */
export const PLANNER_NAMES = ['ff', 'gbfs', 'astar', 'fast-downward'] as const;
export type PlannerName = (typeof PLANNER_NAMES)[number];

/** Reads a planner name: one line naming the choices when it is not one. */
export function readPlannerName(
  text: string,
): { ok: true; value: PlannerName } | { ok: false; error: string } {
  return (PLANNER_NAMES as readonly string[]).includes(text)
    ? { ok: true, value: text as PlannerName }
    : { ok: false, error: `unknown classical planner '${text}'; choose one of ${PLANNER_NAMES.join(', ')}` };
}

const TOOLS = fileURLToPath(new URL('../../../../.tools/fast-downward/venv', import.meta.url));

/** The Python and driver of Fast Downward as packages/task-planner/scripts/install-fast-downward.sh installs it, or why there is none. */
export function locateFastDownward(config: FastDownwardConfig): { python: string; driver: string } | string {
  const python = config.python ?? join(TOOLS, 'bin', 'python');
  let driver = config.driver;
  if (driver === undefined) {
    const lib = join(TOOLS, 'lib');
    const site = existsSync(lib) ? readdirSync(lib).find((name) => name.startsWith('python')) : undefined;
    if (site !== undefined)
      driver = join(lib, site, 'site-packages', 'up_fast_downward', 'downward', 'fast-downward.py');
  }
  if (driver === undefined || !existsSync(driver) || !existsSync(python))
    return `Fast Downward is not installed (no ${driver ?? join(TOOLS, 'lib/python3*/site-packages/up_fast_downward')}); run scripts/setup.sh, or plan with a built-in planner (ff)`;
  return { python, driver };
}
