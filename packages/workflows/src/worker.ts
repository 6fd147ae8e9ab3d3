import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextActionOracle } from '@groundplan/grounding';
import { createLlmActivities, type LlmProvider } from '@groundplan/llm';
import { createPathActivities } from '@groundplan/path-planner';
import type { SceneIndexCache } from '@groundplan/retrieval';
import { createRobotActivities, type SkillExecutor } from '@groundplan/robot';
import type { SceneStore } from '@groundplan/scene-graph';
import { createSimActivities, type SkillTables } from '@groundplan/simulator';
import { createTaskPlanActivities, DEFAULT_PLANNER_CONFIG, type PlannerName } from '@groundplan/task-planner';
import type { Duration } from '@temporalio/common';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { LLM_TASK_QUEUE, PLANNER_TASK_QUEUE, robotTaskQueue, SIM_TASK_QUEUE } from './contract.js';

/**
 * How long a workflow task waits on the sticky queue of the planner worker that ran the workflow
 * last before any planner worker may take it. The SDK's default is 10 s, which is how long every
 * run of a SIGKILLed planner stalled in the crash soak (planner recovery 12.4 s against 6 s for the
 * other roles); a live worker takes its sticky tasks in milliseconds, so 2 s costs nothing but a
 * history replay when a busy worker is slow.
 */
export const PLANNER_STICKY_SCHEDULE_TO_START = '2 seconds';

/** The kinds of work a worker process can take on, each on its own task queue. */
export const ROLES = ['planner', 'llm', 'sim', 'robot'] as const;
export type Role = (typeof ROLES)[number];

/** The classical planners a worker can run (GROUNDPLAN_CLASSICAL_PLANNER), for apps parsing their configuration. */
export { PLANNER_NAMES, type PlannerName } from '@groundplan/task-planner';

export type RoleWorkersOptions = {
  roles: readonly Role[];
  namespace?: string;
  /** Where the llm and sim roles load scenes from by reference. */
  scenes?: SceneStore;
  /** The model behind the llm role. */
  provider?: LlmProvider;
  /** Whether the llm role asks the model for a bounded chain of thought before each answer; default true. */
  chainOfThought?: boolean;
  /** Node embeddings for the grounded planners' retrieval prior (the llm role). */
  retrieval?: SceneIndexCache;
  /** The evaluation's oracle for LookPlanGraph's next action instead of the model (the llm role). */
  actionOracle?: NextActionOracle;
  /** The robot's skills (its skill file on the built-in ones) for the llm and sim roles; the built-in ones by default. */
  skills?: SkillTables;
  /** The classical planner of the sim role's planForGoals activity; 'ff' by default. */
  classicalPlanner?: PlannerName;
  /** The robot behind the robot role: its id names its task queue. */
  robot?: { id: string; executor: SkillExecutor };
  /** Tasks each role runs at once; a robot always runs one skill at a time. */
  concurrency?: Partial<Record<Exclude<Role, 'robot'>, number>>;
  /** A prebuilt workflow bundle for the planner role (apps/worker builds one); else bundled at start. */
  workflowBundle?: { codePath: string };
  /** How long a shutdown waits for running activities (a model call may not stop at once). */
  shutdownForceTime?: Duration;
};

/** One Temporal worker per role, sharing one connection: the one place groundplan's workers are wired. */
export async function createRoleWorkers(
  connection: NativeConnection,
  options: RoleWorkersOptions,
): Promise<Worker[]> {
  const needScenes = (role: Role): SceneStore => {
    if (!options.scenes) throw new Error(`the ${role} role needs a scene store`);
    return options.scenes;
  };
  const common = {
    connection,
    namespace: options.namespace ?? 'default',
    ...(options.shutdownForceTime ? { shutdownForceTime: options.shutdownForceTime } : {}),
  };
  const concurrency = (role: Exclude<Role, 'robot'>, key: keyof WorkerOptions) => {
    const n = options.concurrency?.[role];
    return n === undefined ? {} : { [key]: n };
  };
  const workers: Worker[] = [];
  for (const role of new Set(options.roles)) {
    switch (role) {
      case 'planner':
        workers.push(
          await Worker.create({
            ...common,
            taskQueue: PLANNER_TASK_QUEUE,
            stickyQueueScheduleToStartTimeout: PLANNER_STICKY_SCHEDULE_TO_START,
            ...(options.workflowBundle
              ? { workflowBundle: options.workflowBundle }
              : { workflowsPath: workflowsPath(), ...workflowBundleOptions() }),
            ...concurrency('planner', 'maxConcurrentWorkflowTaskExecutions'),
          }),
        );
        break;
      case 'llm': {
        if (!options.provider) throw new Error('the llm role needs a model provider');
        workers.push(
          await Worker.create({
            ...common,
            taskQueue: LLM_TASK_QUEUE,
            activities: createLlmActivities({
              provider: options.provider,
              scenes: needScenes(role),
              ...(options.chainOfThought === undefined ? {} : { chainOfThought: options.chainOfThought }),
              ...(options.retrieval ? { retrieval: options.retrieval } : {}),
              ...(options.actionOracle ? { actionOracle: options.actionOracle } : {}),
              ...(options.skills ? { actions: options.skills.actions } : {}),
            }),
            ...concurrency('llm', 'maxConcurrentActivityTaskExecutions'),
          }),
        );
        break;
      }
      case 'sim': {
        // Simulation and path planning share a queue: both are milliseconds of CPU on the scene.
        const scenes = needScenes(role);
        workers.push(
          await Worker.create({
            ...common,
            taskQueue: SIM_TASK_QUEUE,
            activities: {
              ...createSimActivities({ scenes, ...(options.skills ? { skills: options.skills } : {}) }),
              ...createPathActivities({ scenes }),
              ...createTaskPlanActivities({
                scenes,
                ...(options.skills ? { skills: options.skills } : {}),
                planner: {
                  ...DEFAULT_PLANNER_CONFIG,
                  planner: options.classicalPlanner ?? DEFAULT_PLANNER_CONFIG.planner,
                },
              }),
            },
            ...concurrency('sim', 'maxConcurrentActivityTaskExecutions'),
          }),
        );
        break;
      }
      case 'robot': {
        if (!options.robot) throw new Error('the robot role needs a robot (its id and skill executor)');
        workers.push(
          await Worker.create({
            ...common,
            taskQueue: robotTaskQueue(options.robot.id),
            activities: createRobotActivities({ robot: options.robot.executor }),
            // One robot runs one skill at a time.
            maxConcurrentActivityTaskExecutions: 1,
          }),
        );
        break;
      }
    }
  }
  return workers;
}

/** Runs the workers until `work` settles, then shuts them all down; returns what `work` returned. */
export async function runWorkersUntil<T>(workers: readonly Worker[], work: Promise<T>): Promise<T> {
  const running = workers.map((worker) => worker.run());
  // A worker that stops by itself (a fatal error) ends the wait with its error.
  const stopped = Promise.race(running.map((run) => run.then(() => new Promise<never>(() => {}))));
  try {
    return await Promise.race([work, stopped]);
  } finally {
    for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
    await Promise.allSettled(running);
  }
}

/** The workflow bundle's entry file: src/workflows.ts when run from source, dist/workflows.js when built. */
export function workflowsPath(): string {
  const ext = extname(fileURLToPath(import.meta.url));
  return fileURLToPath(new URL(`./workflows${ext}`, import.meta.url));
}

/**
 * How to bundle the workflows: run from source (tests, tsx), webpack must also take the workspace
 * packages' TypeScript sources (the @groundplan/source condition); built, the defaults are right.
 */
export function workflowBundleOptions(): Pick<WorkerOptions, 'bundlerOptions'> {
  if (extname(fileURLToPath(import.meta.url)) !== '.ts') return {};
  return {
    bundlerOptions: {
      webpackConfigHook: (config) => {
        config.resolve = {
          ...config.resolve,
          conditionNames: ['@groundplan/source', 'import', 'module', 'default'],
        };
        return config;
      },
    },
  };
}
