// The exploration task set (SayNav's multi-object search, issue 16): each task through the real
// exploreFor workflow (the one runner), on a simulated robot whose true world is the building;
// every run starts afresh, from where the building puts the robot.
import { rm } from 'node:fs/promises';
import type { LlmProvider } from '@groundplan/llm';
import type { SceneIndexCache } from '@groundplan/retrieval';
import { createSimulatedRobot, worldFilePath } from '@groundplan/robot';
import type { SceneGraph, SceneRef, SceneStore } from '@groundplan/scene-graph';
import { runOutcome, startExploreFor } from '@groundplan/workflows/client';
import type { ExploreForResult, Explorer } from '@groundplan/workflows/explore-contract';
import type { TaskSetAdapter } from '../runner.js';

/** One exploration: a building, its targets, who explores and with what budget. */
export type ExplorationTask = {
  /** The building as the robot truly finds it. */
  world: SceneGraph;
  /** Object ids of the true world the robot must see (1-3 in SayNav's multi-object search). */
  targets: string[];
  explorer: Explorer;
  /** saynav: offer the model the rooms best by the prior instead of the nearest. */
  roomPrior?: boolean;
  /** saynav: the model scores each offered room's reply instead of generating its pick. */
  roomScores?: boolean;
  /** Start knowing the floor plan (rooms, poses, ways); the explorers that know the building always do. */
  floorPlan?: boolean;
  /** Metres the robot may drive; a room whose route would pass it ends the exploration. */
  maxDistance?: number;
  /** Assets looked at per room after its look around (default: the workflow's). */
  looksPerRoom?: number;
};

/** The workflow's result, the building's ref (its belief is in the scene store) and the run's wall time. */
export type ExplorationRun = ExploreForResult & { sceneRef: SceneRef; workflowId: string; seconds: number };

/** The robot every exploration runs on; its world resets before each run. */
const ROBOT_ID = 'eval-explorer';

export function explorationTaskSet(options: {
  scenes: SceneStore;
  /** The model of saynav's room choice; a scripted one for the explorers without a model. */
  provider: LlmProvider;
  /** The retrieval prior (per-room looks, room ranking, full-graph's candidates). */
  retrieval: SceneIndexCache;
  /** Where the simulated robot keeps its world. */
  dataDir: string;
}): TaskSetAdapter<ExplorationTask, ExplorationRun> {
  let runs = 0;
  return {
    workers: {
      roles: ['planner', 'llm', 'sim', 'robot'],
      scenes: options.scenes,
      provider: options.provider,
      retrieval: options.retrieval,
      chainOfThought: false,
      robot: {
        id: ROBOT_ID,
        executor: createSimulatedRobot({
          robotId: ROBOT_ID,
          scenes: options.scenes,
          dataDir: options.dataDir,
          speedMps: 1,
          timeScale: 0.0001,
          tickMs: 5,
        }),
      },
      concurrency: { llm: 1 },
      shutdownForceTime: '30 seconds',
    },
    async run(task, client) {
      const started = Date.now();
      const sceneRef = await options.scenes.put(task.world);
      // A fresh world per run: what an earlier run opened or moved in this building is undone.
      await rm(worldFilePath(options.dataDir, ROBOT_ID, sceneRef), { force: true });
      const workflowId = `explore-${++runs}-${task.explorer}${task.roomPrior ? '-prior' : ''}${task.roomScores ? '-scored' : ''}`;
      const handle = await startExploreFor(client, workflowId, {
        robotId: ROBOT_ID,
        sceneRef,
        targets: task.targets,
        explorer: task.explorer,
        ...(task.roomPrior ? { roomPrior: true } : {}),
        ...(task.roomScores ? { roomScores: true } : {}),
        ...(task.floorPlan ? { floorPlan: true } : {}),
        ...(task.maxDistance !== undefined ? { maxDistance: task.maxDistance } : {}),
        ...(task.looksPerRoom !== undefined ? { looksPerRoom: task.looksPerRoom } : {}),
      });
      const result = await runOutcome(handle);
      return { ...result, sceneRef, workflowId, seconds: (Date.now() - started) / 1000 };
    },
  };
}
