import { Context } from '@temporalio/activity';

/**
 * Heartbeats every `intervalMs` while `work` runs, when called inside an activity, so a worker
 * that dies mid-call (a model can take tens of seconds) is noticed within the heartbeat timeout
 * instead of the start-to-close timeout. Outside an activity it just awaits the work.
 */
export async function keepAlive<T>(work: Promise<T>, intervalMs = 1_000): Promise<T> {
  let context: Context | undefined;
  try {
    context = Context.current();
  } catch {
    return work;
  }
  const timer = setInterval(() => context.heartbeat(), intervalMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
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
