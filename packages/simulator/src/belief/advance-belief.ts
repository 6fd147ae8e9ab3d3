import {
  err,
  type Observation,
  ok,
  type PlanStep,
  type Result,
  type SceneGraph,
} from '@groundplan/scene-graph';
import type { ActionSpec } from '../actions/action-spec.js';
import { ROBOT_SKILL_SPECS } from '../actions/perception-table.js';
import { commitState } from '../state/commit-state.js';
import { initialState } from '../state/sim-state.js';
import { applyStep, describeFailure } from '../verify/verify-plan.js';
import { mergeObservation } from './merge-observation.js';

/** The failure type of an observation that cannot be merged into the belief; retrying cannot help. */
export const INVALID_OBSERVATION = 'InvalidObservation';
/** The failure type of an executed step the belief says cannot have run; retrying cannot help. */
export const BELIEF_STEP_FAILED = 'BeliefStepFailed';

export type BeliefUpdate = {
  /** A step the robot has executed: its effects are what the robot believes the step did. */
  step?: PlanStep;
  /** The asset within reach before the step (not part of a scene; access sets it, goto clears it). */
  accessed?: string | null;
  /** What the robot perceived, merged after the step's effects. */
  observation?: Observation;
};

export type BeliefAdvance =
  | { ok: true; belief: SceneGraph; accessed: string | null }
  | { ok: false; type: typeof INVALID_OBSERVATION | typeof BELIEF_STEP_FAILED; error: string };

/** The next version of the belief: the step's effects written in, then the observation merged. Pure. */
export function advanceBelief(
  belief: SceneGraph,
  update: BeliefUpdate,
  /** The robot's skills (actions and looks); the built-in ones by default. */
  skills: readonly ActionSpec[] = ROBOT_SKILL_SPECS,
): BeliefAdvance {
  let scene = belief;
  let accessed = update.accessed ?? null;
  if (update.step !== undefined) {
    const stepped = applyToBelief(scene, update.step, accessed, skills);
    if (!stepped.ok) return { ok: false, type: BELIEF_STEP_FAILED, error: stepped.error };
    scene = stepped.value.scene;
    accessed = stepped.value.accessed;
  }
  if (update.observation !== undefined) {
    const merged = mergeObservation(scene, update.observation);
    if (!merged.ok) return { ok: false, type: INVALID_OBSERVATION, error: merged.error };
    scene = merged.value;
    // What was within reach may be gone from the belief now.
    if (accessed !== null && !scene.hasNode(accessed)) accessed = null;
  }
  return { ok: true, belief: scene, accessed };
}

function applyToBelief(
  scene: SceneGraph,
  step: PlanStep,
  accessed: string | null,
  skills: readonly ActionSpec[],
): Result<{ scene: SceneGraph; accessed: string | null }> {
  const start = initialState(scene);
  if (!start.ok) return err(`the belief cannot be simulated: ${start.error}`);
  if (accessed !== null && !scene.hasNode(accessed))
    return err(`the accessed asset '${accessed}' is not in the belief`);
  const outcome = applyStep(scene, { ...start.value, accessed }, step, { actions: skills });
  if (!outcome.ok)
    return err(`the belief says the executed step cannot run: ${describeFailure(outcome.failure)}`);
  return ok({ scene: commitState(scene, outcome.state), accessed: outcome.state.accessed });
}
