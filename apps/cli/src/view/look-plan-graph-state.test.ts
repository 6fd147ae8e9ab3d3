import type { LookPlanGraphRunResult } from '@groundplan/workflows/contract';
import { describe, expect, it } from 'vitest';
import { lookPlanGraphState } from './run-data.js';

describe('the web view of a LookPlanGraph run', () => {
  it('shows the skills it ran where a plan would be, and its execution as the robot did it', () => {
    const belief = { ref: 'sha256:after', accessed: 'fridge' };
    const steps = [
      {
        index: 0,
        step: { action: 'goto', args: ['kitchen'] },
        status: 'done' as const,
        robotSeconds: 2,
        resumedFrom: 0,
      },
      {
        index: 1,
        step: { action: 'pickup', args: ['milk'] },
        status: 'failed' as const,
        robotSeconds: 1,
        resumedFrom: 0,
        error: 'milk is not on the counter',
      },
    ];
    const run: LookPlanGraphRunResult = {
      status: 'execution-failed',
      lookPlanGraph: {
        status: 'failed',
        reason: 'no done after 2 chosen actions',
        chosen: [
          { action: 'goto', args: ['kitchen'] },
          { action: 'pickup', args: ['milk'] },
        ],
        steps,
        failedActions: 1,
        memory: { ref: 'sha256:memory', priors: 2 },
        belief,
        beliefVersions: [{ ref: 'sha256:after', accessed: 'fridge', cause: 'goto(kitchen)' }],
        usage: { promptTokens: 10, completionTokens: 5, calls: 2 },
      },
      replannedForWorldChanges: 0,
      replannedForExecutionFailures: 1,
      belief,
    };
    const state = lookPlanGraphState(run);
    expect(state.ran).toEqual(steps.map((s) => s.step));
    expect(state.planning).toBeUndefined();
    expect(state.execution).toMatchObject({
      status: 'failed',
      steps,
      belief,
      reason: 'no done after 2 chosen actions',
    });
    expect(state.execution?.beliefVersions).toHaveLength(1);
    expect(state.outcome).toBe('execution-failed');
    expect(state.reason).toBe('no done after 2 chosen actions');
    expect(state.executed).toBe(1);
  });
});
