import { err, ok, type Result, type SceneGraph } from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  formatGoal,
  type Goal,
  initialState,
  type PlanStep,
  parseGoals,
  type SimState,
} from '@groundplan/simulator';
import { relaxedTask } from '../heuristic/relaxed-task.js';
import { bestFirstSearch } from '../search/best-first.js';
import { breadthFirstSearch } from '../search/breadth-first.js';
import { lazyGreedySearch } from '../search/lazy-greedy.js';
import type { SearchOutcome } from '../search/search-problem.js';
import { type FeasibleActionOptions, successorFunction } from '../successors/feasible-actions.js';
import { groundSteps } from '../successors/ground-steps.js';
import { eliminateSteps } from './eliminate-steps.js';
import { type Estimate, goalProblem } from './goal-problem.js';
import { type UnreachableGoal, unreachableGoals } from './unreachable-goals.js';

export type TaskPlanAlgorithm = BuiltinSearch | 'bfs' | 'fast-downward';

/**
 * The built-in classical searches planForGoals runs: 'ff' (default: lazy greedy best-first with
 * FF's relaxed-plan estimate and helpful actions; fast over whole scenes, not optimal), 'gbfs'
 * (greedy best-first over the goal bounds) and 'astar' (shortest plans; small problems only).
 */
export const BUILTIN_SEARCHES = ['ff', 'gbfs', 'astar'] as const;
export type BuiltinSearch = (typeof BUILTIN_SEARCHES)[number];

export interface TaskPlanOptions extends FeasibleActionOptions {
  /** Plan from this state; the scene's initial state by default. */
  readonly from?: SimState;
  /** The search (BUILTIN_SEARCHES); 'ff' by default. */
  readonly algorithm?: BuiltinSearch;
  /** Give up after expanding this many states (default 20,000). */
  readonly maxExpansions?: number;
  /** Give up after this much wall-clock time ('ff' only); no limit by default. */
  readonly maxMilliseconds?: number;
}

/** A high-level plan (goto(room) macros; expandPlan adds the poses) and what finding it cost. */
export interface TaskPlan {
  readonly plan: PlanStep[];
  /** The state the plan starts from and the one it reaches (for the plan's side effects). */
  readonly start: SimState;
  readonly final: SimState;
  readonly expansions: number;
  readonly generated: number;
  readonly algorithm: TaskPlanAlgorithm;
}

export type TaskPlanFailureReason =
  | 'bad_goals'
  | 'invalid_scene'
  | 'unreachable_goals'
  | 'no_plan'
  | 'budget'
  /** Fast Downward is not installed, failed, or gave a plan the simulator rejects. */
  | 'planner_missing'
  | 'planner_failed'
  | 'plan_rejected';

/** Why there is no plan, in one line a model can act on, with the goals at fault when known. */
export interface TaskPlanFailure {
  readonly reason: TaskPlanFailureReason;
  readonly message: string;
  readonly unreachable: UnreachableGoal[];
  readonly expansions: number;
}

export const DEFAULT_MAX_EXPANSIONS = 20_000;

/** A plan that makes every goal true, by lazy greedy search with FF's estimate (default), greedy best-first or A*. */
export function planForGoals(
  scene: SceneGraph,
  goals: readonly Goal[] | readonly string[],
  options: TaskPlanOptions,
): Result<TaskPlan, TaskPlanFailure> {
  const algorithm = options.algorithm ?? 'ff';
  return plan(scene, goals, options, algorithm, ESTIMATES[algorithm]);
}

const ESTIMATES: Record<BuiltinSearch, 'ff' | 'max' | 'greedy'> = { ff: 'ff', gbfs: 'greedy', astar: 'max' };

/** A shortest plan by breadth-first search: the optimal reference for the informed searches. */
export function breadthFirstPlan(
  scene: SceneGraph,
  goals: readonly Goal[] | readonly string[],
  options: Omit<TaskPlanOptions, 'algorithm'>,
): Result<TaskPlan, TaskPlanFailure> {
  return plan(scene, goals, options, 'bfs', 'none');
}

function plan(
  scene: SceneGraph,
  goalInput: readonly Goal[] | readonly string[],
  options: TaskPlanOptions,
  algorithm: BuiltinSearch | 'bfs',
  estimate: Exclude<Estimate, object> | 'ff',
): Result<TaskPlan, TaskPlanFailure> {
  const fail = (
    reason: TaskPlanFailureReason,
    message: string,
    unreachable: UnreachableGoal[] = [],
    expansions = 0,
  ) => err({ reason, message, unreachable, expansions });
  const goals = readGoals(goalInput);
  if (!goals.ok) return fail('bad_goals', goals.error);
  if (goals.value.length === 0) return fail('bad_goals', 'no goals given; write at least one goal predicate');
  let start = options.from;
  if (start === undefined) {
    const initial = initialState(scene);
    if (!initial.ok) return fail('invalid_scene', initial.error);
    start = initial.value;
  }
  const actions = options.actions ?? ACTION_SPECS;
  const grounded = groundSteps(scene, start, options.nodes, actions);
  const unreachable = unreachableGoals(scene, start, goals.value, new Set(options.nodes), grounded, actions);
  if (unreachable.length > 0) {
    const reasons = unreachable.map(({ goal, why }) => `${goal}: ${why}`).join('; ');
    return fail(
      'unreachable_goals',
      `cannot reach ${unreachable.length === 1 ? 'a goal' : 'goals'}: ${reasons}`,
      unreachable,
    );
  }
  const problem = goalProblem(
    scene,
    start,
    goals.value,
    successorFunction(scene, { ...options, actions }),
    estimate === 'ff'
      ? { relaxed: relaxedTask(scene, grounded, options.nodes, actions, goals.value) }
      : estimate,
  );
  const limits = {
    maxExpansions: options.maxExpansions ?? DEFAULT_MAX_EXPANSIONS,
    ...(options.maxMilliseconds === undefined ? {} : { maxMilliseconds: options.maxMilliseconds }),
  };
  const outcome: SearchOutcome<PlanStep, SimState> =
    algorithm === 'bfs'
      ? breadthFirstSearch(problem, limits)
      : algorithm === 'ff'
        ? lazyGreedySearch(problem, limits)
        : bestFirstSearch(problem, algorithm, limits);
  if (outcome.found) {
    // ff's greedy plans may take detours; a plan shortened by dropping steps reaches the goals too.
    const shortened =
      algorithm === 'ff' ? eliminateSteps(scene, start, outcome.steps, problem.isGoal, actions) : undefined;
    return ok({
      plan: shortened?.plan ?? outcome.steps,
      start,
      final: shortened?.final ?? outcome.final,
      expansions: outcome.expansions,
      generated: outcome.generated,
      algorithm,
    });
  }
  const wanted = goals.value.map(formatGoal).join(', ');
  if (outcome.exhausted) {
    return fail(
      'no_plan',
      `no plan reaches ${wanted} using only the explored nodes (all ${outcome.generated} reachable states searched); explore the nodes the goals need or change the goals`,
      [],
      outcome.expansions,
    );
  }
  const budget =
    outcome.limit === 'time' ? `${limits.maxMilliseconds} ms` : `${limits.maxExpansions} expansions`;
  return fail(
    'budget',
    `no plan within ${budget} (${algorithm} search) for ${wanted}; split the goals or name fewer nodes`,
    [],
    outcome.expansions,
  );
}

function readGoals(goals: readonly Goal[] | readonly string[]): Result<Goal[]> {
  if (goals.every((goal): goal is string => typeof goal === 'string'))
    return parseGoals(goals as readonly string[]);
  return ok([...(goals as readonly Goal[])]);
}
