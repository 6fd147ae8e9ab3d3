import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { runEvaluation } from './task-sets/planned.js';
import { loadTaskSet } from './tasks.js';

const resultsFile = `${tmpdir()}/groundplan-eval-oracle-${process.pid}.jsonl`;

describe('the oracle through the real planTask workflow', () => {
  afterAll(() => rmSync(resultsFile, { force: true }));

  it('scores 100% on search success, correctness and executability over all 90 tasks', async () => {
    const tasks = await loadTaskSet();
    if (!tasks.ok) throw new Error(tasks.error);
    expect(tasks.value).toHaveLength(90);
    const outcome = await runEvaluation({
      tasks: tasks.value,
      provider: { provider: 'oracle' },
      planner: 'sayplan',
      concurrency: 12,
      resultsFile,
      progress: 'none',
    });
    expect(outcome.ran).toBe(90);
    const failures = outcome.records
      .filter((r) => !(r.search ? r.search.success : r.planning?.correct && r.planning.executable))
      .map((r) => `${r.id}: ${r.status} ${r.error ?? ''} ${r.planning?.failedGoals.join('; ') ?? ''}`);
    expect(failures).toEqual([]);
    expect(outcome.records.every((r) => r.errorTypes.length === 0 && r.replans === 0)).toBe(true);
  }, 180_000);
});
