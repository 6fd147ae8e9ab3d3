import { z } from 'zod';
import { defaultLocalModelPath } from './model-catalogue.js';
import type { LlmProvider } from './provider.js';
import { localModelProvider } from './providers/local-model.js';
import { openAiCompatibleProvider } from './providers/openai-compatible.js';
import { recordingProvider, replayProvider } from './providers/replay.js';
import { StructuredOutputSettingSchema } from './structured-output.js';

/**
 * Every way to get a provider, as plain data an app parses from its environment once
 * (GROUNDPLAN_LLM_PROVIDER, OPENAI_BASE_URL, OPENAI_API_KEY, GROUNDPLAN_MODEL,
 * GROUNDPLAN_STRUCTURED_OUTPUT, ...).
 */
export const ProviderConfigSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('openai'),
    baseURL: z.url(),
    apiKey: z.string().min(1),
    model: z.string().min(1),
    timeoutMs: z.number().int().positive().optional(),
    maxRetries: z.number().int().min(0).max(10).optional(),
    temperature: z.number().min(0).max(2).optional(),
    seed: z.number().int().optional(),
    /** json_schema | json_object | prompt, or auto (the default): probe the endpoint once. */
    structuredOutput: StructuredOutputSettingSchema.optional(),
    /** Also write every answer to this cassette. */
    recordTo: z.string().optional(),
  }),
  z.object({
    provider: z.literal('local'),
    /** A GGUF file (apps map a catalogue name to one with resolveLocalModel); default: the default model of models.json as install-model.sh puts it. */
    modelPath: z.string().optional(),
    threads: z.number().int().positive().optional(),
    contextSize: z.number().int().positive().optional(),
    maxTokens: z.number().int().positive().optional(),
    seed: z.number().int().optional(),
    recordTo: z.string().optional(),
  }),
  z.object({
    provider: z.literal('replay'),
    cassettePath: z.string().min(1),
    latencyMs: z.number().int().min(0).optional(),
    hitLogPath: z.string().min(1).optional(),
  }),
]);
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

/** Builds the provider a config describes. */
export function createProvider(config: ProviderConfig): LlmProvider {
  switch (config.provider) {
    case 'replay':
      return replayProvider(config);
    case 'openai':
      return recorded(openAiCompatibleProvider(config), config.recordTo);
    case 'local':
      return recorded(
        localModelProvider({ ...config, modelPath: config.modelPath ?? defaultLocalModelPath() }),
        config.recordTo,
      );
  }
}

function recorded(provider: LlmProvider, cassettePath: string | undefined): LlmProvider {
  return cassettePath ? recordingProvider(provider, cassettePath) : provider;
}
