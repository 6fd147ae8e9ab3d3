import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { crashSoak } from './test-support/crash-soak.js';

// The crash soak in small (the full one: bench/crash-soak.ts): three runs at once, two kills
// (1-3 s apart, so they land while the runs are in flight), a server restart after the first run.
describe('plan-and-execute runs under SIGKILLs of worker roles and a dev server restart', {
  timeout: 300_000,
}, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-crash-soak-test-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('all complete as the uncrashed run did, with no completed call repeated and no step applied twice', async () => {
    const report = await crashSoak({
      dir,
      runs: 3,
      processesPerRole: 1,
      concurrency: 3,
      seed: 13,
      killGapSeconds: { min: 1, max: 3 },
      maxKills: 2,
      serverRestarts: 1,
      llmLatencyMs: 500,
      llmConcurrency: 2,
      robotTimeScale: 0.02,
      heartbeatTimeoutSeconds: 2,
      runDeadlineSeconds: 240,
    });

    expect(report.runs.map((r) => [r.status, r.differences, r.worldProblems, r.error])).toEqual(
      Array.from({ length: 3 }, () => ['completed', [], [], undefined]),
    );
    expect(report.completedAsReference).toBe(3);
    expect(report.kills).toHaveLength(2);
    expect(report.serverRestarts).toHaveLength(1);

    expect(report.llm.callsPerRun).toBeGreaterThan(0);
    expect(report.llm.completed).toBe(report.llm.needed);
    expect(report.llm.repeatedCompletedCalls).toBe(0);
    expect(report.runsWithAStepAppliedTwice).toBe(0);

    // Seed 13 kills the llm role 2.1 s into the batch, with calls in flight, then the planner.
    expect(report.kills.map((k) => k.role)).toEqual(['llm', 'planner']);
    expect(report.kills[0]!.inFlight).toBeGreaterThan(0);
    // Every kill that left work behind has a recovery time: its work moved on.
    for (const kill of report.kills) {
      expect(kill.readySeconds).toBeGreaterThan(0);
      if (kill.stuck > 0) expect(kill.recoverySeconds).not.toBeNull();
    }
  });
});
