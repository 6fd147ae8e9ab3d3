import type { PlanAndExecuteResult, PlannedRunResult } from '../contract.js';

/** A run's result as one that planned before it executed; fails the test for a LookPlanGraph run. */
export function plannedRun(result: PlanAndExecuteResult): PlannedRunResult {
  if (!('planning' in result))
    throw new Error(`expected a run that planned first, got a ${result.status} LookPlanGraph run`);
  return result;
}
