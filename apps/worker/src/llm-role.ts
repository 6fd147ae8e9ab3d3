import {
  createLlmActivities,
  createProvider,
  type LlmActivities,
  localModelInstalled,
} from '@groundplan/llm';
import type { SceneStore } from '@groundplan/scene-graph';
import { ApplicationFailure } from '@temporalio/common';
import type { WorkerConfig } from './config.js';

/** The LLM activities for the llm role, with the provider the configuration names. */
export function createLlmRoleActivities(config: WorkerConfig, scenes: SceneStore): LlmActivities {
  const settings = config.llm!;
  if (settings.provider === 'local' && settings.modelPath && !localModelInstalled(settings.modelPath)) {
    throw new Error(
      `no model at ${settings.modelPath}: run packages/llm/scripts/install-model.sh or set GROUNDPLAN_MODEL`,
    );
  }
  return createLlmActivities({
    provider: createProvider(settings),
    loadScene: async (sceneRef) => {
      const scene = await scenes.get(sceneRef);
      if (!scene.ok)
        throw ApplicationFailure.create({ message: scene.error, type: 'SceneNotFound', nonRetryable: true });
      return scene.value;
    },
  });
}
