import {
  collapse,
  type PlanStep,
  requireScene,
  type SceneRef,
  type SceneStore,
  type SizedView,
  sizeView,
} from '@groundplan/scene-graph';
import { verifyPlan } from '../verify/verify-plan.js';
import { advanceBeliefByStep, type BeliefAdvance } from './advance-belief.js';

export type PlanVerdict =
  | { ok: true; steps: number }
  | { ok: false; index: number; reason: string; feedback: string };

/** The simulation activities (task queue groundplan-sim): short, deterministic, cheap to retry. */
export function createSimActivities(deps: { scenes: SceneStore }) {
  return {
    /** The collapsed view of the scene the search starts from, and its size in prompt tokens. */
    async collapseScene(input: { sceneRef: SceneRef }): Promise<SizedView> {
      const scene = await requireScene(deps.scenes, input.sceneRef);
      return sizeView(scene, collapse(scene));
    },

    /** Forward-simulates the full plan; the first violated precondition comes back as feedback. */
    async verifyPlan(input: { sceneRef: SceneRef; plan: PlanStep[] }): Promise<PlanVerdict> {
      const verification = verifyPlan(await requireScene(deps.scenes, input.sceneRef), input.plan);
      if (verification.ok) return { ok: true, steps: verification.trace.length };
      const { index, reason, feedback } = verification.failure;
      return { ok: false, index, reason, feedback };
    },

    /** The robot's belief after a step it executed: a new scene version in the store. */
    async advanceBelief(input: {
      beliefRef: SceneRef;
      accessed: string | null;
      step: PlanStep;
    }): Promise<BeliefAdvance> {
      return advanceBeliefByStep(deps.scenes, input);
    },
  };
}

export type SimActivities = ReturnType<typeof createSimActivities>;
