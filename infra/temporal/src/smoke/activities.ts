import { setTimeout as sleep } from 'node:timers/promises';
import { activityInfo, CancelledFailure, heartbeat } from '@temporalio/activity';

/** Counts to `steps`, heartbeating each step and resuming from the last heartbeat after a retry. */
export async function countSteps(input: {
  steps: number;
  stepMs: number;
}): Promise<{ counted: number; resumedFrom: number }> {
  const resumedFrom = (activityInfo().heartbeatDetails as number | undefined) ?? 0;
  try {
    for (let step = resumedFrom; step < input.steps; step++) {
      await sleep(input.stepMs);
      heartbeat(step + 1);
    }
  } catch (error) {
    if (error instanceof CancelledFailure) throw error;
    throw error;
  }
  return { counted: input.steps, resumedFrom };
}
