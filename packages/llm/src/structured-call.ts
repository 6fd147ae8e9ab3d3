import { err, ok, type Result } from '@groundplan/scene-graph';
import { type ZodType, z } from 'zod';
import { toModelJsonSchema } from './contracts/json-schema.js';
import type { CallReport, ChatMessage, LlmFailure, LlmProvider } from './provider.js';
import { sumUsage } from './usage.js';

export type StructuredCall<T> = {
  messages: ChatMessage[];
  contract: ZodType<T>;
  schemaName: string;
  /** How many times an invalid answer is sent back with its validation error; default 2. */
  maxInvalidRetries?: number;
  /** Most tokens a valid answer can need (ANSWER_TOKENS), for providers that cap answers. */
  maxTokens?: number;
  /** Stops the call, and a local model's generation, when aborted. */
  signal?: AbortSignal;
};

/** A validated answer and what getting it cost, every attempt included. */
export type StructuredAnswer<T> = { value: T; report: CallReport; calls: CallReport[] };

/** A failure together with what the calls before it cost. */
export type StructuredFailure = LlmFailure & { calls: CallReport[] };

/**
 * Asks for an answer that satisfies the contract. An answer that is not JSON or breaks the
 * contract goes back to the model with the validation error, at most `maxInvalidRetries` times;
 * nothing invalid is ever returned.
 */
export async function askStructured<T>(
  provider: LlmProvider,
  call: StructuredCall<T>,
): Promise<Result<StructuredAnswer<T>, StructuredFailure>> {
  const schema = toModelJsonSchema(call.contract);
  const maxRetries = call.maxInvalidRetries ?? 2;
  const messages = [...call.messages];
  const calls: CallReport[] = [];
  for (let attempt = 0; ; attempt++) {
    const answer = await provider.complete({
      messages,
      schema,
      schemaName: call.schemaName,
      ...(call.maxTokens ? { maxTokens: call.maxTokens } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
    });
    let problem: string;
    let text: string;
    if (answer.ok) {
      calls.push(reportOf(answer.value));
      const parsed = call.contract.safeParse(answer.value.json);
      if (parsed.success) return ok({ value: parsed.data, report: totalOf(calls), calls });
      problem = `the answer does not match the required format:\n${z.prettifyError(parsed.error)}`;
      text = answer.value.text;
    } else {
      if (answer.error.report) calls.push(answer.error.report);
      if (answer.error.kind !== 'invalid-output') return err({ ...answer.error, calls });
      problem = answer.error.message;
      text = answer.error.text;
    }
    if (attempt >= maxRetries)
      return err({
        kind: 'invalid-output',
        message: `no valid answer after ${attempt + 1} tries; last problem: ${problem}`,
        text,
        report: totalOf(calls),
        calls,
      });
    messages.push(
      { role: 'assistant', content: text.slice(0, 4000) },
      {
        role: 'user',
        content: `Your answer was rejected: ${problem}\nAnswer again with one JSON object in the required format.`,
      },
    );
  }
}

function reportOf(report: CallReport): CallReport {
  const { usage, latencyMs, provider, model, attempts } = report;
  return { usage, latencyMs, provider, model, attempts };
}

/** One report for many calls: their tokens, requests and latency summed, the last one's provider and model. */
export function totalOf(calls: readonly CallReport[]): CallReport {
  const last = calls[calls.length - 1];
  const { calls: _count, attempts, latencyMs, ...usage } = sumUsage(calls);
  return {
    usage,
    latencyMs,
    provider: last?.provider ?? 'unknown',
    model: last?.model ?? 'unknown',
    attempts,
  };
}
