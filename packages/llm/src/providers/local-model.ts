import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { LlmProvider } from '../provider.js';
import { type LocalModelOptions, localModelFetch, preloadLocalModel } from './local-model-fetch.js';
import { scoreLocally } from './local-model-scores.js';
import { openAiCompatibleProvider } from './openai-compatible.js';

export type LocalModelConfig = LocalModelOptions & {
  temperature?: number;
  seed?: number;
  timeoutMs?: number;
};

/**
 * A provider backed by a GGUF model run in this process by node-llama-cpp (CPU, prebuilt
 * binary). It goes through the openai client with a fetch that answers locally, so it shares
 * every line of request handling, validation and accounting with remote endpoints.
 */
export function localModelProvider(config: LocalModelConfig): LlmProvider {
  const provider = openAiCompatibleProvider({
    baseURL: 'http://local-model.invalid/v1',
    apiKey: 'local',
    model: basename(config.modelPath),
    timeoutMs: config.timeoutMs ?? 600_000,
    // A local failure is not a transient network problem; retrying would only repeat it.
    maxRetries: 0,
    temperature: config.temperature ?? 0,
    seed: config.seed ?? 1,
    fetch: localModelFetch(config),
    providerName: 'local',
    // The local fetch turns the json_schema into a llama grammar: decoding cannot leave the schema.
    structuredOutput: 'json_schema',
    // Answers are capped per request, so a long plan is not cut off at the short default.
    sendMaxTokens: true,
  });
  return {
    ...provider,
    warmUp: (prefix) => preloadLocalModel(config, prefix),
    score: (request) => scoreLocally(config, request),
  };
}

/** Whether the model file is where the config says, for a clear message before a long run. */
export function localModelInstalled(modelPath: string): boolean {
  return existsSync(modelPath);
}
