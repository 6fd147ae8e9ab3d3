import type { Result } from '@groundplan/scene-graph';
import { Context } from '@temporalio/activity';
import type { CallReport, ChatMessage, LlmProvider, ScoreRequest } from './provider.js';
import { countUsage } from './usage.js';

/**
 * The model calls an LLM activity has made, heartbeated as it goes, so the attempt after a
 * killed or failed one can count them in the run's usage: the call in flight when a worker died
 * was sent (a model spent its prompt on it) but its answer never came back.
 */
export type SpentCalls = { calls: CallReport[]; inFlight?: CallReport | undefined };

/**
 * The calls earlier attempts of the current activity made, read from their last heartbeat; a
 * call still in flight then counts with its prompt's tokens. Empty outside an activity.
 */
export function callsOfEarlierAttempts(): CallReport[] {
  let details: unknown;
  try {
    details = Context.current().info.heartbeatDetails;
  } catch {
    return [];
  }
  const spent = details as Partial<SpentCalls> | undefined;
  if (!spent || !Array.isArray(spent.calls)) return [];
  return [...spent.calls, ...(spent.inFlight ? [spent.inFlight] : [])];
}

/** The provider, noting in `spent` each call (a completion or a scoring) as it is sent and as it ends. */
export function notingCalls(provider: LlmProvider, spent: SpentCalls): LlmProvider {
  async function noted<T extends Result<CallReport, { report?: CallReport }>>(
    messages: readonly ChatMessage[],
    call: Promise<T>,
  ): Promise<T> {
    spent.inFlight = {
      usage: countUsage(messages, ''),
      latencyMs: 0,
      provider: provider.name,
      model: provider.model,
      attempts: 1,
    };
    const answer = await call;
    spent.inFlight = undefined;
    const report = answer.ok ? answer.value : answer.error.report;
    if (report) {
      const { usage, latencyMs, provider: name, model, attempts } = report;
      spent.calls.push({ usage, latencyMs, provider: name, model, attempts });
    }
    return answer;
  }
  const score = provider.score?.bind(provider);
  return {
    ...provider,
    complete: (request) => noted(request.messages, provider.complete(request)),
    ...(score ? { score: (request: ScoreRequest) => noted(request.messages, score(request)) } : {}),
  };
}
