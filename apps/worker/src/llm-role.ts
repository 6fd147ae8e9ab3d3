import {
  createProvider,
  defaultLocalModelPath,
  type LlmFailure,
  type LlmProvider,
  localModelInstalled,
  missingLocalModel,
  type StructuredOutputChoice,
  type WarmUpReport,
  warmUpSemanticSearch,
} from '@groundplan/llm';
import type { SceneIndexCache } from '@groundplan/retrieval';
import { openRetrieval } from '@groundplan/retrieval';
import type { Result } from '@groundplan/scene-graph';
import type { WorkerConfig } from './config.js';

/** The llm role: its model provider, its retrieval, and the warm-up that readies the model for the first step. */
export type LlmRole = {
  provider: LlmProvider;
  /** Node embeddings for the grounded planners; undefined when GROUNDPLAN_EMBEDDING_MODEL=off. */
  retrieval: SceneIndexCache | undefined;
  /** Loads a local model and evaluates the semantic-search prompt's fixed start; `undefined` when there is nothing to do. */
  warmUp: () => Promise<Result<WarmUpReport | undefined, LlmFailure>>;
  /**
   * Settles how the provider asks for JSON (GROUNDPLAN_STRUCTURED_OUTPUT; `auto` probes the
   * endpoint once, here at start); `undefined` for providers without modes (cassettes).
   */
  structuredOutput: () => Promise<Result<StructuredOutputChoice | undefined, LlmFailure>>;
};

/**
 * The llm role with the provider and embedding model the configuration names; a missing local
 * model or embedding model fails here, at start, in one line.
 */
export async function createLlmRole(config: WorkerConfig): Promise<LlmRole> {
  const settings = config.llm!;
  if (settings.provider === 'local') {
    const modelPath = settings.modelPath ?? defaultLocalModelPath();
    if (!localModelInstalled(modelPath)) throw new Error(missingLocalModel(modelPath));
  }
  let retrieval: SceneIndexCache | undefined;
  if (config.embeddingModel !== 'off') {
    const opened = await openRetrieval({
      ...(config.embeddingModel ? { modelDir: config.embeddingModel } : {}),
      cacheDir: `${config.dataDir}/retrieval`,
    });
    if (!opened.ok) throw new Error(`${opened.error} (or set GROUNDPLAN_EMBEDDING_MODEL=off)`);
    retrieval = opened.value;
  }
  const provider = createProvider(settings);
  return {
    provider,
    retrieval,
    warmUp: () => warmUpSemanticSearch(provider, { chainOfThought: config.chainOfThought }),
    structuredOutput: async () =>
      provider.structuredOutput ? provider.structuredOutput() : { ok: true, value: undefined },
  };
}
