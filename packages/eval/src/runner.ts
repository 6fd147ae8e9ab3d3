// The one evaluation runner: every task set (SayPlan's 90, held-out, blind, blind2, blind3, blind4, blind5,
// blind6, blind7, blind8, blind9, blind10, blind11, blind12, blind13, blind14, blind15, blind16, blind17, the dynamic variants, the exploration benchmark) runs through the real workflows on a Temporal server,
// with in-process workers; a task set's adapter (src/task-sets/) says which workers it needs and
// how one task runs and is scored.
import { readFile } from 'node:fs/promises';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import { createRoleWorkers, type RoleWorkersOptions, runWorkersUntil } from '@groundplan/workflows/worker';
import type { Client } from '@temporalio/client';

/** A task set as the runner drives it: its workers, and how one task runs through a workflow and is scored. */
export type TaskSetAdapter<Task, Record> = {
  /** The roles this process runs and what they are given (the namespace is the server's). */
  workers: Omit<RoleWorkersOptions, 'namespace'>;
  /** Tasks in flight at once (default 1; one robot's tasks run one after another). */
  concurrency?: number;
  /** Runs one task through its workflow and scores it; a failed run is a record, not a throw. */
  run: (task: Task, client: Client) => Promise<Record>;
};

/**
 * Runs the tasks through the adapter's workflows on a Temporal server (TEMPORAL_ADDRESS, or a dev
 * server it starts) with in-process workers, N at a time; each record goes to `finished` as its
 * task ends (a results file is appended there, so a stopped run keeps what it did).
 */
export async function runTaskSet<Task, Record>(
  adapter: TaskSetAdapter<Task, Record>,
  tasks: readonly Task[],
  finished: (task: Task, record: Record) => Promise<void> | void,
): Promise<Record[]> {
  const records: Record[] = [];
  if (tasks.length === 0) return records;
  const env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
  try {
    const workers = await createRoleWorkers(env.nativeConnection, {
      ...adapter.workers,
      namespace: env.namespace ?? 'default',
    });
    await runWorkersUntil(
      workers,
      pool(tasks, Math.max(1, adapter.concurrency ?? 1), async (task) => {
        const record = await adapter.run(task, env.client);
        records.push(record);
        await finished(task, record);
      }),
    );
  } finally {
    await env.teardown().catch((cause: Error) => console.error(`Temporal teardown: ${cause.message}`));
  }
  return records;
}

/** The records already in a JSONL results file; a missing file has none. */
export async function readJsonLines<T>(path: string): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return [];
  }
  // A line cut short by a crash is dropped, so that task runs again.
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as T];
      } catch {
        return [];
      }
    });
}

/** Runs work over items with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** The messages down a Temporal failure's cause chain, e.g. ActivityFailure: ... <- LlmInvalidOutput: ... */
export function causeChain(error: Error): string {
  const parts: string[] = [];
  for (
    let e: Error | undefined = (error as { cause?: Error }).cause;
    e && parts.length < 5;
    e = (e as { cause?: Error }).cause
  ) {
    const type = (e as { type?: string }).type;
    parts.push(`${type ?? e.name}: ${e.message}`);
  }
  return parts.join(' <- ') || error.message;
}

/** The work's result, or an Error with the message onTimeout gives once the deadline passes. */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number | undefined,
  onTimeout: () => string | Promise<string>,
): Promise<T> {
  if (ms === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  let expired = false;
  // Once the deadline passes the work's outcome no longer counts, even if it comes while
  // onTimeout is still answering: a result after the budget is not a result within it.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired = true;
      Promise.resolve()
        .then(onTimeout)
        .then(
          (message) => reject(new Error(message)),
          (cause: Error) => reject(cause),
        );
    }, ms);
  });
  const counted = work.then(
    (value) => (expired ? deadline : value),
    (cause) => (expired ? deadline : Promise.reject(cause)),
  );
  try {
    return await Promise.race([counted, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
