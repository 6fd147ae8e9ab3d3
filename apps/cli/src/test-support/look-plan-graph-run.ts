import type { LookPlanGraphRunResult, StepRecord } from '@groundplan/workflows/contract';

/** One skill the robot ran, as a run's result records it. */
export const record = (
  index: number,
  action: string,
  args: string[],
  status: StepRecord['status'] = 'done',
): StepRecord => ({
  index,
  step: { action, args },
  status,
  robotSeconds: 1,
  resumedFrom: 0,
  ...(status === 'failed' ? { error: `${action}(${args.join(', ')}) failed` } : {}),
});

/** A LookPlanGraph run that chose two actions, ran three skills (the last failed) and ran out of budget. */
export function failedLookPlanGraphRun(): LookPlanGraphRunResult {
  const belief = { ref: 'sha256:after', accessed: 'fridge' };
  return {
    status: 'execution-failed',
    lookPlanGraph: {
      status: 'failed',
      reason: 'no done after 2 chosen actions',
      chosen: [
        { action: 'goto', args: ['kitchen'] },
        { action: 'look_inside', args: ['fridge'] },
      ],
      steps: [
        record(0, 'goto', ['pose_1']),
        record(1, 'goto', ['kitchen']),
        record(2, 'look_inside', ['fridge'], 'failed'),
      ],
      failedActions: 1,
      memory: { ref: 'sha256:memory', priors: 4 },
      belief,
      beliefVersions: [{ ref: 'sha256:after', accessed: 'fridge', cause: 'goto(kitchen)' }],
      usage: { promptTokens: 120, completionTokens: 30, calls: 2 },
    },
    replannedForWorldChanges: 0,
    replannedForExecutionFailures: 1,
    belief,
  };
}
