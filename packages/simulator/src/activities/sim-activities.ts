import { expandPlan } from '@groundplan/path-planner';
import {
  collapse,
  contract,
  countTokens,
  expand,
  renderView,
  type SceneGraph,
  type SceneStore,
  type View,
} from '@groundplan/scene-graph';
import { ApplicationFailure } from '@temporalio/common';
import { checkGoalText } from '../goals/check-goals.js';
import type { PlanStep } from '../plan/plan.js';
import { verifyPlan } from '../verify/verify-plan.js';

/** A view and what it costs in prompt tokens, as the workflow keeps it. */
export type SizedView = { view: View; tokens: number };

export type SearchCommandInput = {
  sceneRef: string;
  view: View;
  command: 'expand' | 'contract';
  node: string;
};

export type PlanVerdict =
  | { ok: true; steps: number }
  | { ok: false; index: number; reason: string; feedback: string };

/**
 * The simulation activities (task queue groundplan-sim): view operations on the scene, path
 * expansion and plan verification. Short, deterministic, cheap to retry.
 */
export function createSimActivities(scenes: SceneStore) {
  async function load(sceneRef: string): Promise<SceneGraph> {
    const scene = await scenes.get(sceneRef);
    if (!scene.ok)
      throw ApplicationFailure.create({ message: scene.error, type: 'SceneNotFound', nonRetryable: true });
    return scene.value;
  }
  const sized = (scene: SceneGraph, view: View): SizedView => ({
    view,
    tokens: countTokens(renderView(scene, view)),
  });

  return {
    /** The collapsed view of the scene the search starts from. */
    async collapseScene(input: { sceneRef: string }): Promise<SizedView> {
      const scene = await load(input.sceneRef);
      return sized(scene, collapse(scene));
    },

    /** Applies an LLM's expand/contract; an invalid one is an error the LLM sees next step. */
    async applySearchCommand(
      input: SearchCommandInput,
    ): Promise<{ ok: true; value: SizedView } | { ok: false; error: string }> {
      const scene = await load(input.sceneRef);
      const next = (input.command === 'expand' ? expand : contract)(scene, input.view, input.node);
      return next.ok ? { ok: true, value: sized(scene, next.value) } : next;
    },

    /** Fills in the navigation between the plan's places with the path planner. */
    async expandPath(input: {
      sceneRef: string;
      plan: PlanStep[];
    }): Promise<{ ok: true; value: PlanStep[] } | { ok: false; error: string }> {
      const scene = await load(input.sceneRef);
      const expanded = expandPlan(scene, input.plan);
      return expanded.ok ? expanded : { ok: false, error: expanded.error.message };
    },

    /** Forward-simulates the full plan; the first violated precondition comes back as feedback. */
    async verifyPlan(input: { sceneRef: string; plan: PlanStep[] }): Promise<PlanVerdict> {
      const scene = await load(input.sceneRef);
      const verification = verifyPlan(scene, input.plan);
      if (verification.ok) return { ok: true, steps: verification.trace.length };
      const { index, reason, feedback } = verification.failure;
      return { ok: false, index, reason, feedback };
    },

    /** Whether the plan, run from the scene, leaves a world that satisfies the goal predicates. */
    async checkPlanGoals(input: { sceneRef: string; plan: PlanStep[]; goals: string[] }): Promise<{
      satisfied: boolean;
      failed: string[];
    }> {
      const scene = await load(input.sceneRef);
      const verification = verifyPlan(scene, input.plan);
      if (!verification.ok) return { satisfied: false, failed: [verification.failure.feedback] };
      const report = checkGoalText(scene, verification.final, input.goals);
      if (!report.ok)
        throw ApplicationFailure.create({ message: report.error, type: 'InvalidGoal', nonRetryable: true });
      return {
        satisfied: report.value.satisfied,
        failed: report.value.results.filter((r) => !r.pass).map((r) => `${r.goal}: ${r.reason}`),
      };
    },
  };
}

export type SimActivities = ReturnType<typeof createSimActivities>;
