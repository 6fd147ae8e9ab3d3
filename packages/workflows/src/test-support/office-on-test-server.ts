// The shared setup of the workflow tests: a Temporal test server, the office in a scene store on
// disk, and every role's workers in this process with a scripted model and a fast simulated robot.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type LlmScript, scriptedProvider } from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { createSimulatedRobot } from '@groundplan/robot';
import { fileSceneStore, type SceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import type { SkillTables } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '../contract.js';
import { createRoleWorkers } from '../worker.js';

export type OfficeOnTestServer = {
  env: TestWorkflowEnvironment;
  scenes: SceneStore;
  sceneRef: string;
  dataDir: string;
  /** Workers of every role; the robot role runs `robotId`; the robot's skills are the built-in ones unless given. */
  workers(robotId: string, script?: LlmScript, skills?: SkillTables): ReturnType<typeof createRoleWorkers>;
  teardown(): Promise<void>;
};

export async function officeOnTestServer(
  name: string,
  defaultScript: LlmScript,
): Promise<OfficeOnTestServer> {
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-${name}-`);
  const scenes = fileSceneStore(`${dataDir}/scenes`);
  const env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
  const sceneRef = await scenes.put(await datasetScene('office'));
  return {
    env,
    scenes,
    sceneRef,
    dataDir,
    async workers(robotId, script = defaultScript, skills) {
      const retrieval = await openRetrieval({ cacheDir: `${dataDir}/retrieval` });
      if (!retrieval.ok) throw new Error(retrieval.error);
      return createRoleWorkers(env.nativeConnection, {
        roles: ['planner', 'llm', 'sim', 'robot'],
        namespace: env.namespace,
        scenes,
        provider: scriptedProvider(script),
        retrieval: retrieval.value,
        ...(skills ? { skills } : {}),
        robot: {
          id: robotId,
          executor: createSimulatedRobot({
            robotId,
            scenes,
            dataDir,
            speedMps: 1,
            timeScale: 0.001,
            tickMs: 5,
            ...(skills ? { skills: skills.robot } : {}),
          }),
        },
      });
    },
    async teardown() {
      await env.teardown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
