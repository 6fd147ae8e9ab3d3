import { countTokens } from '@groundplan/scene-graph';
import type { CallReport, ChatMessage, TokenUsage } from './provider.js';

/** Token usage counted locally (o200k) for providers that report none. */
export function countUsage(messages: readonly ChatMessage[], answer: string): TokenUsage {
  return {
    promptTokens: messages.reduce((sum, message) => sum + countTokens(message.content), 0),
    completionTokens: countTokens(answer),
  };
}

/** What a run of calls cost in total. */
export type UsageTotals = TokenUsage & { calls: number; attempts: number; latencyMs: number };

/** Adds up the reports of many calls, e.g. every LLM activity of one planning run. */
export function sumUsage(
  reports: readonly Pick<CallReport, 'usage' | 'attempts' | 'latencyMs'>[],
): UsageTotals {
  const totals: UsageTotals = { promptTokens: 0, completionTokens: 0, calls: 0, attempts: 0, latencyMs: 0 };
  for (const report of reports) {
    totals.promptTokens += report.usage.promptTokens;
    totals.completionTokens += report.usage.completionTokens;
    // Reused prompt tokens are counted only where providers report them.
    if (report.usage.cachedPromptTokens !== undefined)
      totals.cachedPromptTokens = (totals.cachedPromptTokens ?? 0) + report.usage.cachedPromptTokens;
    totals.calls += 1;
    totals.attempts += report.attempts;
    totals.latencyMs += report.latencyMs;
  }
  return totals;
}
