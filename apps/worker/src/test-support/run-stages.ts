import type { Client } from '@temporalio/client';
import { workSpans } from './recovery-times.js';

/**
 * One stage of a run: how many activities of that name ran, their summed seconds and, for the
 * model's activities, the tokens and calls their results report (as the workflow spends them).
 */
export type Stage = { activities: number; seconds: number; tokens?: number; calls?: number };

type Spent = { usage: { usage: { promptTokens: number; completionTokens: number } }; calls?: number };

/** Activities per name in a workflow and every child it started, with their summed seconds and tokens. */
export async function stagesOf(client: Client, workflowId: string): Promise<Record<string, Stage>> {
  const stages: Record<string, Stage> = Object.create(null);
  const pending = [workflowId];
  while (pending.length > 0) {
    const id = pending.pop()!;
    const history = await client.workflow.getHandle(id).fetchHistory();
    const events = history.events ?? [];
    for (const event of events) {
      const child = event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId;
      if (child) pending.push(child);
    }
    for (const span of workSpans(id, events)) {
      if (span.kind !== 'activity') continue;
      const stage = stages[span.name] ?? { activities: 0, seconds: 0 };
      stages[span.name] = stage;
      stage.activities += 1;
      if (span.startedMs !== undefined && span.closedMs !== undefined)
        stage.seconds = Number((stage.seconds + (span.closedMs - span.startedMs) / 1000).toFixed(2));
    }
    const names = new Map<string, string>();
    for (const event of events) {
      const scheduled = event.activityTaskScheduledEventAttributes;
      if (scheduled) names.set(String(event.eventId), scheduled.activityType?.name ?? '?');
      const completed = event.activityTaskCompletedEventAttributes;
      const stage = completed && stages[names.get(String(completed.scheduledEventId)) ?? ''];
      const spent = stage && spentBy(completed.result?.payloads?.[0]?.data);
      if (!spent) continue;
      stage.tokens =
        (stage.tokens ?? 0) + spent.usage.usage.promptTokens + spent.usage.usage.completionTokens;
      stage.calls = (stage.calls ?? 0) + (spent.calls ?? 1);
    }
  }
  return stages;
}

// What a model activity's result says it spent: the result itself or its `cost` (a reading's), as
// the workflow's spend() reads it; undefined for results that spend nothing.
function spentBy(data: Uint8Array | null | undefined): Spent | undefined {
  if (!data) return undefined;
  let result: unknown;
  try {
    result = JSON.parse(new TextDecoder().decode(data));
  } catch {
    return undefined;
  }
  const isSpent = (value: unknown): value is Spent =>
    typeof (value as Spent | undefined)?.usage?.usage?.promptTokens === 'number';
  if (isSpent(result)) return result;
  const cost = (result as { cost?: unknown } | null)?.cost;
  return isSpent(cost) ? cost : undefined;
}
