import { type PlanStep, requireScene, type SceneRef, type SceneStore } from '@groundplan/scene-graph';
import {
  closedAfterPuttingAway,
  formatGoal,
  initialState,
  parseGoals,
  ROBOT_SKILL_SPECS,
} from '@groundplan/simulator';
import { planForGoals } from './planning/plan-for-goals.js';
import { feasibleActions } from './successors/feasible-actions.js';

export type PlanForGoalsInput = {
  sceneRef: SceneRef;
  /** Goal predicates as text: on(mug, desk), state(fridge, door, closed), ... */
  goals: string[];
  /** The nodes the plan may use (the explored and retrieved ones); their rooms are reachable by goto. */
  nodes: string[];
};

/** A high-level plan that reaches the goals (empty when they already hold), or why there is none. */
export type PlanForGoalsResult =
  | { ok: true; plan: PlanStep[]; expansions: number }
  | { ok: false; error: string; expansions: number };

/** The classical-planning activity (task queue groundplan-sim): CPU-bound, bounded by its expansions. */
export function createTaskPlanActivities(deps: { scenes: SceneStore }) {
  return {
    /**
     * Searches the simulator's action table for a plan that makes the goals true, closing again
     * the containers it puts things in (closedAfterPuttingAway) when a plan can; the goals alone otherwise.
     */
    async planForGoals(input: PlanForGoalsInput): Promise<PlanForGoalsResult> {
      const scene = await requireScene(deps.scenes, input.sceneRef);
      const tidy = tidyGoals(scene, input.goals);
      const withTidy =
        tidy.length > 0 ? planForGoals(scene, [...input.goals, ...tidy], { nodes: input.nodes }) : undefined;
      const planned = withTidy?.ok ? withTidy : planForGoals(scene, input.goals, { nodes: input.nodes });
      return planned.ok
        ? { ok: true, plan: planned.value.plan, expansions: planned.value.expansions }
        : { ok: false, error: planned.error.message, expansions: planned.error.expansions };
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
        { nodes: scene.nodes(), actions: ROBOT_SKILL_SPECS },
      ).map((action) => action.step);
      return { ok: true, steps };
    },
  };
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
