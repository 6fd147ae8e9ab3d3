import { type PlanStep, requireScene, type SceneRef, type SceneStore } from '@groundplan/scene-graph';
import { expandPlan } from './expand-plan.js';

export type ExpandPathInput = { sceneRef: SceneRef; plan: PlanStep[] };
export type ExpandPathResult = { ok: true; value: PlanStep[] } | { ok: false; error: string };

/** The path-planning activities (task queue groundplan-sim, beside the simulator's): milliseconds of CPU. */
export function createPathActivities(deps: { scenes: SceneStore }) {
  return {
    /** Fills in the navigation between the plan's places; an unreachable place is feedback, not a failure. */
    async expandPath(input: ExpandPathInput): Promise<ExpandPathResult> {
      const expanded = expandPlan(await requireScene(deps.scenes, input.sceneRef), input.plan);
      return expanded.ok ? expanded : { ok: false, error: expanded.error.message };
    },
  };
}

export type PathActivities = ReturnType<typeof createPathActivities>;
