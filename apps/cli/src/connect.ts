import { connectClient } from '@groundplan/temporal-runtime';
import { runOutcome } from '@groundplan/workflows/client';
import { type Client, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import type { CliConfig } from './config.js';
import { UserError } from './user-error.js';

/** A Temporal client, or a one-line error saying how to get a server. */
export async function connect(config: CliConfig): Promise<Client> {
  try {
    return await connectClient(config.temporal);
  } catch {
    const hint = config.temporal.external
      ? 'check TEMPORAL_ADDRESS and TLS settings'
      : 'start the dev server with `node apps/cli/dist/main.js server start` or set TEMPORAL_ADDRESS';
    throw new UserError(`cannot reach Temporal at ${config.temporal.address}: ${hint}`);
  }
}

/** Turns "no such workflow" into a message naming the run id. */
export async function forRun<T>(runId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError || (error as { code?: number }).code === 5) {
      throw new UserError(`no run with id '${runId}' (see \`groundplan list\`)`);
    }
    throw error;
  }
}

/**
 * The run's result, also when the workflow failed with a groundplan outcome (plan-failed,
 * execution-failed); a run cancelled, terminated or failed otherwise becomes one line naming the root cause.
 */
export async function runResult<T>(handle: { workflowId: string; result(): Promise<T> }): Promise<T> {
  try {
    return await runOutcome(handle);
  } catch (error) {
    if (!(error instanceof WorkflowFailedError)) throw error;
    let cause: unknown = error;
    while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
    throw new UserError(`${handle.workflowId} did not complete: ${(cause as Error).message}`);
  }
}
