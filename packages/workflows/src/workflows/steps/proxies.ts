// Every activity a workflow calls, proxied once, with its timeouts and retry policy in plain sight.
// Workflow code imports only the activities' types; their code runs on the workers of each queue.
import type { LlmActivities } from '@groundplan/llm';
import type { PathActivities } from '@groundplan/path-planner';
import type { RobotActivities } from '@groundplan/robot';
import type { SimActivities } from '@groundplan/simulator';
import type { TaskPlanActivities } from '@groundplan/task-planner';
import { proxyActivities } from '@temporalio/workflow';
import {
  FAILURE_TYPES,
  LLM_STEP_DEFAULTS,
  LLM_TASK_QUEUE,
  robotTaskQueue,
  SIM_TASK_QUEUE,
  SKILL_DEFAULTS,
} from '../../contract.js';

export type LlmStepBudget = {
  heartbeatTimeoutSeconds?: number | undefined;
  maxAttempts?: number | undefined;
  deadlineSeconds?: number | undefined;
};

/**
 * LLM calls: slow (a local model takes seconds), retried with backoff unless retrying cannot
 * help, within one attempt count and one deadline per step. They heartbeat while the model
 * works, so a dead LLM worker is noticed within the heartbeat timeout and the call moves on.
 */
export function llmActivities(budget: LlmStepBudget = {}) {
  const deadline = budget.deadlineSeconds ?? LLM_STEP_DEFAULTS.deadlineSeconds;
  return proxyActivities<LlmActivities>({
    taskQueue: LLM_TASK_QUEUE,
    scheduleToCloseTimeout: `${deadline} seconds`,
    startToCloseTimeout: `${Math.min(deadline, 600)} seconds`,
    heartbeatTimeout: `${budget.heartbeatTimeoutSeconds ?? LLM_STEP_DEFAULTS.heartbeatTimeoutSeconds} seconds`,
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '1 minute',
      maximumAttempts: budget.maxAttempts ?? LLM_STEP_DEFAULTS.maxAttempts,
      nonRetryableErrorTypes: [
        FAILURE_TYPES.llmBadConfig,
        FAILURE_TYPES.llmInvalidOutput,
        FAILURE_TYPES.sceneNotFound,
      ],
    },
  });
}

/** Simulation and paths: milliseconds of CPU on the scene, so short timeouts and few retries. */
export const sim = proxyActivities<SimActivities & PathActivities>({
  taskQueue: SIM_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 3, nonRetryableErrorTypes: [FAILURE_TYPES.sceneNotFound] },
});

/**
 * The classical planner (sim queue): a search bounded by its expansions, seconds on a quiet
 * machine but more on a busy one; retrying the same search after a timeout would repeat it, so
 * one longer attempt and one retry (for a worker that died).
 */
export const taskPlanner = proxyActivities<TaskPlanActivities>({
  taskQueue: SIM_TASK_QUEUE,
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 2, nonRetryableErrorTypes: [FAILURE_TYPES.sceneNotFound] },
});

/**
 * Skills run on the robot's own queue: long, heartbeating, not retried when they cannot succeed.
 * A skill no worker takes in time fails at once (schedule-to-start timeouts are not retried).
 */
export function robot(
  robotId: string,
  heartbeatTimeoutSeconds: number = SKILL_DEFAULTS.heartbeatTimeoutSeconds,
  scheduleToStartTimeoutSeconds: number = SKILL_DEFAULTS.scheduleToStartTimeoutSeconds,
) {
  return proxyActivities<RobotActivities>({
    taskQueue: robotTaskQueue(robotId),
    scheduleToStartTimeout: `${scheduleToStartTimeoutSeconds} seconds`,
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
