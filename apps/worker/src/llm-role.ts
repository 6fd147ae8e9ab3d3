import {
  createLlmActivities,
  createProvider,
  defaultLocalModelPath,
  type LlmActivities,
  type LlmFailure,
  localModelInstalled,
  type StructuredOutputChoice,
  type WarmUpReport,
  warmUpSemanticSearch,
} from '@groundplan/llm';
import type { Result, SceneStore } from '@groundplan/scene-graph';
import { ApplicationFailure } from '@temporalio/common';
import type { WorkerConfig } from './config.js';

/** The llm role: its activities, and the warm-up that readies its model for the first step. */
export type LlmRole = {
  activities: LlmActivities;
  provider: { name: string; model: string };
  /** Loads a local model and evaluates the semantic-search prompt's fixed start; `undefined` when there is nothing to do. */
  warmUp: () => Promise<Result<WarmUpReport | undefined, LlmFailure>>;
  /**
   * Settles how the provider asks for JSON (GROUNDPLAN_STRUCTURED_OUTPUT; `auto` probes the
   * endpoint once, here at start); `undefined` for providers without modes (cassettes).
   */
  structuredOutput: () => Promise<Result<StructuredOutputChoice | undefined, LlmFailure>>;
};

/** The llm role with the provider the configuration names; a missing local model file fails here, in one line. */
export function createLlmRole(config: WorkerConfig, scenes: SceneStore): LlmRole {
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
    activities: createLlmActivities({
      provider,
      loadScene: async (sceneRef) => {
        const scene = await scenes.get(sceneRef);
        if (!scene.ok)
          throw ApplicationFailure.create({
            message: scene.error,
            type: 'SceneNotFound',
            nonRetryable: true,
          });
        return scene.value;
      },
    }),
    provider: { name: provider.name, model: provider.model },
    warmUp: () => warmUpSemanticSearch(provider),
    structuredOutput: async () =>
      provider.structuredOutput ? provider.structuredOutput() : { ok: true, value: undefined },
  };
}
