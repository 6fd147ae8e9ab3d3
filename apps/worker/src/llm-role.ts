import type { SceneStore } from '@groundplan/scene-graph';
import type { LlmActivities } from '@groundplan/workflows';
import type { WorkerConfig } from './config.js';

/** The LLM activities for the llm role, with the provider the configuration names. */
export async function createLlmRoleActivities(
  _config: WorkerConfig,
  _scenes: SceneStore,
): Promise<LlmActivities> {
  throw new Error('the llm role is not wired yet');
}
