import type { Observation, PlanStep, SceneRef } from '@groundplan/scene-graph';

/** One step of a plan, sent to the robot that runs it. `stepId` is unique per run and step. */
export type SkillRequest = { sceneRef: SceneRef; stepId: string; step: PlanStep };

/** What a skill reports while it runs, and where it resumes after a retry. */
export type SkillProgress = {
  /** The progress last heartbeated by an earlier attempt of this step, if any. */
  resumeFrom: unknown;
  heartbeat(details: unknown): void;
  /** Aborted when the run is cancelled: the robot stops where it is. */
  signal: AbortSignal;
};

export type SkillOutcome = {
  stepId: string;
  action: string;
  /** already-done: the step had been applied before (a retried attempt), and was not applied twice. */
  status: 'done' | 'already-done';
  /** Simulated robot time the skill took, in seconds. */
  robotSeconds: number;
  /** The progress this attempt resumed from (metres travelled, seconds worked), 0 for a fresh start. */
  resumedFrom: number;
  /** What a perception skill (look_on, look_inside, look_around) saw; the same on a retried attempt. */
  observation?: Observation;
};

/** The details of a SkillFailed activity failure: the reason, and what the robot saw where it failed. */
export type SkillFailureDetails = { reason: string; observation?: Observation };

/** The failure type of a skill that cannot succeed in the robot's world as it is. */
export const SKILL_FAILED = 'SkillFailed';

/** A skill that cannot succeed in the robot's world as it is; retrying will not help. */
export class SkillFailed extends Error {
  override readonly name = SKILL_FAILED;
  /** What the robot saw where the skill failed, for correcting the belief. */
  readonly observation: Observation | undefined;
  constructor(reason: string, observation?: Observation) {
    super(reason);
    this.observation = observation;
  }
}

/** The one thing a robot must do for groundplan: run a skill, report progress, stop when told. */
export interface SkillExecutor {
  runSkill(request: SkillRequest, progress: SkillProgress): Promise<SkillOutcome>;
}
