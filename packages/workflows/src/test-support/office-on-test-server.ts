// The shared setup of the workflow tests: a Temporal test server, the office in a scene store on
// disk, and every role's workers in this process with a scripted model and a fast simulated robot.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type LlmProvider, type LlmScript, scriptedProvider } from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { createSimulatedRobot } from '@groundplan/robot';
import { fileSceneStore, type SceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import type { SkillTables } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import type { WorkflowExecutionDescription } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { runOutcome, startPlanAndExecute } from '../client.js';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, type PlannedRunResult, type Reader } from '../contract.js';
import { createRoleWorkers, runWorkersUntil } from '../worker.js';
import { plannedRun } from './planned-run.js';

export type OfficeOnTestServer = {
  env: TestWorkflowEnvironment;
  scenes: SceneStore;
  sceneRef: string;
  dataDir: string;
  /**
   * Workers of every role; the robot role runs `robotId`; the robot's skills are the built-in ones
   * unless given; the model is the script unless a provider (the local model) is given.
   */
  workers(
    robotId: string,
    script?: LlmScript,
    skills?: SkillTables,
    provider?: LlmProvider,
  ): ReturnType<typeof createRoleWorkers>;
  /** One planAndExecute run of the office on fresh workers: its result, how it failed (if it did), its description. */
  planAndExecute(
    robotId: string,
    instruction: string,
    options?: {
      planner?: 'grounded-prior' | 'goal-writer' | 'grounded-scored';
      /** Who reads the instruction (PlanOptions.reader); default the rules. */
      reader?: Reader;
      script?: LlmScript;
      skills?: SkillTables;
      provider?: LlmProvider;
    },
  ): Promise<{ result: PlannedRunResult; failure: unknown; description: WorkflowExecutionDescription }>;
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
  const server: OfficeOnTestServer = {
    env,
    scenes,
    sceneRef,
    dataDir,
    async workers(robotId, script = defaultScript, skills, provider) {
      const retrieval = await openRetrieval({ cacheDir: `${dataDir}/retrieval` });
      if (!retrieval.ok) throw new Error(retrieval.error);
      return createRoleWorkers(env.nativeConnection, {
        roles: ['planner', 'llm', 'sim', 'robot'],
        namespace: env.namespace,
        scenes,
        provider: provider ?? scriptedProvider(script),
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
    async planAndExecute(robotId, instruction, options = {}) {
      const workers = await server.workers(robotId, options.script, options.skills, options.provider);
      return runWorkersUntil(
        workers,
        (async () => {
          const handle = await startPlanAndExecute(env.client, 'office', {
            sceneRef,
            instruction,
            robotId,
            options: {
              planner: options.planner ?? 'grounded-prior',
              ...(options.reader ? { reader: options.reader } : {}),
            },
          });
          const failure = await handle.result().then(
            () => undefined,
            (error: unknown) => error,
          );
          return {
            result: plannedRun(await runOutcome(handle)),
            failure,
            description: await handle.describe(),
          };
        })(),
      );
    },
    async teardown() {
      await env.teardown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
