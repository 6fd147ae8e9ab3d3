import { setTimeout as sleep } from 'node:timers/promises';
import { type RobotWorld, readWorld, worldFilePath } from '@groundplan/robot';
import { fileSceneStore, type SceneRef } from '@groundplan/scene-graph';
import {
  connectClient,
  type DevServerOptions,
  freePort,
  startDevServer,
  stopDevServer,
  temporalConfigFromEnv,
} from '@groundplan/temporal-runtime';
import { runOutcome, startPlanAndExecute } from '@groundplan/workflows/client';
import {
  GROUNDPLAN_SEARCH_ATTRIBUTES,
  type PlanAndExecuteResult,
  type PlannedRunResult,
} from '@groundplan/workflows/contract';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { officeCopies } from './office-copies.js';
import { askedRequests, servedAnswers } from './replay-llm.js';
import { type ProcessRole, type RoleProcesses, startRoleProcesses } from './role-processes.js';

export const FLEET_INSTRUCTION = "Close Jason's cabinet.";
const ROBOT_ID = 'fleet-robot';

export type FleetOptions = {
  /** Working folder: the dev server's SQLite file, the scene store, robot worlds, hit logs. */
  dir: string;
  /** Office copies to store, one per run (a run executes in its own copy's robot world). */
  scenes: number;
  counts: Record<ProcessRole, number>;
  llm: { latencyMs: number; concurrency: number };
  robotTimeScale: number;
  /** Heartbeat timeouts of LLM calls and skills, passed in each run's input; the workflows' defaults when absent. */
  heartbeatTimeoutSeconds?: number;
};

/**
 * A Temporal dev server keeping its history in a SQLite file, groundplan worker processes per
 * role (replay model, simulated robot), and office copies to run "Close Jason's cabinet." in.
 */
export type WorkerFleet = {
  client: Client;
  scenes: SceneRef[];
  processes: RoleProcesses;
  /** Starts planAndExecute in `scene`; waits while the server restarts. Returns the workflow id. */
  startRun(scene: SceneRef): Promise<string>;
  /** The run's result, waiting through server restarts; throws when the run fails otherwise or `deadline` passes. */
  /** The run's result; the fleet's runs plan before they execute (a LookPlanGraph run is an error here). */
  outcome(workflowId: string, deadlineMs: number): Promise<PlannedRunResult>;
  /** Stops and starts the dev server on the same ports and SQLite file; returns the seconds it was down. */
  restartServer(): Promise<number>;
  /** The simulated robot's world in `scene`, as its file holds it. */
  world(scene: SceneRef): Promise<RobotWorld | undefined>;
  /** LLM answers served / requests received, summed over every LLM process started. */
  servedCalls(): number;
  askedCalls(): number;
  stop(): Promise<void>;
};

export async function startWorkerFleet(options: FleetOptions): Promise<WorkerFleet> {
  const sceneStore = `${options.dir}/scenes`;
  const scenes = await officeCopies(fileSceneStore(sceneStore), options.scenes);
  const server: DevServerOptions = {
    port: await freePort(),
    uiPort: await freePort(),
    dataDir: `${options.dir}/temporal`,
    searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES,
  };
  const started = await startDevServer(server);
  if (!started.ok) throw new Error(started.error);
  const address = started.value.address;
  const config = temporalConfigFromEnv({ TEMPORAL_ADDRESS: address });
  if (!config.ok) throw new Error(config.error);
  const client = await connectClient(config.value);
  let processes: RoleProcesses;
  try {
    processes = await startRoleProcesses({
      counts: options.counts,
      env: {
        TEMPORAL_ADDRESS: address,
        GROUNDPLAN_DATA_DIR: options.dir,
        GROUNDPLAN_SCENE_STORE: sceneStore,
      },
      llm: options.llm,
      robot: { id: ROBOT_ID, timeScale: options.robotTimeScale },
      logDir: options.dir,
    });
  } catch (error) {
    await client.connection.close();
    await stopDevServer(server);
    throw error;
  }

  const SKILL_WAIT_SECONDS = 3_600;
  // Starts wait while the server restarts, and a restart waits for the starts in flight, so a
  // start is never retried without knowing whether the server took it (that would run twice).
  let restarting: Promise<void> | undefined;
  const heartbeat = options.heartbeatTimeoutSeconds;
  let startsInFlight = 0;

  const sum = (count: (hitLog: string) => number) =>
    processes.hitLogs().reduce((total, log) => total + count(log), 0);

  return {
    client,
    scenes,
    processes,
    async startRun(scene) {
      while (restarting) await restarting;
      startsInFlight += 1;
      try {
        const handle = await startPlanAndExecute(client, 'office', {
          sceneRef: scene,
          instruction: FLEET_INSTRUCTION,
          robotId: ROBOT_ID,
          // Every run shares one simulated robot, which runs one skill at a time: a skill may wait
          // behind hundreds of others, so it may wait for the robot as long as the batch may take.
          skillScheduleToStartTimeoutSeconds: SKILL_WAIT_SECONDS,
          ...(heartbeat === undefined
            ? {}
            : { heartbeatTimeoutSeconds: heartbeat, options: { llmHeartbeatTimeoutSeconds: heartbeat } }),
        });
        return handle.workflowId;
      } finally {
        startsInFlight -= 1;
      }
    },
    async outcome(workflowId, deadlineMs) {
      let result: PlanAndExecuteResult | undefined;
      while (result === undefined) {
        try {
          result = await runOutcome<PlanAndExecuteResult>(client.workflow.getHandle(workflowId));
        } catch (error) {
          // A failed run is an answer; a lost connection (the server restarting) is not.
          if (error instanceof WorkflowFailedError || Date.now() > deadlineMs) throw error;
          await sleep(500);
        }
      }
      if (!('planning' in result))
        throw new Error(`${workflowId} planned while executing; the fleet runs planners that plan first`);
      return result;
    },
    async restartServer() {
      let done = () => {};
      restarting = new Promise<void>((resolve) => {
        done = resolve;
      });
      try {
        while (startsInFlight > 0) await sleep(50);
        const down = performance.now();
        await stopDevServer(server);
        const again = await startDevServer(server);
        if (!again.ok) throw new Error(`the dev server did not restart: ${again.error}`);
        return Number(((performance.now() - down) / 1000).toFixed(2));
      } finally {
        restarting = undefined;
        done();
      }
    },
    world: (scene) => readWorld(worldFilePath(options.dir, ROBOT_ID, scene)),
    servedCalls: () => sum((log) => servedAnswers(log).length),
    askedCalls: () => sum((log) => askedRequests(log).length),
    async stop() {
      await processes.stop();
      await client.connection.close();
      await stopDevServer(server);
    },
  };
}
