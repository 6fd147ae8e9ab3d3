import { activityInfo, cancellationSignal, heartbeat } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import {
  SKILL_FAILED,
  type SkillExecutor,
  SkillFailed,
  type SkillFailureDetails,
  type SkillOutcome,
  type SkillRequest,
} from './skill-executor.js';
import { ROBOT_WORLD_CORRUPT, RobotWorldCorrupt } from './world-file.js';

/** The skill activities of one robot, run by the worker next to it on its own task queue. */
export function createRobotActivities(deps: { robot: SkillExecutor }) {
  const executor = deps.robot;
  return {
    /** Runs one plan step on the robot, heartbeating progress and resuming from it after a retry. */
    async runSkill(request: SkillRequest): Promise<SkillOutcome> {
      const signal = cancellationSignal();
      try {
        return await executor.runSkill(request, {
          resumeFrom: activityInfo().heartbeatDetails,
          heartbeat: (details) => heartbeat(details),
          signal,
        });
      } catch (error) {
        // Cancelled: the robot stopped where it was; report the cancellation itself.
        if (signal.aborted) throw signal.reason;
        if (error instanceof RobotWorldCorrupt)
          throw ApplicationFailure.create({
            message: error.message,
            type: ROBOT_WORLD_CORRUPT,
            nonRetryable: true,
          });
        if (error instanceof SkillFailed) {
          const details: SkillFailureDetails = {
            reason: error.message,
            ...(error.observation === undefined ? {} : { observation: error.observation }),
          };
          throw ApplicationFailure.create({
            message: error.message,
            type: SKILL_FAILED,
            nonRetryable: true,
            details: [details],
          });
        }
        throw error;
      }
    },
  };
}

export type RobotActivities = ReturnType<typeof createRobotActivities>;
