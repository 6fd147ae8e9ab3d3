import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NativeConnection, Worker } from '@temporalio/worker';
import * as activities from './activities.js';

export const SMOKE_TASK_QUEUE = 'groundplan-smoke';

/** A worker for the smoke workflow and its activity. */
export function createSmokeWorker(connection: NativeConnection, namespace = 'default'): Promise<Worker> {
  // Run from src/ (tests, tsx) the workflow file is .ts; from dist/ it is .js.
  const ext = extname(fileURLToPath(import.meta.url));
  return Worker.create({
    connection,
    namespace,
    taskQueue: SMOKE_TASK_QUEUE,
    workflowsPath: fileURLToPath(new URL(`./workflows${ext}`, import.meta.url)),
    activities,
  });
}
