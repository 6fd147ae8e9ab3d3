import {
  type PlanStep,
  type Result,
  requireScene,
  type SceneRef,
  type SceneStore,
} from '@groundplan/scene-graph';
import {
  type ActionSpec,
  BUILT_IN_TABLES,
  closedAfterPuttingAway,
  consistentGoals,
  describeChange,
  formatGoal,
  type Goal,
  goalNodes,
  initialState,
  parseGoals,
  type SkillTables,
  sideEffects,
  undoGoals,
} from '@groundplan/simulator';
import { planWithFastDownward } from './fast-downward/plan-with-fast-downward.js';
import { type ClassicalPlannerConfig, DEFAULT_PLANNER_CONFIG } from './fast-downward/planner-config.js';
import {
  planForGoals,
  type TaskPlan,
  type TaskPlanFailure,
  type TaskPlanOptions,
} from './planning/plan-for-goals.js';
import { feasibleActions } from './successors/feasible-actions.js';

export type PlanForGoalsInput = {
  sceneRef: SceneRef;
  /** Goal predicates as text: on(mug, desk), state(fridge, door, closed), ... */
  goals: string[];
  /** The nodes the plan may use (the explored and retrieved ones); their rooms are reachable by goto. */
  nodes: string[];
  /** The classical planner for this attempt; the worker's configuration by default. */
  planner?: ClassicalPlannerConfig['planner'];
};

/**
 * A high-level plan that reaches the goals (empty when they already hold) and its side effects
 * (changes to nodes no goal names, one line each: the simulator's sideEffects), or why there is none.
 */
export type PlanForGoalsResult =
  | { ok: true; plan: PlanStep[]; expansions: number; sideEffects: string[] }
  | { ok: false; error: string; expansions: number };

/**
 * The classical-planning activity (task queue groundplan-sim): CPU-bound, bounded by its
 * expansions (the built-in searches) or by Fast Downward's time and memory limits (`deps.planner`, the one place
 * the planner is configured). A failure is a value with one line, never retried: planning the same
 * problem again gives the same answer.
 */
export function createTaskPlanActivities(deps: {
  scenes: SceneStore;
  planner?: ClassicalPlannerConfig;
  /** The robot's skills, from its skill file; the built-in ones by default. */
  skills?: SkillTables;
}) {
  const config = deps.planner ?? DEFAULT_PLANNER_CONFIG;
  const skills = deps.skills ?? BUILT_IN_TABLES;
  return {
    /**
     * Searches the simulator's action table for a plan that makes the goals true and changes
     * nothing else: it closes again the containers it puts things in (closedAfterPuttingAway),
     * and when the plan found still has side effects, plans once more with goals that undo them
     * (a door closed again, a thing put back, what the robot held taken back into the gripper),
     * keeping whichever plan leaves fewer. The side effects left are returned with the plan.
     */
    async planForGoals(input: PlanForGoalsInput): Promise<PlanForGoalsResult> {
      const scene = await requireScene(deps.scenes, input.sceneRef);
      const planner = classicalPlanner(
        { ...config, planner: input.planner ?? config.planner },
        skills.actions,
      );
      const tidy = tidyGoals(scene, input.goals);
      const withTidy =
        tidy.length > 0 ? await planner(scene, [...input.goals, ...tidy], { nodes: input.nodes }) : undefined;
      const planned = withTidy?.ok ? withTidy : await planner(scene, input.goals, { nodes: input.nodes });
      if (!planned.ok)
        return { ok: false, error: planned.error.message, expansions: planned.error.expansions };
      const goals = withTidy?.ok ? [...input.goals, ...tidy] : input.goals;
      const best = await withoutSideEffects(planner, scene, input.goals, { ...input, goals }, planned.value);
      return {
        ok: true,
        plan: best.plan.plan,
        expansions: planned.value.expansions + best.expansions,
        sideEffects: best.left.map(describeChange),
      };
    },

    /**
     * LookPlanGraph's choices: every robot skill (the planning actions and the looks) whose
     * preconditions hold in the belief now, over all of its nodes; goto(room) stands for the route.
     */
    async feasibleSteps(input: {
      sceneRef: SceneRef;
      accessed: string | null;
    }): Promise<FeasibleStepsResult> {
      const scene = await requireScene(deps.scenes, input.sceneRef);
      const start = initialState(scene);
      if (!start.ok) return { ok: false, error: start.error };
      const steps = feasibleActions(
        scene,
        { ...start.value, accessed: input.accessed },
        { nodes: scene.nodes(), actions: skills.robot },
      ).map((action) => action.step);
      return { ok: true, steps };
    },
  };
}

/**
 * The plan with the fewest side effects: the one found, or one found again with goals that undo
 * its side effects (when they agree with the asked goals and a plan reaches them in budget).
 */
async function withoutSideEffects(
  planner: ClassicalPlanner,
  scene: Parameters<typeof planForGoals>[0],
  askedGoals: readonly string[],
  /** The goals the plan was found for (the asked ones and the containers closed again) and its nodes. */
  input: PlanForGoalsInput,
  found: TaskPlan,
): Promise<{ plan: TaskPlan; left: ReturnType<typeof sideEffects>; expansions: number }> {
  const asked = parseGoals(askedGoals);
  const planned = parseGoals(input.goals);
  if (!asked.ok || !planned.ok) return { plan: found, left: [], expansions: 0 };
  const effectsOf = (plan: TaskPlan) => sideEffects(scene, plan.start, plan.final, asked.value);
  let best = { plan: found, left: effectsOf(found) };
  let expansions = 0;
  // Each round adds the undo goals of what the last plan left: putting the kebab back may leave
  // the microwave open, which the next round closes.
  // A round's plan that leaves as many (the can taken back, but the coffee machine switched on
  // on the way) is not kept, but its side effects join the next round's undo goals.
  const undone: Goal[] = [];
  let last = best.left;
  for (let round = 0; round < UNDO_ROUNDS && best.left.length > 0; round++) {
    const before = undone.length;
    for (const goal of undoGoals(scene, found.start, [...best.left, ...last]))
      if (!undone.some((known) => formatGoal(known) === formatGoal(goal))) undone.push(goal);
    if (undone.length === before) break;
    const undo = consistentGoals([...planned.value, ...undone]).kept;
    const nodes = [...new Set([...input.nodes, ...undo.flatMap(goalNodes)])];
    const again = await planner(scene, undo, { nodes });
    if (!again.ok) return { ...best, expansions: expansions + again.error.expansions };
    expansions += again.value.expansions;
    const left = effectsOf(again.value);
    last = left;
    if (left.length < best.left.length) best = { plan: again.value, left };
  }
  return { ...best, expansions };
}

/** How many times a plan is found again with the goals that undo what the one before left. */
const UNDO_ROUNDS = 3;

type ClassicalPlanner = (
  scene: Parameters<typeof planForGoals>[0],
  goals: Parameters<typeof planForGoals>[1],
  options: TaskPlanOptions,
) => Promise<Result<TaskPlan, TaskPlanFailure>>;

/** The configured planner as one function: the built-in search, or Fast Downward with its limits. */
function classicalPlanner(config: ClassicalPlannerConfig, actions: readonly ActionSpec[]): ClassicalPlanner {
  if (config.planner === 'fast-downward')
    return (scene, goals, options) =>
      planWithFastDownward(scene, goals, { ...options, actions, fastDownward: config.fastDownward });
  const algorithm = config.planner;
  const maxMilliseconds = config.builtinTimeLimitSeconds * 1000;
  return async (scene, goals, options) =>
    planForGoals(scene, goals, { ...options, actions, algorithm, maxMilliseconds });
}

/** The goals closedAfterPuttingAway adds to these, as text; none when the goals or the scene do not parse (the planner says why). */
function tidyGoals(scene: Parameters<typeof planForGoals>[0], goals: readonly string[]): string[] {
  const parsed = parseGoals(goals);
  const start = initialState(scene);
  if (!parsed.ok || !start.ok) return [];
  return closedAfterPuttingAway(scene, start.value, parsed.value).map(formatGoal);
}

/** The skills the robot can take next in its belief (looks included), or why none can be listed. */
export type FeasibleStepsResult = { ok: true; steps: PlanStep[] } | { ok: false; error: string };

export type TaskPlanActivities = ReturnType<typeof createTaskPlanActivities>;
