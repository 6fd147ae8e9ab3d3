import { fileSceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import { createRoleWorkers } from '@groundplan/workflows/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';

/** A test server running in-process planner and sim workers, the office stored under `dir`/scenes. */
export type OfficeOnTestServer = { env: TestWorkflowEnvironment; sceneRef: string; stop(): Promise<void> };

/**
 * The setup of the tests that run LLM workers as separate processes: a Temporal test server, the
 * office in a file scene store those processes share, and the planner and sim roles in process.
 */
export async function officeOnTestServer(dir: string): Promise<OfficeOnTestServer> {
  const env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
  const scenes = fileSceneStore(`${dir}/scenes`);
  const sceneRef = await scenes.put(await datasetScene('office'));
  const workers = await createRoleWorkers(env.nativeConnection, {
    roles: ['planner', 'sim'],
    namespace: env.namespace,
    scenes,
  });
  const running = workers.map((worker) => worker.run());
  return {
    env,
    sceneRef,
    async stop() {
      for (const worker of workers) worker.shutdown();
      await Promise.all(running);
      await env.teardown();
    },
  };
}
