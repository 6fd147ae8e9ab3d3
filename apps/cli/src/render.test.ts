import type { PlannedRunResult } from '@groundplan/workflows/contract';
import { describe, expect, it } from 'vitest';
import { runReport } from './render.js';
import { failedLookPlanGraphRun, record } from './test-support/look-plan-graph-run.js';

const belief = { ref: 'sha256:belief', accessed: null };

describe("the run's outcome as the CLI prints it", () => {
  it('a LookPlanGraph run says what it chose while executing, not a plan it never made', () => {
    const result = failedLookPlanGraphRun();
    expect(runReport(result).split('\n')).toEqual([
      'Chose 2 action(s) while executing (lookplangraph):',
      '  1. goto(kitchen)',
      '  2. look_inside(fridge)',
      '  1 chosen action(s) failed and were chosen again from',
      '  started from a memory graph with 4 prior object(s)',
      'LLM: 2 call(s), 120 prompt + 30 completion tokens',
      'Execution failed after 2 step(s): no done after 2 chosen actions',
      'Status: execution-failed',
    ]);
    expect(runReport(result)).not.toMatch(/Verified plan/);
  });

  it('a planned run shows its verified plan, then what the robot executed', () => {
    const result: PlannedRunResult = {
      status: 'completed',
      planning: {
        status: 'verified',
        planner: 'grounded-prior',
        instruction: 'Close the fridge.',
        plan: [{ action: 'close', args: ['fridge'] }],
        expandedPlan: [
          { action: 'goto', args: ['kitchen'] },
          { action: 'close', args: ['fridge'] },
        ],
        explored: { expanded: ['kitchen'], memory: [] },
        searchTrace: [],
        attempts: [{ attempt: 0, plan: [], goals: ['state(fridge, door, closed)'] }],
        usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
        sideEffects: [],
      },
      execution: {
        status: 'completed',
        steps: [record(0, 'goto', ['kitchen']), record(1, 'close', ['fridge'])],
        belief,
        beliefVersions: [],
      },
      replannedForWorldChanges: 0,
      replannedForExecutionFailures: 0,
      belief,
    };
    const lines = runReport(result).split('\n');
    expect(lines[0]).toBe('Verified plan (grounded-prior, 1 attempt(s)):');
    expect(lines).toContain('  goals: state(fridge, door, closed)');
    expect(lines.slice(-2)).toEqual(['Executed all 2 steps on the robot.', 'Status: completed']);
  });
});
