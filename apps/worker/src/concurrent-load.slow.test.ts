import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { concurrentLoad, quantile } from './test-support/concurrent-load.js';

describe('quantile', () => {
  it('takes the nearest rank', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(quantile(values, 0.5)).toBe(5);
    expect(quantile(values, 0.95)).toBe(10);
    expect(quantile(values, 1)).toBe(10);
    expect(quantile([3], 0.5)).toBe(3);
  });
});

// The load benchmark in small (the full one: bench/load.bench.ts, 200 runs).
describe('runs started at once against one dev server and several processes per role', {
  timeout: 300_000,
}, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-load-test-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('all complete with the result of a run alone; none is lost', async () => {
    const report = await concurrentLoad({
      dir,
      runs: 10,
      counts: { planner: 1, llm: 2, sim: 2, robot: 1 },
      llmLatencyMs: 200,
      llmConcurrency: 1,
      robotTimeScale: 0.001,
      deadlineSeconds: 240,
    });
    expect(report.runs.map((r) => [r.status, r.problems, r.error])).toEqual(
      Array.from({ length: 10 }, () => ['completed', [], undefined]),
    );
    expect(report.batch).toMatchObject({ runs: 10, completed: 10, completedAsAlone: 10, lost: 0 });
    expect(report.batch.llmCallsServed).toBe(10 * report.alone.llmCalls);
  });
});
