import { Context } from '@temporalio/activity';

/**
 * Heartbeats every `intervalMs` while `work` runs, when called inside an activity, so a worker
 * that dies mid-call (a model can take tens of seconds) is noticed within the heartbeat timeout
 * instead of the start-to-close timeout. Each heartbeat carries `details()` (a heartbeat without
 * details would erase the last ones), once more when the work ends, for the next attempt to read.
 * Outside an activity it just awaits the work.
 */
export async function keepAlive<T>(
  work: Promise<T>,
  details: () => unknown = () => undefined,
  intervalMs = 1_000,
): Promise<T> {
  let context: Context | undefined;
  try {
    context = Context.current();
  } catch {
    return work;
  }
  context.heartbeat(details());
  const timer = setInterval(() => context.heartbeat(details()), intervalMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
    context.heartbeat(details());
  }
}

/** The running activity's cancellation signal (cancelled, timed out, or its worker shutting down); undefined outside an activity. */
export function activitySignal(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
}
