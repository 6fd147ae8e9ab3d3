import { startWorkerProcess, type WorkerProcess } from '../worker-process.js';
import { replayLlmEnv } from './replay-llm.js';

export const PROCESS_ROLES = ['planner', 'llm', 'sim', 'robot'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export type RoleProcessOptions = {
  /** How many worker processes run each role. */
  counts: Record<ProcessRole, number>;
  /** TEMPORAL_ADDRESS, GROUNDPLAN_DATA_DIR, GROUNDPLAN_SCENE_STORE: what every process shares. */
  env: Record<string, string>;
  /** The replay model: `latencyMs` per answer, `concurrency` answers at once per process. */
  llm: { latencyMs: number; concurrency: number };
  /** The simulated robot: its id and GROUNDPLAN_ROBOT_TIME_SCALE. */
  robot: { id: string; timeScale: number };
  /** Each LLM process writes its own hit log here, one file per process started. */
  logDir: string;
};

/** groundplan-worker processes, one role each, that can be killed and started again one by one. */
export type RoleProcesses = {
  /** SIGKILLs the `index`th process of `role` and waits until it is gone; returns its pid. */
  kill(role: ProcessRole, index: number): Promise<number>;
  /** Starts the `index`th process of `role` (again) and resolves once it reports ready. */
  start(role: ProcessRole, index: number): Promise<void>;
  /** Every hit log an LLM process has written to, including those of killed processes. */
  hitLogs(): string[];
  /** SIGTERMs every running process and waits for them to exit. */
  stop(): Promise<void>;
};

const roleArgs = (role: ProcessRole, robotId: string) =>
  role === 'robot' ? ['--roles', 'robot', '--robot-id', robotId] : ['--roles', role];

/** Starts `counts[role]` worker processes per role, all at once, and resolves once every one is ready. */
export async function startRoleProcesses(options: RoleProcessOptions): Promise<RoleProcesses> {
  const running = new Map<string, WorkerProcess>();
  const logs: string[] = [];
  let started = 0;

  async function start(role: ProcessRole, index: number): Promise<void> {
    const key = `${role}-${index}`;
    if (running.has(key)) throw new Error(`${key} is already running`);
    started += 1;
    let env = { ...options.env };
    if (role === 'llm') {
      const hitLog = `${options.logDir}/llm-${index}-${started}.hits`;
      logs.push(hitLog);
      env = { ...env, ...replayLlmEnv({ ...options.llm, hitLog }) };
    }
    if (role === 'robot') env.GROUNDPLAN_ROBOT_TIME_SCALE = String(options.robot.timeScale);
    running.set(key, await startWorkerProcess(roleArgs(role, options.robot.id), env));
  }

  async function kill(role: ProcessRole, index: number): Promise<number> {
    const key = `${role}-${index}`;
    const process = running.get(key);
    if (!process) throw new Error(`${key} is not running`);
    running.delete(key);
    process.child.kill('SIGKILL');
    await process.exited;
    return process.child.pid ?? -1;
  }

  await Promise.all(
    PROCESS_ROLES.flatMap((role) => Array.from({ length: options.counts[role] }, (_, i) => start(role, i))),
  );
  return {
    kill,
    start,
    hitLogs: () => [...logs],
    async stop() {
      const all = [...running.values()];
      running.clear();
      for (const p of all) p.child.kill('SIGTERM');
      await Promise.all(all.map((p) => p.exited));
    },
  };
}
