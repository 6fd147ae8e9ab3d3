import type { WorkflowHandle } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';

/**
 * The last heartbeat details the server holds for each of a run's pending activities, decoded
 * with the default payload converter (one value per activity; activities without details are left out).
 */
export async function pendingHeartbeatDetails(handle: WorkflowHandle): Promise<unknown[]> {
  const { raw } = await handle.describe();
  return (raw.pendingActivities ?? []).flatMap((activity) => {
    const [payload] = activity.heartbeatDetails?.payloads ?? [];
    return payload ? [defaultPayloadConverter.fromPayload(payload)] : [];
  });
}
