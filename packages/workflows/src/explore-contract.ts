// The exploration task's contract (SayNav, issue 16): which explorer runs, its input and its
// result. Workflow code may import it: zod and the Temporal SDK only.
import { defineQuery } from '@temporalio/workflow';
import { z } from 'zod';
import { type Belief, BeliefSchema, PlanTaskInputSchema, RobotIdSchema, type Usage } from './contract.js';

/**
 * Who picks the next room of a building the robot does not know: SayNav (the model chooses among
 * the nearest frontier rooms, a grounded choice for small models; nearest first when it cannot
 * answer), the frontier baseline (the nearest unexplored room, no model), or frontier-prior (the
 * frontier room the retrieval prior finds most like the targets, ties nearest first: SayNav
 * without the model, its ablation). The benchmark's upper bounds know the building (the
 * deployment scene is their truth, and they start knowing its floor plan): the oracle knows where
 * the targets are, full-graph is SayPlan's setting (rooms chosen by the prior over the whole graph).
 */
export const EXPLORERS = ['saynav', 'frontier', 'frontier-prior', 'oracle', 'full-graph'] as const;
/** The explorers that know the building: they drive its true shortest routes. */
export const KNOWS_BUILDING: readonly Explorer[] = ['oracle', 'full-graph'];
export const ExplorerSchema = z.enum(EXPLORERS);
export type Explorer = z.infer<typeof ExplorerSchema>;

/** Frontier rooms SayNav's model chooses among (the nearest ones). */
export const SAYNAV_OPTIONS = 5;
/** Frontier rooms, nearest first, the retrieval prior orders (frontier-prior, and saynav with roomPrior). */
export const PRIOR_FRONTIER = 25;
/** Assets looked at (on, or inside once opened) per room after its look around: SayNav's per-room plan. */
export const DEFAULT_LOOKS_PER_ROOM = 2;
/** Rooms looked around per workflow run before it continues as new, keeping each history short. */
export const DEFAULT_ROOMS_PER_RUN = 25;

/** What an exploration has done so far; carried over continue-as-new. */
export type ExplorationSoFar = {
  /** Rooms looked around, in order (a room the robot could not get into counts: it is not tried again). */
  explored: string[];
  /** Metres driven, and skills run (their step ids number on across runs). */
  distance: number;
  steps: number;
  usage: Usage;
  /** Workflow runs so far (1 + continue-as-new count). */
  runs: number;
  /** Why each skill the robot could not do failed, the first MAX_FAILURES_KEPT (a room it could not get into, an asset it could not open). */
  failedSkills?: string[];
  /** Rooms the robot set out for and could not get into (among `explored`: not tried again, not looked in). */
  unreached?: string[];
  /** Assets the per-room plan chose to look at, "room/asset", in order. */
  assetLooks?: string[];
};

/** Skill failures an exploration keeps the reasons of; the first usually explains the rest. */
export const MAX_FAILURES_KEPT = 10;

export const ExploreForInputSchema = z.object({
  robotId: RobotIdSchema,
  /** The deployment scene: the simulated robot's true world is keyed by it. */
  sceneRef: PlanTaskInputSchema.shape.sceneRef,
  /** Object ids to find (SayNav's multi-object search: 1-3). */
  targets: z.array(z.string().min(1)).min(1, 'name at least one target').max(10, 'at most 10 targets'),
  explorer: ExplorerSchema,
  /** saynav only: offer the model the frontier rooms best by the retrieval prior, in its order, not the nearest. */
  roomPrior: z.boolean().optional(),
  /** saynav only: the local model scores each offered room's reply (SayCan) instead of generating its pick. */
  roomScores: z.boolean().optional(),
  /** Assets looked at per room, best by the retrieval prior (default DEFAULT_LOOKS_PER_ROOM; 0: look around only). */
  looksPerRoom: z.number().int().min(0).max(20).optional(),
  /** Start knowing the floor plan (rooms, poses, ways, no contents); default: only where the robot stands. */
  floorPlan: z.boolean().optional(),
  /** The belief to start from; default: what the robot knows arriving in the deployment scene. */
  belief: BeliefSchema.optional(),
  /** Metres the robot may drive; a room whose route passes the budget ends the exploration. */
  maxDistance: z.number().positive().optional(),
  /** Skills the robot may run (gotos and looks). */
  maxSteps: z.number().int().positive().optional(),
  roomsPerRun: z.number().int().min(1).max(10_000).optional(),
  reportBeliefTo: z.string().optional(),
  /**
   * Set by a robot entity for the explorations it serialises: the run waits for robotTurnSignal,
   * starts from where that belief puts the robot, and reports every new belief version to it.
   */
  robotEntity: z.string().optional(),
  heartbeatTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
  llmHeartbeatTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
});
export type ExploreForInput = z.infer<typeof ExploreForInputSchema> & {
  /** Set by the workflow when it continues as new. */
  soFar?: ExplorationSoFar;
};

export type ExploreForResult = ExplorationSoFar & {
  /** found: every target is in the belief; not-found: every reachable room explored; budget: distance or steps spent. */
  status: 'found' | 'not-found' | 'budget';
  explorer: Explorer;
  found: string[];
  /** Rooms the belief knows of that no route reaches, when the robot explored all it could reach. */
  unreachable: string[];
  belief: Belief;
};

/** An exploration's progress: what it has done so far and its belief. */
export const explorationQuery = defineQuery<ExplorationSoFar & { belief?: Belief; lastChoice?: string }>(
  'exploration',
);
