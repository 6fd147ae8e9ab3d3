import { describe, expect, it } from 'vitest';
import { failedLookPlanGraphRun } from '../test-support/look-plan-graph-run.js';
import { lookPlanGraphState } from './run-data.js';

describe('the web view of a LookPlanGraph run', () => {
  it('shows the skills it ran where a plan would be, and its execution as the robot did it', () => {
    const run = failedLookPlanGraphRun();
    const { steps, belief } = run.lookPlanGraph;
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
    expect(state.executed).toBe(2);
  });
});
