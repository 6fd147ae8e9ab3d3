import { err, ok, type Result } from '@groundplan/scene-graph';
import OpenAI, { APIError } from 'openai';
import type { JsonSchema } from '../contracts/json-schema.js';
import type {
  CallReport,
  Completion,
  CompletionRequest,
  LlmFailure,
  LlmProvider,
  TokenUsage,
} from '../provider.js';
import {
  jsonInAnswer,
  responseFormat,
  STRUCTURED_OUTPUT_MODES,
  type StructuredOutputChoice,
  type StructuredOutputMode,
  type StructuredOutputSetting,
  withSchemaInPrompt,
} from '../structured-output.js';
import { countUsage } from '../usage.js';
import { classifyProviderError, isRequestRefusal, withRefusalsFinal } from './endpoint-errors.js';

export type OpenAiCompatibleConfig = {
  /** Any chat-completions endpoint: OpenAI, vLLM, Ollama, LM Studio, llama.cpp's llama-server, llama-cpp-python. */
  baseURL: string;
  apiKey: string;
  model: string;
  /** Per HTTP request. */
  timeoutMs?: number;
  /**
   * Retries of timeouts, 429 and 5xx inside one call, by the openai client. Default 0: the
   * workflow's activity retries are groundplan's one retry layer (durable, visible, bounded by
   * the run's llmMaxAttempts and llmStepDeadlineSeconds); a refused request is never retried.
   */
  maxRetries?: number;
  temperature?: number;
  seed?: number;
  /** How to ask for JSON (see structured-output.ts); default `auto`: probe the endpoint once, at the first need. */
  structuredOutput?: StructuredOutputSetting;
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

// The smallest request that shows whether an endpoint takes a structured-output mode.
const PROBE: CompletionRequest = {
  messages: [{ role: 'user', content: 'Reply with the JSON object {"ok": true} and nothing else.' }],
  schemaName: 'probe',
  schema: {
    type: 'object',
    properties: { ok: { type: 'boolean' } },
    required: ['ok'],
    additionalProperties: false,
  } satisfies JsonSchema,
  maxTokens: 16,
};

/** A provider for any OpenAI-compatible endpoint, in the structured-output mode the setting names or the probe finds. */
export function openAiCompatibleProvider(config: OpenAiCompatibleConfig): LlmProvider {
  let requests = 0;
  const baseFetch = withRefusalsFinal(config.fetch ?? globalThis.fetch);
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeout: config.timeoutMs ?? 120_000,
    maxRetries: config.maxRetries ?? 0,
    // Counting here sees the client's own retries, which its API does not report.
    fetch: (input, init) => {
      requests++;
      return baseFetch(input, init);
    },
  });
  const name = config.providerName ?? 'openai';
  const setting = config.structuredOutput ?? 'auto';
  let settled: Promise<Result<StructuredOutputChoice, LlmFailure>> | undefined;

  /** Sends one request in one mode; an error is returned as the client threw it. */
  async function send(mode: StructuredOutputMode, request: CompletionRequest) {
    const format = responseFormat(mode, request.schemaName, request.schema);
    const body = {
      model: config.model,
      messages:
        mode === 'json_schema' ? request.messages : withSchemaInPrompt(request.messages, request.schema),
      ...(format ? { response_format: format } : {}),
      ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
      ...(config.seed === undefined ? {} : { seed: config.seed }),
      ...(config.sendMaxTokens && request.maxTokens ? { max_completion_tokens: request.maxTokens } : {}),
    };
    try {
      // json_object's `schema` is not in the openai client's types: servers that take it read it.
      const response = await client.chat.completions.create(
        body as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
        request.signal ? { signal: request.signal } : undefined,
      );
      return { ok: true as const, response };
    } catch (error) {
      return { ok: false as const, error };
    }
  }

  /** Tries the modes in order of strictness; the first the endpoint accepts is kept. */
  async function probe(): Promise<Result<StructuredOutputChoice, LlmFailure>> {
    const started = performance.now();
    const probes: StructuredOutputChoice['probes'] = [];
    for (const mode of STRUCTURED_OUTPUT_MODES) {
      const sent = await send(mode, PROBE);
      if (sent.ok) {
        probes.push({ mode, accepted: true });
        return ok({ mode, setting, probes, probeMs: Math.round(performance.now() - started) });
      }
      const refused =
        sent.error instanceof APIError &&
        sent.error.status !== undefined &&
        isRequestRefusal(sent.error.status, JSON.stringify(sent.error.error ?? sent.error.message));
      if (!refused) return err(classifyProviderError(sent.error, { ...config, mode }));
      probes.push({ mode, accepted: false, status: (sent.error as APIError).status });
      if (mode === 'prompt') return err(classifyProviderError(sent.error, { ...config, mode }));
    }
    throw new Error('unreachable: the prompt mode ends the probe');
  }

  /** The mode requests use: the setting's, or the probe's, found once; a probe that could not reach the endpoint is tried again. */
  function structuredOutput(): Promise<Result<StructuredOutputChoice, LlmFailure>> {
    if (setting !== 'auto') return Promise.resolve(ok({ mode: setting, setting, probes: [], probeMs: 0 }));
    if (!settled) {
      const probing = probe();
      settled = probing;
      void probing.then((found) => {
        if (!found.ok && found.error.kind === 'unavailable' && settled === probing) settled = undefined;
      });
    }
    return settled;
  }

  return {
    name,
    model: config.model,
    structuredOutput,
    async complete(request: CompletionRequest): Promise<Result<Completion, LlmFailure>> {
      const chosen = await structuredOutput();
      if (!chosen.ok) return chosen;
      const { mode } = chosen.value;
      const before = requests;
      const started = performance.now();
      const report = () => ({
        latencyMs: Math.round(performance.now() - started),
        provider: name,
        model: config.model,
        attempts: requests - before,
      });
      const sent = await send(mode, request);
      if (!sent.ok)
        return err({
          ...classifyProviderError(sent.error, { ...config, mode }),
          report: { ...report(), usage: countUsage(request.messages, '') },
        });
      // The body is whatever the endpoint sent (an empty body gives no object at all): nothing in it
      // is trusted to have the documented types.
      const response = sent.response as Partial<typeof sent.response> | null | undefined;
      const choice = Array.isArray(response?.choices) ? response.choices[0] : undefined;
      // An answer without choices is the endpoint's fault, not the model's: not re-asked as invalid JSON.
      if (!choice)
        return err({
          kind: 'unavailable',
          message: `${config.baseURL} answered without any choices (an empty body or "choices" list); the endpoint failed, not the model`,
          report: { ...report(), usage: countUsage(request.messages, '') },
        });
      const content = choice.message?.content;
      const text = typeof content === 'string' ? content : '';
      const done = {
        ...report(),
        usage: reportedUsage(response?.usage) ?? countUsage(request.messages, text),
      };
      const refusal = choice.message?.refusal;
      if (typeof refusal === 'string' && refusal)
        return invalid(`the model refused: ${refusal.slice(0, 200)}`, text, done);
      if (choice.finish_reason === 'length')
        return invalid('the answer was cut off at the token limit; answer more briefly', text, done);
      try {
        // Only decoding constraints guarantee bare JSON; otherwise look for it in the text.
        const json = mode === 'prompt' ? jsonInAnswer(text) : (JSON.parse(text) as unknown);
        return ok({ ...done, text, json });
      } catch (error) {
        return invalid(`the answer is not valid JSON (${(error as Error).message})`, text, done);
      }
    },
  };
}

/** The endpoint's token counts when they are counts; else undefined, and groundplan counts itself. */
function reportedUsage(usage: OpenAI.Completions.CompletionUsage | undefined): TokenUsage | undefined {
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (!usage || !count(usage.prompt_tokens) || !count(usage.completion_tokens)) return undefined;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    ...(count(cached) ? { cachedPromptTokens: cached } : {}),
  };
}

function invalid(message: string, text: string, report: CallReport): Result<never, LlmFailure> {
  return { ok: false, error: { kind: 'invalid-output', message, text, report } };
}
