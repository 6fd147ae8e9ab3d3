import { isDeepStrictEqual } from 'node:util';
import type { RobotWorld } from '@groundplan/robot';
import { sceneToJson } from '@groundplan/scene-graph';
import type { PlannedRunResult } from '@groundplan/workflows/contract';

/** What differs between a run's result and the uncrashed reference run's; empty when nothing does. */
export function resultDifferences(result: PlannedRunResult, reference: PlannedRunResult): string[] {
  const differences: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (!isDeepStrictEqual(a, b)) differences.push(`${what} differs`);
  };
  same('status', result.status, reference.status);
  same('plan', result.planning.plan, reference.planning.plan);
  same('expanded plan', result.planning.expandedPlan, reference.planning.expandedPlan);
  same('explored nodes', result.planning.explored, reference.planning.explored);
  const trace = (r: PlannedRunResult) => r.planning.searchTrace.map((s) => [s.command, s.node]);
  same('search trace', trace(result), trace(reference));
  same('plan attempts', result.planning.attempts, reference.planning.attempts);
  const steps = (r: PlannedRunResult) => (r.execution?.steps ?? []).map((s) => [s.index, s.step]);
  same('executed steps', steps(result), steps(reference));
  const failed = result.execution?.steps.filter((s) => s.status === 'failed') ?? [];
  if (failed.length > 0) differences.push(`${failed.length} step(s) failed`);
  return differences;
}

/**
 * What is wrong with the robot's world after a run, against the reference run's world (in
 * another copy of the office): every step applied exactly once, each under its own id, and the
 * same world. A step applied twice would fail its precondition (closing a closed cabinet,
 * releasing what the robot no longer holds) or leave a different world.
 */
export function worldDifferences(
  world: RobotWorld | undefined,
  reference: RobotWorld,
  executedSteps: number,
): string[] {
  if (!world) return ['the robot kept no world for the run'];
  const differences: string[] = [];
  const ids = [...world.appliedSteps];
  const indices = new Set(ids.map((id) => id.slice(id.lastIndexOf(':') + 1)));
  const prefixes = new Set(ids.map((id) => id.slice(0, id.lastIndexOf(':'))));
  if (ids.length !== executedSteps || indices.size !== executedSteps || prefixes.size !== 1)
    differences.push(`${ids.length} step ids applied for ${executedSteps} steps of one run`);
  const scene = (w: RobotWorld) => {
    const copy = w.world.copy();
    copy.removeAttribute('description');
    return sceneToJson(copy);
  };
  if (scene(world) !== scene(reference)) differences.push('the world differs from the reference run');
  if (world.accessed !== reference.accessed) differences.push('the robot ends at another asset');
  return differences;
}
