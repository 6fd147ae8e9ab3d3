import { ActivityFailure, ApplicationFailure, TimeoutFailure } from '@temporalio/workflow';
import { FAILURE_TYPES, LLM_ACTIVITY_NAMES, LLM_STEP_DEFAULTS, type PlanOptions } from '../../contract.js';

/**
 * The one-line failure a run ends with when an LLM step used up its budget (llmMaxAttempts tries,
 * or llmStepDeadlineSeconds in all), naming the setting that raises it; undefined for any other error.
 */
export function llmStepFailure(error: unknown, options: PlanOptions = {}): ApplicationFailure | undefined {
  if (!(error instanceof ActivityFailure) || !LLM_ACTIVITY_NAMES.includes(error.activityType))
    return undefined;
  const step = `the LLM step ${error.activityType}`;
  const cause = error.cause;
  let message: string | undefined;
  // The deadline passed during an attempt (a schedule-to-close timeout) or between two (retry state TIMEOUT).
  const timedOut = cause instanceof TimeoutFailure && cause.timeoutType === 'SCHEDULE_TO_CLOSE';
  if (timedOut || error.retryState === 'TIMEOUT') {
    const deadline = options.llmStepDeadlineSeconds ?? LLM_STEP_DEFAULTS.deadlineSeconds;
    const lastError = timedOut ? cause.cause?.message : cause?.message;
    const last = lastError ? `; last error: ${lastError}` : '';
    message = `${step} got no answer within its ${deadline} s deadline${last}; raise it with --llm-deadline (plan option llmStepDeadlineSeconds) or check the endpoint`;
  } else if (error.retryState === 'MAXIMUM_ATTEMPTS_REACHED') {
    const attempts = options.llmMaxAttempts ?? LLM_STEP_DEFAULTS.maxAttempts;
    const last =
      cause instanceof TimeoutFailure && cause.timeoutType === 'HEARTBEAT'
        ? 'its LLM worker stopped heartbeating'
        : (cause?.message ?? error.message);
    message = `${step} failed ${attempts} ${attempts === 1 ? 'time' : 'times'}, the last: ${last}; raise the tries with --llm-attempts (plan option llmMaxAttempts) or check the endpoint`;
  }
  if (message === undefined) return undefined;
  const failure = ApplicationFailure.create({
    type: FAILURE_TYPES.llmStepFailed,
    message,
    nonRetryable: true,
  });
  // The message is the whole story; a stack trace of workflow code would only hide it.
  failure.stack = '';
  return failure;
}
