// Every activity a workflow calls, proxied once, with its timeouts and retry policy in plain sight.
// Workflow code imports only the activities' types; their code runs on the workers of each queue.
import type { LlmActivities } from '@groundplan/llm';
import type { PathActivities } from '@groundplan/path-planner';
import type { RobotActivities } from '@groundplan/robot';
import type { SimActivities } from '@groundplan/simulator';
import type { TaskPlanActivities } from '@groundplan/task-planner';
import { proxyActivities } from '@temporalio/workflow';
import { FAILURE_TYPES, LLM_TASK_QUEUE, robotTaskQueue, SIM_TASK_QUEUE } from '../contract.js';

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
      nonRetryableErrorTypes: [
        FAILURE_TYPES.llmBadConfig,
        FAILURE_TYPES.llmInvalidOutput,
        FAILURE_TYPES.sceneNotFound,
      ],
    },
  });
}

/** Simulation, path and task planning: CPU on the scene, so short timeouts and few retries. */
export const sim = proxyActivities<SimActivities & PathActivities & TaskPlanActivities>({
  taskQueue: SIM_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 3, nonRetryableErrorTypes: [FAILURE_TYPES.sceneNotFound] },
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
      nonRetryableErrorTypes: [
        FAILURE_TYPES.skillFailed,
        FAILURE_TYPES.robotWorldCorrupt,
        FAILURE_TYPES.sceneNotFound,
      ],
    },
  });
}
