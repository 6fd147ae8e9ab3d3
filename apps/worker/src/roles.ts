import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSimulatedRobot } from '@groundplan/robot';
import { fileSceneStore, loadSceneFile, type SceneRef, type SceneStore } from '@groundplan/scene-graph';
import { loadSkillTables, type SkillTables } from '@groundplan/simulator';
import { createRoleWorkers } from '@groundplan/workflows/worker';
import type { NativeConnection, Worker } from '@temporalio/worker';
import type { WorkerConfig } from './config.js';
import { createLlmRole, type LlmRole } from './llm-role.js';

/** The workflow bundle built with the app (dist/workflow-bundle.js), for a fast production start. */
export function prebuiltWorkflowBundle(): string | undefined {
  const path = fileURLToPath(new URL('./workflow-bundle.js', import.meta.url));
  return existsSync(path) ? path : undefined;
}

/** The simulated robot's true world, loaded at start so a bad file stops the worker before any skill runs. */
async function storeTrueWorld(config: WorkerConfig, scenes: SceneStore): Promise<SceneRef | undefined> {
  if (config.robotTrueWorld === undefined) return undefined;
  const scene = await loadSceneFile(config.robotTrueWorld);
  if (!scene.ok) {
    const [first] = scene.error;
    throw new Error(
      `GROUNDPLAN_ROBOT_TRUE_WORLD ${config.robotTrueWorld}: ${first?.path ? `${first.path}: ` : ''}${first?.message}`,
    );
  }
  return scenes.put(scene.value);
}

/**
 * The skills every role of the process plans and acts with: the built-in ones, with the skill file
 * of GROUNDPLAN_SKILLS on top; a bad file is one line, read before the worker connects.
 */
export async function configuredSkills(config: WorkerConfig): Promise<SkillTables> {
  const skills = await loadSkillTables(config.skillsFile);
  if (!skills.ok) throw new Error(`GROUNDPLAN_SKILLS ${skills.error}`);
  return skills.value;
}

/** The workers of a process, and its llm role when it has one (to warm up). */
export type RoleWorkers = { workers: Worker[]; llm: LlmRole | undefined };

/** The workers the configuration asks for: its roles, scene store, model provider and robot. */
export async function createConfiguredWorkers(
  config: WorkerConfig,
  connection: NativeConnection,
  /** The robot's skills, from configuredSkills(config). */
  skills: SkillTables,
): Promise<RoleWorkers> {
  const scenes = fileSceneStore(config.sceneStoreDir);
  const llm = config.roles.includes('llm') ? await createLlmRole(config) : undefined;
  const robotId = config.robotId;
  const trueWorld = config.roles.includes('robot') ? await storeTrueWorld(config, scenes) : undefined;
  const bundle = prebuiltWorkflowBundle();
  const workers = await createRoleWorkers(connection, {
    roles: config.roles,
    namespace: config.temporal.namespace,
    scenes,
    classicalPlanner: config.classicalPlanner,
    skills,
    ...(llm ? { provider: llm.provider, chainOfThought: config.chainOfThought } : {}),
    ...(llm?.retrieval ? { retrieval: llm.retrieval } : {}),
    ...(config.roles.includes('robot') && robotId
      ? {
          robot: {
            id: robotId,
            executor: createSimulatedRobot({
              robotId,
              scenes,
              dataDir: config.dataDir,
              speedMps: config.robotSpeedMps,
              timeScale: config.robotTimeScale,
              perception: config.perception,
              skills: skills.robot,
              // The robot's one building: every deployment of it acts in this true world.
              ...(trueWorld ? { trueWorld: () => trueWorld } : {}),
            }),
          },
        }
      : {}),
    concurrency: config.concurrency,
    ...(bundle ? { workflowBundle: { codePath: bundle } } : {}),
  });
  return { workers, llm };
}
