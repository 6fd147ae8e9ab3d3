import type { Observation } from '@groundplan/scene-graph/observation';
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  getExternalWorkflowHandle,
  isCancellation,
  TimeoutFailure,
  workflowInfo,
} from '@temporalio/workflow';
import {
  type BeliefVersion,
  beliefAdvancedSignal,
  type PlanStep,
  type RobotRunInput,
  SKILL_DEFAULTS,
  type StepRecord,
} from '../../contract.js';
import { oneLine } from '../../run-description.js';
import { robot, sim } from './proxies.js';

/** A step the robot ran, or why it could not, and what it saw there if that changed its belief. */
export type StepRun =
  | { ok: true; record: StepRecord }
  | { ok: false; record: StepRecord; reason: string; corrected?: string };

export type RobotStepsOptions = RobotRunInput;

/**
 * Runs skills on one robot and keeps its belief in step: every executed step, and every
 * observation (a look, or what the robot saw where a skill failed), makes the next belief version,
 * reported to the robot entity. Used by executePlan and lookFor, so both move the belief alike.
 */
export function robotSteps(options: RobotStepsOptions) {
  const { runSkill } = robot(
    options.robotId,
    options.heartbeatTimeoutSeconds,
    options.skillScheduleToStartTimeoutSeconds,
  );
  const entity =
    options.reportBeliefTo === undefined ? undefined : getExternalWorkflowHandle(options.reportBeliefTo);
  const { workflowId, parent } = workflowInfo();
  // The entity knows its tasks, its own children: this run's parent (planAndExecute), or this run.
  const taskId =
    parent === undefined || parent.workflowId === options.reportBeliefTo ? workflowId : parent.workflowId;
  const state = { belief: options.belief, versions: [] as BeliefVersion[] };

  /** The next belief version; runs even while the run is being cancelled, since the robot did act. */
  async function advance(
    input: { step?: PlanStep; observation?: Observation },
    cause: string,
  ): Promise<string[]> {
    return CancellationScope.nonCancellable(async () => {
      // Summarised, so the timeline says which skill each belief update follows.
      const next = await sim.advanceBelief.executeWithOptions({ summary: oneLine(`belief after ${cause}`) }, [
        { beliefRef: state.belief.ref, accessed: state.belief.accessed, ...input },
      ]);
      if (next.beliefRef === state.belief.ref && next.accessed === state.belief.accessed) return next.changes;
      state.belief = { ref: next.beliefRef, accessed: next.accessed };
      const version = { ...state.belief, cause: `${workflowId} ${cause}` };
      state.versions.push(version);
      // An entity that is gone has nothing to learn.
      await entity?.signal(beliefAdvancedSignal, { taskId, version }).catch(() => undefined);
      return next.changes;
    });
  }

  async function run(step: PlanStep, index: number, label: string): Promise<StepRun> {
    const skill = `${step.action}(${step.args.join(', ')})`;
    let outcome: Awaited<ReturnType<typeof runSkill>>;
    try {
      outcome = await runSkill.executeWithOptions({ summary: oneLine(`${label} ${skill}`) }, [
        { sceneRef: options.sceneRef, stepId: `${workflowId}:${index}`, step },
      ]);
    } catch (error) {
      if (isCancellation(error)) throw error;
      const cause = error instanceof ActivityFailure ? error.cause : undefined;
      const details =
        cause instanceof ApplicationFailure
          ? (cause.details?.[0] as { observation?: Observation } | undefined)
          : undefined;
      const reason = failureMessage(error, options);
      const record: StepRecord = {
        index,
        step,
        status: 'failed',
        robotSeconds: 0,
        resumedFrom: 0,
        error: reason,
      };
      const changes = details?.observation
        ? await advance({ observation: details.observation }, `saw at ${skill}`)
        : [];
      return { ok: false, record, reason, ...(changes.length > 0 ? { corrected: changes.join('; ') } : {}) };
    }
    await advance(
      { step, ...(outcome.observation ? { observation: outcome.observation } : {}) },
      `${label} ${skill}`,
    );
    const record: StepRecord = {
      index,
      step,
      status: outcome.status,
      robotSeconds: outcome.robotSeconds,
      resumedFrom: outcome.resumedFrom,
    };
    return { ok: true, record };
  }

  return { run, state };
}

/** The one line that says why a skill failed: the robot's own reason when it gave one. */
function failureMessage(error: unknown, options: RobotStepsOptions): string {
  // Schedule-to-start is the only timeout a skill is not retried after: nobody serves the robot's queue.
  if (
    error instanceof ActivityFailure &&
    error.cause instanceof TimeoutFailure &&
    error.cause.timeoutType === 'SCHEDULE_TO_START'
  )
    return `no worker for robot ${options.robotId} took the skill within ${options.skillScheduleToStartTimeoutSeconds ?? SKILL_DEFAULTS.scheduleToStartTimeoutSeconds} s (none is running, or it is busy with other runs' skills; --skill-start-timeout waits longer)`;
  if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure)
    return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
