import type { ZodType } from 'zod';

// The port through which grounding asks a model to vote among options it built. Grounding
// declares it and never imports the model boundary: @groundplan/llm implements it
// (askStructured with a provider) and passes it in where it composes the activities. The types
// are the model boundary's own in shape (its ChatMessage and CallReport), so results pass
// between the two packages unchanged.

/** One message of a conversation with a model. */
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/**
 * How a choice activity scores options with the model instead of asking it to generate one
 * (SayCan): each candidate reply's summed token log-probability after the conversation, and its
 * number of tokens, in order.
 */
export type Score = (
  messages: ChatMessage[],
  candidates: readonly string[],
) => Promise<
  | { ok: true; value: { logProbs: number[]; tokens: number[]; report: CallReport; calls: number } }
  | { ok: false; error: string; usage: CallReport; calls: number }
>;

/** What one model call (or a rule that made the choice instead) cost, and who answered. */
export type CallReport = {
  usage: { promptTokens: number; completionTokens: number; cachedPromptTokens?: number };
  latencyMs: number;
  provider: string;
  model: string;
  attempts: number;
};

/**
 * How a choice activity asks the model for an answer within a contract: the answer with what
 * the calls cost, or why there is none with what the calls cost.
 */
export type Ask = <T>(
  messages: ChatMessage[],
  contract: ZodType<T>,
  schemaName: string,
  maxTokens: number,
) => Promise<
  | { ok: true; value: { value: T; report: CallReport; calls: CallReport[] } }
  | { ok: false; error: string; usage: CallReport; calls: number }
>;

/** What a choice cost when a rule made it and no model was asked: `model` names the rule. */
export const noCall = (model: string): CallReport => ({
  usage: { promptTokens: 0, completionTokens: 0 },
  latencyMs: 0,
  provider: 'prior',
  model,
  attempts: 0,
});
