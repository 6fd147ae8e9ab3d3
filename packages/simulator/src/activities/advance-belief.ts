import { type PlanStep, requireScene, type SceneRef, type SceneStore } from '@groundplan/scene-graph';
import { ApplicationFailure } from '@temporalio/common';
import { formatStep } from '../plan/plan.js';
import { commitState } from '../state/commit-state.js';
import { initialState } from '../state/sim-state.js';
import { applyStep, describeFailure } from '../verify/verify-plan.js';

/** The failure type of a belief update that cannot be applied (the step contradicts the belief). */
export const BELIEF_UPDATE_FAILED = 'BeliefUpdateFailed';

export type BeliefAdvance = { beliefRef: SceneRef; accessed: string | null; changes: string[] };

/**
 * The robot's belief after a step it executed: the step's effects written into the belief scene
 * (agent place, placements, states), stored by content, so a retried call returns the same ref and
 * stores nothing new. `accessed` is the asset within reach, which the scene does not hold.
 */
export async function advanceBeliefByStep(
  scenes: SceneStore,
  input: { beliefRef: SceneRef; accessed: string | null; step: PlanStep },
): Promise<BeliefAdvance> {
  const belief = await requireScene(scenes, input.beliefRef);
  const start = initialState(belief);
  if (!start.ok) throw nonRetryable(`the belief ${input.beliefRef} has no robot: ${start.error}`);
  const outcome = applyStep(belief, { ...start.value, accessed: input.accessed }, input.step);
  if (!outcome.ok)
    throw nonRetryable(
      `the robot did ${formatStep(input.step)}, which its belief says it could not: ${describeFailure(outcome.failure)}`,
    );
  const next = commitState(belief, outcome.state);
  return {
    beliefRef: await scenes.put(next),
    accessed: outcome.state.accessed,
    changes: [formatStep(input.step)],
  };
}

function nonRetryable(message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: BELIEF_UPDATE_FAILED, message, nonRetryable: true });
}
