import type { LlmActivities } from '@groundplan/llm';
import type { RobotActivities } from '@groundplan/robot';
import type { SimActivities } from '@groundplan/simulator';
import { proxyActivities } from '@temporalio/workflow';

// Task queues: each kind of work scales on its own workers.
export const PLANNER_TASK_QUEUE = 'groundplan-planner';
export const LLM_TASK_QUEUE = 'groundplan-llm';
export const SIM_TASK_QUEUE = 'groundplan-sim';
export const robotTaskQueue = (robotId: string) => `groundplan-robot-${robotId}`;

/**
 * LLM calls: slow (a local model takes seconds), retried with backoff unless retrying cannot
 * help. They heartbeat while the model works, so a dead LLM worker is noticed within the
 * heartbeat timeout and the call moves to another worker.
 */
export function llmActivities(heartbeatTimeoutSeconds = 30) {
  return proxyActivities<LlmActivities>({
    taskQueue: LLM_TASK_QUEUE,
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: `${heartbeatTimeoutSeconds} seconds`,
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '1 minute',
      maximumAttempts: 8,
      nonRetryableErrorTypes: ['LlmBadConfig', 'LlmInvalidOutput', 'SceneNotFound'],
    },
  });
}

/** Simulation and path planning: milliseconds of CPU, so short timeouts and few retries. */
export const sim = proxyActivities<SimActivities>({
  taskQueue: SIM_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 3, nonRetryableErrorTypes: ['SceneNotFound', 'InvalidGoal'] },
});

/** Skills run on the robot's own queue: long, heartbeating, not retried when they cannot succeed. */
export function robot(robotId: string, heartbeatTimeoutSeconds = 10) {
  return proxyActivities<RobotActivities>({
    taskQueue: robotTaskQueue(robotId),
    startToCloseTimeout: '30 minutes',
    heartbeatTimeout: `${heartbeatTimeoutSeconds} seconds`,
    retry: {
      initialInterval: '1 second',
      maximumInterval: '10 seconds',
      maximumAttempts: 10,
      nonRetryableErrorTypes: ['SkillFailed', 'SceneNotFound'],
    },
  });
}
