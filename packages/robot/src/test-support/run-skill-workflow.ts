// A workflow for the activity test: runs one skill on the robot's queue and returns how it ended,
// failure details included, as the real executePlan workflow sees them.
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { RobotActivities } from '../activities.js';

export async function runOneSkill(
  request: Parameters<RobotActivities['runSkill']>[0],
): Promise<{ ok: true; outcome: unknown } | { ok: false; type: string | undefined; details: unknown[] }> {
  const { runSkill } = proxyActivities<RobotActivities>({
    startToCloseTimeout: '30 seconds',
    heartbeatTimeout: '10 seconds',
    retry: { maximumAttempts: 2 },
  });
  try {
    return { ok: true, outcome: await runSkill(request) };
  } catch (error) {
    const cause = error instanceof ActivityFailure ? error.cause : error;
    if (cause instanceof ApplicationFailure)
      return { ok: false, type: cause.type ?? undefined, details: cause.details ?? [] };
    throw error;
  }
}
