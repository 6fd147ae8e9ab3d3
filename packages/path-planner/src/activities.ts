import { type PlanStep, requireScene, type SceneRef, type SceneStore } from '@groundplan/scene-graph';
import { expandPlanTraced } from './expand-plan.js';
import { type Frontier, frontier } from './frontier.js';
import { type Lookout, nextLookout } from './next-lookout.js';

export type ExpandPathInput = { sceneRef: SceneRef; plan: PlanStep[] };
/** The expanded plan and, per expanded step, the index of the plan step it came from; or why it cannot be expanded. */
export type ExpandPathResult =
  | { ok: true; value: PlanStep[]; origins: number[] }
  | { ok: false; error: string };

/** The path-planning activities (task queue groundplan-sim, beside the simulator's): milliseconds of CPU. */
export function createPathActivities(deps: { scenes: SceneStore }) {
  return {
    /** Fills in the navigation between the plan's places; an unreachable place is feedback, not a failure. */
    async expandPath(input: ExpandPathInput): Promise<ExpandPathResult> {
      const expanded = expandPlanTraced(await requireScene(deps.scenes, input.sceneRef), input.plan);
      if (!expanded.ok) return { ok: false, error: expanded.error.message };
      return { ok: true, value: expanded.value.steps, origins: expanded.value.origins };
    },

    /** Where the robot should look next for nodes its belief lost (nearest room not yet looked around). */
    async nextLookout(input: { beliefRef: SceneRef; wanted: string[]; looked: string[] }): Promise<Lookout> {
      return nextLookout(await requireScene(deps.scenes, input.beliefRef), input.wanted, input.looked);
    },

    /** The rooms an exploring robot could look around next, nearest first, with their routes. */
    async explorationFrontier(input: {
      beliefRef: SceneRef;
      looked: string[];
      limit: number;
    }): Promise<Frontier> {
      return frontier(await requireScene(deps.scenes, input.beliefRef), input.looked, input.limit);
    },
  };
}

export type PathActivities = ReturnType<typeof createPathActivities>;
