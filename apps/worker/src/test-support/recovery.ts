import type { WorkflowHandle } from '@temporalio/client';

/**
 * Seconds from `killedAt` (ms since the epoch) until an activity of the run started its second
 * or later attempt, read from the run's history: how long a killed worker's work took to move on.
 * undefined when no activity was retried.
 */
export async function recoverySeconds(handle: WorkflowHandle, killedAt: number): Promise<number | undefined> {
  const history = await handle.fetchHistory();
  for (const event of history.events ?? []) {
    const started = event.activityTaskStartedEventAttributes;
    if (!started || (started.attempt ?? 1) < 2 || !event.eventTime) continue;
    const seconds = Number(event.eventTime.seconds ?? 0) + (event.eventTime.nanos ?? 0) / 1e9;
    return Math.round((seconds - killedAt / 1000) * 10) / 10;
  }
  return undefined;
}
