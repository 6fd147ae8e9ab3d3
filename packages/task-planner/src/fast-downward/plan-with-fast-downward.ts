import { expandPlan } from '@groundplan/path-planner';
import { err, ok, type Result, type SceneGraph } from '@groundplan/scene-graph';
import {
  checkGoals,
  commitState,
  formatGoal,
  type Goal,
  initialState,
  parseGoals,
  verifyPlan,
} from '@groundplan/simulator';
import { exportPddl } from '../pddl/export-pddl.js';
import type {
  TaskPlan,
  TaskPlanFailure,
  TaskPlanFailureReason,
  TaskPlanOptions,
} from '../planning/plan-for-goals.js';
import type { FastDownwardConfig } from './planner-config.js';
import { runFastDownward } from './run-fast-downward.js';

/** A Fast Downward plan, verified by the simulator, with what Fast Downward reported about finding it. */
export interface FastDownwardPlan extends TaskPlan {
  readonly searchSeconds: number | undefined;
  readonly translateSeconds: number | undefined;
}

/**
 * A plan for the goals by Fast Downward over the PDDL export, read back and run through the
 * simulator like any other plan: a plan the simulator rejects or that misses a goal is a failure,
 * never returned as found.
 */
export async function planWithFastDownward(
  scene: SceneGraph,
  goalInput: readonly Goal[] | readonly string[],
  /** As the built-in planner's, except that absent nodes mean the whole scene. */
  options: Omit<TaskPlanOptions, 'nodes'> & {
    readonly nodes?: readonly string[];
    readonly fastDownward: FastDownwardConfig;
  },
): Promise<Result<FastDownwardPlan, TaskPlanFailure>> {
  const fail = (reason: TaskPlanFailureReason, message: string) =>
    err({ reason, message, unreachable: [], expansions: 0 });
  const goals = goalInput.every((goal): goal is string => typeof goal === 'string')
    ? parseGoals(goalInput as readonly string[])
    : ok([...(goalInput as readonly Goal[])]);
  if (!goals.ok) return fail('bad_goals', goals.error);
  if (goals.value.length === 0) return fail('bad_goals', 'no goals given; write at least one goal predicate');
  let start = options.from;
  if (start === undefined) {
    const initial = initialState(scene);
    if (!initial.ok) return fail('invalid_scene', initial.error);
    start = initial.value;
  }
  const task = exportPddl(scene, goals.value, {
    from: start,
    nodes: options.nodes,
    actions: options.actions,
  });
  if (!task.ok) return fail('bad_goals', task.error);
  const run = await runFastDownward(task.value.domain, task.value.problem, options.fastDownward);
  const wanted = goals.value.map(formatGoal).join(', ');
  if (!run.ok) {
    const reason = run.error.reason;
    if (reason === 'unsolvable')
      return fail('no_plan', `no plan reaches ${wanted} using only the explored nodes (Fast Downward)`);
    return fail(
      reason === 'missing' ? 'planner_missing' : reason === 'limits' ? 'budget' : 'planner_failed',
      run.error.message,
    );
  }
  const steps = task.value.readPlan(run.value.planText);
  if (!steps.ok) return fail('planner_failed', `Fast Downward's plan could not be read: ${steps.error}`);
  // Expand against the scene with the agent where the plan starts; verify from that state.
  const expanded = expandPlan(options.from === undefined ? scene : commitState(scene, start), steps.value);
  if (!expanded.ok)
    return fail('plan_rejected', `Fast Downward's plan cannot be expanded: ${expanded.error.message}`);
  const verified = verifyPlan(scene, expanded.value, { from: start, actions: options.actions });
  if (!verified.ok)
    return fail('plan_rejected', `the simulator rejects Fast Downward's plan: ${verified.failure.feedback}`);
  const report = checkGoals(scene, verified.final, goals.value);
  if (!report.satisfied) {
    const missed = report.results
      .filter((result) => !result.pass)
      .map((result) => `${result.goal}: ${result.reason}`);
    return fail('plan_rejected', `Fast Downward's plan misses goals in the simulator: ${missed.join('; ')}`);
  }
  return ok({
    plan: steps.value,
    start,
    final: verified.final,
    expansions: run.value.expansions ?? 0,
    generated: 0,
    algorithm: 'fast-downward',
    searchSeconds: run.value.searchSeconds,
    translateSeconds: run.value.translateSeconds,
  });
}
