import { ok, type Result } from '@groundplan/scene-graph';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { CallReport, Completion, CompletionRequest, LlmFailure, LlmProvider } from '../provider.js';
import { countUsage } from '../usage.js';

export type OpenAiCompatibleConfig = {
  /** Any chat-completions endpoint: OpenAI, vLLM, Ollama, a llama.cpp server. */
  baseURL: string;
  apiKey: string;
  model: string;
  /** Per HTTP request. */
  timeoutMs?: number;
  /** Retries of timeouts, 429 (after retry-after) and 5xx, done by the openai client. */
  maxRetries?: number;
  temperature?: number;
  seed?: number;
  /** Replaces the network: the local provider answers through this. */
  fetch?: typeof globalThis.fetch;
  /** How the provider names itself in usage reports. */
  providerName?: string;
  /**
   * Send a request's maxTokens as max_completion_tokens. Off by default: reasoning models count
   * their hidden reasoning against it, so a cap sized for the visible answer would cut them off.
   */
  sendMaxTokens?: boolean;
};

/** A provider for any OpenAI-compatible endpoint, using strict json_schema structured output. */
export function openAiCompatibleProvider(config: OpenAiCompatibleConfig): LlmProvider {
  let requests = 0;
  const baseFetch = config.fetch ?? globalThis.fetch;
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeout: config.timeoutMs ?? 120_000,
    maxRetries: config.maxRetries ?? 2,
    // Counting here sees the client's own retries, which its API does not report.
    fetch: (input, init) => {
      requests++;
      return baseFetch(input, init);
    },
  });
  const name = config.providerName ?? 'openai';

  return {
    name,
    model: config.model,
    async complete(request: CompletionRequest): Promise<Result<Completion, LlmFailure>> {
      const before = requests;
      const started = performance.now();
      const report = () => ({
        latencyMs: Math.round(performance.now() - started),
        provider: name,
        model: config.model,
        attempts: requests - before,
      });
      let response: OpenAI.Chat.Completions.ChatCompletion;
      try {
        response = await client.chat.completions.create({
          model: config.model,
          messages: request.messages,
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.schemaName, strict: true, schema: request.schema },
          },
          ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
          ...(config.seed === undefined ? {} : { seed: config.seed }),
          ...(config.sendMaxTokens && request.maxTokens ? { max_completion_tokens: request.maxTokens } : {}),
        });
      } catch (error) {
        return {
          ok: false,
          error: {
            ...classifyProviderError(error, config),
            report: { ...report(), usage: countUsage(request.messages, '') },
          },
        };
      }
      const choice = response.choices[0];
      const text = choice?.message.content ?? '';
      const cached = response.usage?.prompt_tokens_details?.cached_tokens;
      const usage = response.usage
        ? {
            promptTokens: response.usage.prompt_tokens,
            completionTokens: response.usage.completion_tokens,
            ...(cached === undefined ? {} : { cachedPromptTokens: cached }),
          }
        : countUsage(request.messages, text);
      const done = { ...report(), usage };
      if (choice?.message.refusal)
        return invalid(`the model refused: ${choice.message.refusal.slice(0, 200)}`, text, done);
      if (choice?.finish_reason === 'length')
        return invalid('the answer was cut off at the token limit; answer more briefly', text, done);
      try {
        return ok({ ...done, text, json: JSON.parse(text) as unknown });
      } catch (error) {
        return invalid(`the answer is not valid JSON (${(error as Error).message})`, text, done);
      }
    },
  };
}

function invalid(message: string, text: string, report: CallReport): Result<never, LlmFailure> {
  return { ok: false, error: { kind: 'invalid-output', message, text, report } };
}

/** One line saying what went wrong and what to change, classified as worth retrying or not. */
export function classifyProviderError(
  error: unknown,
  config: Pick<OpenAiCompatibleConfig, 'baseURL' | 'model' | 'timeoutMs'>,
): Extract<LlmFailure, { kind: 'unavailable' | 'bad-config' }> {
  const at = config.baseURL;
  if (error instanceof APIConnectionTimeoutError)
    return {
      kind: 'unavailable',
      message: `${at} did not answer within ${config.timeoutMs ?? 120_000} ms; raise the timeout or check the endpoint's load`,
    };
  if (error instanceof APIConnectionError)
    return {
      kind: 'unavailable',
      message: `cannot reach ${at} (${error.cause instanceof Error ? error.cause.message : error.message}); check OPENAI_BASE_URL and that the server is up`,
    };
  if (error instanceof APIError) {
    const detail = serverMessage(error);
    const status = error.status ?? 0;
    if (status === 401 || status === 403)
      return {
        kind: 'bad-config',
        message: `${at} rejected the API key (${status}${detail}); set OPENAI_API_KEY to a valid key for this endpoint`,
      };
    if (status === 404)
      return {
        kind: 'bad-config',
        message: `${at} does not serve model "${config.model}" (404${detail}); set GROUNDPLAN_MODEL to a model it serves, or fix OPENAI_BASE_URL`,
      };
    if (status === 408 || status === 409 || status === 429 || status >= 500)
      return {
        kind: 'unavailable',
        message: `${at} is unavailable (${status}${detail}) after the client's retries; try again later or raise max retries`,
      };
    return {
      kind: 'bad-config',
      message: `${at} refused the request (${status}${detail}); check that it supports json_schema structured output for "${config.model}"`,
    };
  }
  return {
    kind: 'unavailable',
    message: `calling ${at} failed: ${(error as Error)?.message ?? String(error)}`,
  };
}

function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : '';
  return message ? `: ${message.slice(0, 160)}` : '';
}
