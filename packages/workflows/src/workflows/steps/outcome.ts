import { ApplicationFailure, ChildWorkflowFailure } from '@temporalio/workflow';
import { OUTCOME_FAILURE_TYPES } from '../../contract.js';

/**
 * Ends the workflow as failed with a groundplan outcome: a typed, non-retryable failure whose
 * message is the one-line reason and whose details[0] is the full result, so the Temporal UI
 * shows the run red while clients still read its result (client.ts runOutcome).
 */
export function failWithOutcome(type: string, reason: string, result: unknown): never {
  const failure = ApplicationFailure.create({ type, message: reason, nonRetryable: true, details: [result] });
  // An outcome is not a bug in this code: a stack trace would only push the reason out of sight.
  failure.stack = '';
  throw failure;
}

/** The full result a child workflow failed with as a groundplan outcome; undefined for any other error. */
export function childOutcome<T>(error: unknown): T | undefined {
  if (!(error instanceof ChildWorkflowFailure)) return undefined;
  const cause = error.cause;
  if (!(cause instanceof ApplicationFailure) || !OUTCOME_FAILURE_TYPES.includes(cause.type ?? ''))
    return undefined;
  return cause.details?.[0] as T | undefined;
}
