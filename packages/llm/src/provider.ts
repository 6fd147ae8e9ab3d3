import type { Result } from '@groundplan/scene-graph';
import type { JsonSchema } from './contracts/json-schema.js';
import type { StructuredOutputChoice } from './structured-output.js';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** One structured-output request: the conversation and the JSON Schema the answer must follow. */
export type CompletionRequest = {
  messages: ChatMessage[];
  schema: JsonSchema;
  /** Names the schema for the endpoint (letters, digits, _ and -). */
  schemaName: string;
  /** Most tokens a valid answer can need; providers that cap answers (the local model) cap them here. */
  maxTokens?: number;
  /** Aborted when the caller gives up (a cancelled or timed-out activity): the request, and a local model's generation, stop. */
  signal?: AbortSignal;
};

export type TokenUsage = {
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens reused from an earlier request instead of evaluated, when the provider says. */
  cachedPromptTokens?: number;
};

/** What warming a provider up did: tokens evaluated ahead of requests, and how long it took. */
export type WarmUpReport = { latencyMs: number; loadMs: number; promptTokens: number };

/** What one provider call cost and who answered it. */
export type CallReport = {
  usage: TokenUsage;
  latencyMs: number;
  provider: string;
  model: string;
  /** HTTP requests sent, including the client's own retries on 429, 5xx and timeouts. */
  attempts: number;
};

/**
 * Candidate answers to score (SayCan): each is what the model's reply would be, in full. The
 * provider sums the log-probabilities of each candidate's tokens after the conversation.
 */
export type ScoreRequest = {
  messages: ChatMessage[];
  candidates: readonly string[];
  /** Aborted when the caller gives up: scoring stops between candidates. */
  signal?: AbortSignal;
};

/** Each candidate's summed token log-probability (natural log, <= 0) and token count, in request order. */
export type Scores = CallReport & { logProbs: number[]; tokens: number[] };

/** A model's answer: `text` as received, `json` when it parsed. */
export type Completion = CallReport & { text: string; json: unknown };

/**
 * Why a call failed. `unavailable` may pass if retried later (timeouts, 429, 5xx, connection);
 * `bad-config` will not (key, model, URL, request); `invalid-output` is the model's fault and
 * carries what it cost.
 */
export type LlmFailure =
  | {
      kind: 'unavailable';
      message: string;
      report?: CallReport;
      /** How long the endpoint asked to be left alone (a 429's or 503's retry-after), for the next try. */
      retryAfterMs?: number;
    }
  | { kind: 'bad-config'; message: string; report?: CallReport }
  | { kind: 'invalid-output'; message: string; text: string; report: CallReport };

/** Anything that answers chat-completion requests with JSON: a remote endpoint, a local model, a cassette. */
export interface LlmProvider {
  readonly name: string;
  readonly model: string;
  complete(request: CompletionRequest): Promise<Result<Completion, LlmFailure>>;
  /**
   * Gets ready for requests that start with `prefix`, so the first real request is not the slow
   * one: a local model loads and evaluates the prefix. Providers with nothing to prepare omit it.
   */
  warmUp?(prefix: ChatMessage[]): Promise<Result<WarmUpReport, LlmFailure>>;
  /**
   * The structured-output mode requests use. With the `auto` setting the first call probes the
   * endpoint with a tiny request and later calls get the same answer. Providers that always
   * constrain decoding themselves (cassettes, scripts) omit it.
   */
  structuredOutput?(): Promise<Result<StructuredOutputChoice, LlmFailure>>;
  /**
   * Scores candidate replies by the model's token log-probabilities over one evaluation of their
   * shared start. Only providers that see the model's distribution (the local model) have it.
   */
  score?(request: ScoreRequest): Promise<Result<Scores, LlmFailure>>;
}
