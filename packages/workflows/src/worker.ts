import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { PLANNER_TASK_QUEUE } from './activity-options.js';

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

/** The planner worker: runs groundplan's workflows (no activities) on groundplan-planner. */
export function createPlannerWorker(
  connection: NativeConnection,
  options: { namespace?: string; maxConcurrentWorkflowTaskExecutions?: number } & Pick<
    WorkerOptions,
    'workflowBundle'
  > = {},
): Promise<Worker> {
  return Worker.create({
    connection,
    namespace: options.namespace ?? 'default',
    taskQueue: PLANNER_TASK_QUEUE,
    ...(options.workflowBundle
      ? { workflowBundle: options.workflowBundle }
      : { workflowsPath: workflowsPath() }),
    ...(options.maxConcurrentWorkflowTaskExecutions
      ? { maxConcurrentWorkflowTaskExecutions: options.maxConcurrentWorkflowTaskExecutions }
      : {}),
    ...workflowBundleOptions(),
  });
}
