import type { Client } from '@temporalio/client';
import { SMOKE_TASK_QUEUE } from './worker.js';
import { smokeWorkflow } from './workflows.js';

/** Runs the smoke workflow to completion and returns its id and result. */
export async function runSmokeWorkflow(
  client: Client,
  steps = 5,
): Promise<{ workflowId: string; result: string }> {
  const workflowId = `smoke-${Date.now().toString(36)}`;
  const result = await client.workflow.execute(smokeWorkflow, {
    taskQueue: SMOKE_TASK_QUEUE,
    workflowId,
    args: [steps],
  });
  return { workflowId, result };
}
