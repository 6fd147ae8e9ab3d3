import {
  collapse,
  isExpandable,
  type Observation,
  type PlanStep,
  requireScene,
  type SceneRef,
  type SceneStore,
  type SizedView,
  sizeView,
} from '@groundplan/scene-graph';
import { ApplicationFailure } from '@temporalio/common';
import { type Answer, describeAnswer } from '../answer/answer.js';
import { advanceBelief } from '../belief/advance-belief.js';
import { memoryGraph } from '../belief/memory-graph.js';
import { sceneChanges } from '../belief/scene-changes.js';
import { BUILT_IN_TABLES, type SkillTables } from '../skills/skill-tables.js';
import { verifyPlan } from '../verify/verify-plan.js';

export type PlanVerdict =
  | { ok: true; steps: number }
  | { ok: false; index: number; reason: string; feedback: string };

export type AdvanceBeliefInput = {
  beliefRef: SceneRef;
  step?: PlanStep;
  /** The asset within reach before the step; null or absent when none. */
  accessed?: string | null;
  observation?: Observation;
};

export type AdvanceBeliefResult = {
  beliefRef: SceneRef;
  /** The asset within reach after the step, for the next update. */
  accessed: string | null;
  /** One short line per change, e.g. "mug_1 moved from desk_3 to kitchen_bench". */
  changes: string[];
};

/** The simulation activities (task queue groundplan-sim): short, deterministic, cheap to retry. */
export function createSimActivities(deps: {
  scenes: SceneStore;
  /** The robot's skills, from its skill file; the built-in ones by default. */
  skills?: SkillTables;
}) {
  const skills = deps.skills ?? BUILT_IN_TABLES;
  return {
    /** The collapsed view of the scene the search starts from, and its size in prompt tokens. */
    async collapseScene(input: { sceneRef: SceneRef }): Promise<SizedView> {
      const scene = await requireScene(deps.scenes, input.sceneRef);
      return sizeView(scene, collapse(scene));
    },

    /** The whole scene as one view, every node expanded (SayPlan Lite plans from it), and its size in prompt tokens. */
    async fullView(input: { sceneRef: SceneRef }): Promise<SizedView> {
      const scene = await requireScene(deps.scenes, input.sceneRef);
      const expanded = scene.filterNodes((id) => isExpandable(scene, id)).sort();
      return sizeView(scene, { expanded, memory: expanded });
    },

    /**
     * LookPlanGraph's memory graph of a belief: the same scene with every movable object marked
     * an unverified prior (attributes.prior); stored by content hash, so a retry stores nothing new.
     */
    async memoryGraph(input: { beliefRef: SceneRef }): Promise<{ beliefRef: SceneRef; priors: number }> {
      const memory = memoryGraph(await requireScene(deps.scenes, input.beliefRef));
      return { beliefRef: await deps.scenes.put(memory.graph), priors: memory.priors };
    },

    /** Forward-simulates the full plan; the first violated precondition comes back as feedback. */
    async verifyPlan(input: {
      sceneRef: SceneRef;
      plan: PlanStep[];
      /** Accept look steps (look_on, look_inside, look_around) too. */
      perception?: boolean;
    }): Promise<PlanVerdict> {
      const actions = input.perception === true ? skills.robot : skills.actions;
      const verification = verifyPlan(await requireScene(deps.scenes, input.sceneRef), input.plan, {
        actions,
      });
      if (verification.ok) return { ok: true, steps: verification.trace.length };
      const { index, reason, feedback } = verification.failure;
      return { ok: false, index, reason, feedback };
    },

    /**
     * The answer to a question: the nodes its search found, each with where it rests and its
     * state, or "none found" and the rooms searched. Reads the scene, changes nothing.
     */
    async answerQuestion(input: {
      sceneRef: SceneRef;
      found: string[];
      searched: string[];
    }): Promise<Answer> {
      return describeAnswer(await requireScene(deps.scenes, input.sceneRef), input.found, input.searched);
    },

    /**
     * The next version of a robot's belief: an executed step's effects and/or an observation merged,
     * stored by content hash (a retried attempt gives the same ref and stores nothing new).
     */
    async advanceBelief(input: AdvanceBeliefInput): Promise<AdvanceBeliefResult> {
      const belief = await requireScene(deps.scenes, input.beliefRef);
      const next = advanceBelief(belief, input, skills.robot);
      if (!next.ok)
        throw ApplicationFailure.create({ message: next.error, type: next.type, nonRetryable: true });
      const beliefRef = await deps.scenes.put(next.belief);
      return { beliefRef, accessed: next.accessed, changes: sceneChanges(belief, next.belief) };
    },
  };
}

export type SimActivities = ReturnType<typeof createSimActivities>;
