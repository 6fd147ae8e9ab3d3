import type { Client, WorkflowHandle } from '@temporalio/client';
import type { ProcessRole } from './role-processes.js';

type HistoryEvent = NonNullable<Awaited<ReturnType<WorkflowHandle['fetchHistory']>>['events']>[number];

/**
 * One piece of work a role's worker does, read from a workflow history: an activity (its last
 * attempt) or a workflow task (the planner role's work).
 */
export type WorkSpan = {
  role: ProcessRole;
  kind: 'activity' | 'workflow-task';
  workflowId: string;
  name: string;
  scheduledMs: number;
  /** The last attempt's start (activities) or the task's start (workflow tasks). */
  startedMs: number | undefined;
  closedMs: number | undefined;
  /** Whether it completed (false: failed, timed out, cancelled, or still open). */
  completed: boolean;
  attempt: number;
};

/** A SIGKILLed worker process: which role, and when (ms since the epoch, the server's clock too). */
export type Kill = { role: ProcessRole; atMs: number; readyAtMs: number };

export type Recovery = {
  /** Work of the role not finished at the kill and scheduled before the new process was ready. */
  stuck: number;
  /** Of it, the work that was on the killed worker (see recoveryAfter). */
  inFlight: number;
  /** Seconds from the kill until the first stuck piece of work started again (or finished). */
  firstProgressSeconds: number | null;
  /**
   * Seconds from the kill until every piece of work that was on the killed worker had started
   * again (the first progress when none was); null when the role had no work stuck.
   */
  recoverySeconds: number | null;
};

const ms = (time: HistoryEvent['eventTime']): number => {
  if (!time) return Number.NaN;
  const seconds = typeof time.seconds === 'number' ? time.seconds : Number(time.seconds?.toString() ?? 0);
  return seconds * 1000 + (time.nanos ?? 0) / 1e6;
};

const roleOfQueue = (queue: string | null | undefined): ProcessRole | undefined => {
  if (queue === 'groundplan-llm') return 'llm';
  if (queue === 'groundplan-sim') return 'sim';
  if (queue?.startsWith('groundplan-robot-')) return 'robot';
  return undefined;
};

/** The activities and workflow tasks in one workflow history. */
export function workSpans(workflowId: string, events: HistoryEvent[]): WorkSpan[] {
  const byScheduledId = new Map<string, WorkSpan>();
  const spans: WorkSpan[] = [];
  for (const event of events) {
    const id = String(event.eventId);
    const at = ms(event.eventTime);
    const scheduledActivity = event.activityTaskScheduledEventAttributes;
    if (scheduledActivity) {
      const role = roleOfQueue(scheduledActivity.taskQueue?.name);
      if (!role) continue;
      const span: WorkSpan = {
        role,
        kind: 'activity',
        workflowId,
        name: scheduledActivity.activityType?.name ?? '?',
        scheduledMs: at,
        startedMs: undefined,
        closedMs: undefined,
        completed: false,
        attempt: 1,
      };
      byScheduledId.set(id, span);
      spans.push(span);
      continue;
    }
    if (event.workflowTaskScheduledEventAttributes) {
      const span: WorkSpan = {
        role: 'planner',
        kind: 'workflow-task',
        workflowId,
        name: 'workflow task',
        scheduledMs: at,
        startedMs: undefined,
        closedMs: undefined,
        completed: false,
        attempt: event.workflowTaskScheduledEventAttributes.attempt ?? 1,
      };
      byScheduledId.set(id, span);
      spans.push(span);
      continue;
    }
    const started = event.activityTaskStartedEventAttributes ?? event.workflowTaskStartedEventAttributes;
    if (started) {
      const span = byScheduledId.get(String(started.scheduledEventId));
      if (span) {
        span.startedMs = at;
        if (event.activityTaskStartedEventAttributes)
          span.attempt = event.activityTaskStartedEventAttributes.attempt ?? 1;
      }
      continue;
    }
    const closed =
      event.activityTaskCompletedEventAttributes ??
      event.activityTaskFailedEventAttributes ??
      event.activityTaskTimedOutEventAttributes ??
      event.activityTaskCanceledEventAttributes ??
      event.workflowTaskCompletedEventAttributes ??
      event.workflowTaskFailedEventAttributes ??
      event.workflowTaskTimedOutEventAttributes;
    if (closed) {
      const span = byScheduledId.get(String(closed.scheduledEventId));
      if (span) {
        span.closedMs = at;
        span.completed = Boolean(
          event.activityTaskCompletedEventAttributes ?? event.workflowTaskCompletedEventAttributes,
        );
      }
    }
  }
  return spans;
}

/** The work spans of every workflow execution the server knows (the soak's server holds only its own). */
export async function allWorkSpans(client: Client): Promise<WorkSpan[]> {
  const spans: WorkSpan[] = [];
  for await (const execution of client.workflow.list()) {
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    spans.push(...workSpans(execution.workflowId, history.events ?? []));
  }
  return spans;
}

/**
 * How long the killed role's work took to move on. Stuck work: the role's work not finished at
 * the kill and scheduled before the new process was ready. Of it, the killed worker's own work:
 * activities whose retried attempt (attempt > 1) started after the kill, and every stuck workflow
 * task (a workflow's tasks go to the worker that ran it last, here the dead one).
 */
export function recoveryAfter(kill: Kill, spans: readonly WorkSpan[]): Recovery {
  const t = kill.atMs;
  const ofRole = spans.filter((s) => s.role === kill.role);
  const stuck = ofRole.filter(
    (s) => s.scheduledMs < kill.readyAtMs && (s.closedMs ?? Number.POSITIVE_INFINITY) > t,
  );
  const resumedAt = (span: WorkSpan): number | undefined => {
    if (span.kind === 'workflow-task') {
      // The first workflow task of the same run that started after the kill and this task's scheduling.
      const next = ofRole
        .filter(
          (s) =>
            s.workflowId === span.workflowId &&
            s.startedMs !== undefined &&
            s.startedMs > t &&
            s.startedMs >= span.scheduledMs,
        )
        .map((s) => s.startedMs!);
      return next.length > 0 ? Math.min(...next) : undefined;
    }
    if (span.startedMs !== undefined && span.startedMs > t) return span.startedMs;
    return span.closedMs;
  };
  const inFlight = stuck.filter((s) =>
    s.kind === 'workflow-task' ? true : s.attempt > 1 && s.startedMs !== undefined && s.startedMs > t,
  );
  const seconds = (at: number) => Number(((at - t) / 1000).toFixed(2));
  const progress = stuck.map(resumedAt).filter((at): at is number => at !== undefined);
  const first = progress.length > 0 ? seconds(Math.min(...progress)) : null;
  const inFlightResumed = inFlight.map(resumedAt).filter((at): at is number => at !== undefined);
  return {
    stuck: stuck.length,
    inFlight: inFlight.length,
    firstProgressSeconds: first,
    recoverySeconds: inFlightResumed.length > 0 ? seconds(Math.max(...inFlightResumed)) : first,
  };
}

/** The median of the numbers, or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
