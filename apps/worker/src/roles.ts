import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRobotActivities, createSimulatedRobot } from '@groundplan/robot';
import { fileSceneStore } from '@groundplan/scene-graph';
import { createSimActivities } from '@groundplan/simulator';
import { createPlannerWorker, LLM_TASK_QUEUE, robotTaskQueue, SIM_TASK_QUEUE } from '@groundplan/workflows';
import { type NativeConnection, Worker } from '@temporalio/worker';
import type { WorkerConfig } from './config.js';
import { createLlmRole, type LlmRole } from './llm-role.js';

/** The workflow bundle built with the app (dist/workflow-bundle.js), for a fast production start. */
export function prebuiltWorkflowBundle(): string | undefined {
  const path = fileURLToPath(new URL('./workflow-bundle.js', import.meta.url));
  return existsSync(path) ? path : undefined;
}

/** The workers of a process, and its llm role when it has one (to warm up). */
export type RoleWorkers = { workers: Worker[]; llm: LlmRole | undefined };

/** One Temporal worker per role, each on its own task queue, sharing one connection. */
export async function createRoleWorkers(
  config: WorkerConfig,
  connection: NativeConnection,
): Promise<RoleWorkers> {
  const { namespace } = config.temporal;
  const scenes = fileSceneStore(config.sceneStoreDir);
  const workers: Worker[] = [];
  let llm: LlmRole | undefined;
  for (const role of config.roles) {
    switch (role) {
      case 'planner': {
        const bundle = prebuiltWorkflowBundle();
        workers.push(
          await createPlannerWorker(connection, {
            namespace,
            maxConcurrentWorkflowTaskExecutions: config.concurrency.planner,
            ...(bundle ? { workflowBundle: { codePath: bundle } } : {}),
          }),
        );
        break;
      }
      case 'llm':
        llm = createLlmRole(config, scenes);
        workers.push(
          await Worker.create({
            connection,
            namespace,
            taskQueue: LLM_TASK_QUEUE,
            activities: llm.activities,
            maxConcurrentActivityTaskExecutions: config.concurrency.llm,
          }),
        );
        break;
      case 'sim':
        workers.push(
          await Worker.create({
            connection,
            namespace,
            taskQueue: SIM_TASK_QUEUE,
            activities: createSimActivities(scenes),
            maxConcurrentActivityTaskExecutions: config.concurrency.sim,
          }),
        );
        break;
      case 'robot': {
        const robotId = config.robotId!;
        const robot = createSimulatedRobot({
          robotId,
          scenes,
          dataDir: config.dataDir,
          speedMps: config.robotSpeedMps,
          timeScale: config.robotTimeScale,
        });
        // One robot runs one skill at a time.
        workers.push(
          await Worker.create({
            connection,
            namespace,
            taskQueue: robotTaskQueue(robotId),
            activities: createRobotActivities(robot),
            maxConcurrentActivityTaskExecutions: 1,
          }),
        );
        break;
      }
    }
  }
  return { workers, llm };
}
