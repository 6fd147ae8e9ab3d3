import {
  createProvider,
  defaultLocalModelPath,
  type LlmFailure,
  type LlmProvider,
  localModelInstalled,
  type WarmUpReport,
  warmUpSemanticSearch,
} from '@groundplan/llm';
import type { Result } from '@groundplan/scene-graph';
import type { WorkerConfig } from './config.js';

/** The llm role: its model provider, and the warm-up that readies the model for the first step. */
export type LlmRole = {
  provider: LlmProvider;
  /** Loads a local model and evaluates the semantic-search prompt's fixed start; `undefined` when there is nothing to do. */
  warmUp: () => Promise<Result<WarmUpReport | undefined, LlmFailure>>;
};

/** The llm role with the provider the configuration names; a missing local model file fails here, in one line. */
export function createLlmRole(config: WorkerConfig): LlmRole {
  const settings = config.llm!;
  if (settings.provider === 'local') {
    const modelPath = settings.modelPath ?? defaultLocalModelPath();
    if (!localModelInstalled(modelPath))
      throw new Error(
        `no model at ${modelPath}: run packages/llm/scripts/install-model.sh or set GROUNDPLAN_MODEL`,
      );
  }
  const provider = createProvider(settings);
  return {
    provider,
    warmUp: () => warmUpSemanticSearch(provider, { chainOfThought: config.chainOfThought }),
  };
}
