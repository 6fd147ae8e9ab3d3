// The contract between groundplan's workflows, its activities and its clients: task queues,
// failure types, search attributes, planner variants, messages, and workflow input and output.
// Workflow code may import this file: it holds values from zod and the Temporal SDK only, and
// nothing but types from the activity packages.
import type { PlanScope, Reading } from '@groundplan/grounding';
import type { SceneRef, View } from '@groundplan/scene-graph';
// The one subpath of the scene graph package made for workflow code: zod only, no Node built-ins.
import { type PlanStep, PlanStepSchema } from '@groundplan/scene-graph/plan-step';
import type { Answer } from '@groundplan/simulator';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import { z } from 'zod';
import type { ExploreForInput } from './explore-contract.js';
import { DEFAULT_PLANNER, type PlannerVariant, PlannerVariantSchema, traitsOf } from './planners.js';

export { describeReading } from './describe-reading.js';
export type { Answer, PlanStep, Reading, SceneRef, View };

// --- Task queues: each kind of work scales on its own workers ---

export const PLANNER_TASK_QUEUE = 'groundplan-planner';
export const LLM_TASK_QUEUE = 'groundplan-llm';
export const SIM_TASK_QUEUE = 'groundplan-sim';
export const robotTaskQueue = (robotId: string) => `groundplan-robot-${robotId}`;

// --- Failure types: the `type` of the ApplicationFailures activities and workflows end with ---

/**
 * The activity packages throw the first five (scene-graph's SCENE_NOT_FOUND, llm's
 * LLM_FAILURE_TYPES, robot's SKILL_FAILED); workflow code cannot import those packages, so
 * contract.test.ts holds these strings to theirs. The workflows end with the last two when a run's
 * outcome is a failure (see OUTCOME_FAILURE_TYPES).
 */
export const FAILURE_TYPES = {
  sceneNotFound: 'SceneNotFound',
  llmUnavailable: 'LlmUnavailable',
  llmBadConfig: 'LlmBadConfig',
  llmInvalidOutput: 'LlmInvalidOutput',
  /** An LLM step used up its tries or its deadline (the run's llmMaxAttempts, llmStepDeadlineSeconds). */
  llmStepFailed: 'LlmStepFailed',
  skillFailed: 'SkillFailed',
  robotWorldCorrupt: 'RobotWorldCorrupt',
  planFailed: 'PlanFailed',
  executionFailed: 'ExecutionFailed',
  /** The run asked which thing the instruction meant and got no answer (or was told not to ask: --no-ask). */
  needsAnswer: 'NeedsAnswer',
  /** A request names a thing the building does not have ("bring me the giraffe"): nothing is planned. */
  notFound: 'NotFound',
  /** A request the workflow cannot carry out as asked (e.g. plan only with a planner that plans while executing). */
  invalidInput: 'InvalidInput',
} as const;

/**
 * A run whose outcome is a failure (no verified plan; the robot could not execute the plan)
 * fails its workflow with one of these non-retryable types: the message is the one-line reason
 * and details[0] the run's full result, so the Temporal UI shows it red and clients still read it.
 */
export const OUTCOME_FAILURE_TYPES: readonly string[] = [
  FAILURE_TYPES.planFailed,
  FAILURE_TYPES.executionFailed,
  FAILURE_TYPES.notFound,
  FAILURE_TYPES.needsAnswer,
];

/**
 * The activities on the LLM queue: the budget (llmMaxAttempts, llmStepDeadlineSeconds) and its
 * failure message apply to these only. contract.test.ts holds this list to the llm package's.
 */
export const LLM_ACTIVITY_NAMES: readonly string[] = [
  'readInstruction',
  'semanticSearchStep',
  'generatePlan',
  'planWithoutPathPlanner',
  'planWithPathPlannerOnly',
  'groundedSearchStep',
  // The nodes a how-many or which-lacks question's answer is, read from the scene: no model call.
  'sceneAnswer',
  'chooseGoals',
  'chooseRoomToExplore',
  'chooseNextAction',
  // The exploration prior: no model call, but on the LLM queue beside the embedding model.
  'nextRoomLook',
  'rankRoomsByPrior',
  // The benchmark's explorers that know the building: the truth's hints and the prior over the whole graph.
  'oracleRoomLook',
  'fullGraphRooms',
];

// --- Search attributes: how runs are found in the Temporal UI ---

export const SCENE_ATTRIBUTE = defineSearchAttributeKey('GroundplanScene', SearchAttributeType.KEYWORD);
export const INSTRUCTION_ATTRIBUTE = defineSearchAttributeKey(
  'GroundplanInstruction',
  SearchAttributeType.TEXT,
);
export const STAGE_ATTRIBUTE = defineSearchAttributeKey('GroundplanStage', SearchAttributeType.KEYWORD);
export const STATUS_ATTRIBUTE = defineSearchAttributeKey('GroundplanStatus', SearchAttributeType.KEYWORD);
export const PLANNER_ATTRIBUTE = defineSearchAttributeKey('GroundplanPlanner', SearchAttributeType.KEYWORD);
export const ROBOT_ATTRIBUTE = defineSearchAttributeKey('GroundplanRobot', SearchAttributeType.KEYWORD);
/** Plans the simulator rejected before the verified (or last) one. */
export const REPLANS_ATTRIBUTE = defineSearchAttributeKey('GroundplanReplans', SearchAttributeType.INT);
/** Prompt plus completion tokens the run's LLM calls have spent so far. */
export const LLM_TOKENS_ATTRIBUTE = defineSearchAttributeKey('GroundplanLlmTokens', SearchAttributeType.INT);

/** Every search attribute groundplan sets; a server must have them registered (dev servers get them at start). */
export const GROUNDPLAN_SEARCH_ATTRIBUTES = [
  SCENE_ATTRIBUTE,
  INSTRUCTION_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
  PLANNER_ATTRIBUTE,
  ROBOT_ATTRIBUTE,
  REPLANS_ATTRIBUTE,
  LLM_TOKENS_ATTRIBUTE,
] as const;

// --- Planner variants: the planner table (planners.ts) ---

export * from './planners.js';

/**
 * LookPlanGraph's budget: skills (looks and navigation included) a run may take before it gives up.
 * 60, since the longest office task (five dishes washed and put away, one at a time, then looks)
 * needs 46-52 chosen actions even from an oracle that sees the true world.
 */
export const DEFAULT_MAX_ACTIONS = 60;

/** SayPlan's replans after a rejected plan, and the semantic-search steps before the model must plan. */
export const DEFAULT_MAX_REPLANS = 5;
export const DEFAULT_MAX_SEARCH_STEPS = 24;
/**
 * The grounded planners' classical planner plans over everything in the explored rooms: on the
 * 235 tasks of 2026-11-28-plan-scope it made the same goals and outcomes as over the goals' nodes
 * alone, and 2 plans 2 steps shorter (the gripper's can put down beside the fridge, not carried
 * to the destination and back), at the same time.
 */
export const DEFAULT_PLAN_SCOPE: PlanScope = 'explored-rooms';

/** What a run may spend on one LLM step; PlanOptions sets each (llm* options), these are the defaults. */
export const LLM_STEP_DEFAULTS = {
  /** A worker that stops heartbeating (the activity heartbeats every second) is presumed dead. */
  heartbeatTimeoutSeconds: 5,
  /** Tries of a step whose endpoint was unavailable; the only retry layer (the HTTP client does not retry). */
  maxAttempts: 4,
  /** All tries of one step together, backoff included: an endpoint that never answers fails the run after this. */
  deadlineSeconds: 600,
} as const;

/** How long a skill may wait for its robot and for a heartbeat; ExecutePlanInput overrides each. */
export const SKILL_DEFAULTS = {
  /** The simulated robot heartbeats every 200 ms; a dead robot worker is presumed after this. */
  heartbeatTimeoutSeconds: 5,
  /** No worker of the robot's queue took the skill within this: the robot id is wrong or its worker is down. */
  scheduleToStartTimeoutSeconds: 60,
} as const;

// --- Workflow input ---

/**
 * Who reads a run's instruction. `rules-then-model`: the rules read it, and only when the goal
 * choice finds that their reading names a thing the building lacks does the model read it again;
 * the goals are then chosen by the model's reading, and NotFound stands only if it agrees. Only
 * the planners that choose goals (the grounded ones, goal-writer) have a goal choice to read
 * again for; with the others it reads as the rules do.
 */
export const READERS = ['rules', 'model', 'rules-then-model'] as const;
export type Reader = (typeof READERS)[number];

export const PlanOptionsSchema = z.object({
  planner: PlannerVariantSchema.optional(),
  /** Replans after the first plan when the simulator rejects it (SayPlan: 5). Baselines never replan. */
  maxReplans: z.number().int().min(0).max(50).optional(),
  /** How many semantic-search steps the LLM may take before it must plan. */
  maxSearchSteps: z.number().int().min(0).max(200).optional(),
  /** Seconds without a heartbeat before an LLM call counts as lost (its worker died); default 5. */
  llmHeartbeatTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
  /** Tries of one LLM step whose endpoint is unavailable (the only retry layer); default 4. */
  llmMaxAttempts: z.number().int().min(1).max(100).optional(),
  /** Seconds all tries of one LLM step may take together before the run fails; default 600. */
  llmStepDeadlineSeconds: z.number().int().min(1).max(86_400).optional(),
  /** Ask the user when the instruction names one of several equal things (default); false fails with the question. */
  ask: z.boolean().optional(),
  /** Seconds a run waits for the answer to its question before it fails with the question (default 600). */
  answerTimeoutSeconds: z.number().int().min(1).max(86_400).optional(),
  /** LookPlanGraph: skills a run may take before it gives up (DEFAULT_MAX_ACTIONS). */
  maxActions: z.number().int().min(1).max(500).optional(),
  /**
   * Who reads the instruction: the small general rules (default), the model, whose reading also
   * names the things, what not to touch and the changes asked for (issue 25), or the rules with
   * the model reading again when the rules' reading names a thing the building lacks (READERS).
   */
  reader: z.enum(READERS).optional(),
  /**
   * What the grounded planners' classical planner searches over: the nodes the chosen goals need,
   * or everything in the rooms the search explored (DEFAULT_PLAN_SCOPE; issue 26, "plan over what is there").
   */
  planScope: (
    z.enum(['goal-nodes', 'explored-rooms', 'whole-building']) satisfies z.ZodType<PlanScope>
  ).optional(),
});
export type PlanOptions = z.infer<typeof PlanOptionsSchema>;

/**
 * The planner a run's options name (the default filled in) and the budgets it plans with: replans
 * for a planner that replans, search steps for one that searches, 0 for the others. Every variant
 * with the trait gets the same budget.
 */
export function planningBudgets(options: PlanOptions | undefined): {
  planner: PlannerVariant;
  maxReplans: number;
  maxSearchSteps: number;
} {
  const planner = options?.planner ?? DEFAULT_PLANNER;
  const traits = traitsOf(planner);
  return {
    planner,
    maxReplans: traits.replans ? (options?.maxReplans ?? DEFAULT_MAX_REPLANS) : 0,
    maxSearchSteps: traits.search === 'none' ? 0 : (options?.maxSearchSteps ?? DEFAULT_MAX_SEARCH_STEPS),
  };
}

export const PlanTaskInputSchema = z.object({
  sceneRef: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a scene reference is sha256:<64 hex digits>'),
  instruction: z
    .string()
    .trim()
    .min(1, 'the instruction is empty')
    .regex(/[\p{L}\p{N}]/u, 'the instruction has no words: say what the robot should do'),
  options: PlanOptionsSchema.optional(),
  /** What the planner must know beyond the scene, e.g. a reported world change. */
  context: z.array(z.string()).optional(),
});
export type PlanTaskInput = z.infer<typeof PlanTaskInputSchema>;

export const RobotIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a robot id is 1-64 of A-Z a-z 0-9 _ -');

/** What the robot believes: a scene version and the asset within its reach (part of its pose, not of the scene). */
export const BeliefSchema = z.object({
  ref: PlanTaskInputSchema.shape.sceneRef,
  accessed: z.string().nullable(),
});
export type Belief = z.infer<typeof BeliefSchema>;

export const ExecutePlanInputSchema = z.object({
  /** The scene the robot was deployed in: the simulated robot keys its true world by it. */
  sceneRef: PlanTaskInputSchema.shape.sceneRef,
  /** What the robot believes before the first step; each executed step makes the next version. Default: the scene. */
  belief: BeliefSchema.optional(),
  plan: z.array(PlanStepSchema),
  robotId: RobotIdSchema,
  /** The robot entity workflow to tell of every new belief version, when the run is one of its tasks. */
  reportBeliefTo: z.string().optional(),
  /** Seconds without a heartbeat before a skill attempt counts as lost (the robot worker died). */
  heartbeatTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
  /** Seconds a skill may wait for a worker of the robot's queue before the run fails; default 60. */
  skillScheduleToStartTimeoutSeconds: z.number().int().min(1).max(86_400).optional(),
});
export type ExecutePlanInput = z.infer<typeof ExecutePlanInputSchema>;

export const PlanAndExecuteInputSchema = PlanTaskInputSchema.extend({
  robotId: ExecutePlanInputSchema.shape.robotId,
  /** Wait for an approve signal before the verified plan is executed. */
  requireApproval: z.boolean().optional(),
  /** Plan only: no execution. */
  planOnly: z.boolean().optional(),
  heartbeatTimeoutSeconds: ExecutePlanInputSchema.shape.heartbeatTimeoutSeconds,
  /**
   * Replans after a skill failed and what the robot saw corrected its belief (LookPlanGraph's
   * loop); a failure that teaches the belief nothing ends the run. Default 2.
   */
  maxExecutionReplans: z.number().int().min(0).max(20).optional(),
  /**
   * Set by a robot entity for the tasks it serialises: the run waits for robotTurnSignal, which
   * carries the belief to plan from, and reports every new belief version back to this workflow id.
   */
  robotEntity: z.string().optional(),
  skillScheduleToStartTimeoutSeconds: ExecutePlanInputSchema.shape.skillScheduleToStartTimeoutSeconds,
});
export type PlanAndExecuteInput = z.infer<typeof PlanAndExecuteInputSchema>;

export const DEFAULT_MAX_EXECUTION_REPLANS = 2;

/** Rooms a robot looks around for what its belief lost before it replans anyway. */
export const DEFAULT_MAX_LOOKOUTS = 12;

/**
 * What every workflow that drives a robot is given: the robot, the scene it is deployed in (the
 * simulated robot keys its true world by it), its belief, the robot entity to tell of every new
 * belief version, and the skills' timeouts. Field names as in ExecutePlanInput.
 */
export type RobotRunInput = {
  robotId: string;
  sceneRef: SceneRef;
  belief: Belief;
  reportBeliefTo?: string;
  /** Seconds without a heartbeat before a skill attempt counts as lost; SKILL_DEFAULTS otherwise. */
  heartbeatTimeoutSeconds?: number;
  /** Seconds a skill may wait for a worker of the robot's queue; SKILL_DEFAULTS otherwise. */
  skillScheduleToStartTimeoutSeconds?: number;
};

/** lookFor: the robot looks room by room (nearest first) until the nodes a failed step needed are back in its belief. */
export type LookForInput = RobotRunInput & {
  wanted: string[];
  maxRooms?: number;
};
export type LookForResult = {
  found: boolean;
  /** The rooms looked around, in order. */
  looked: string[];
  steps: StepRecord[];
  belief: Belief;
  beliefVersions: BeliefVersion[];
};

/** lookPlanGraph: LookPlanGraph's loop on one robot, one chosen action at a time from its memory graph. */
export type LookPlanGraphInput = RobotRunInput & {
  /** The belief field is the belief the memory graph is made from. */
  instruction: string;
  /** Chosen actions (a goto counts once, however long its route) before the run gives up; DEFAULT_MAX_ACTIONS. */
  maxActions?: number;
  llmHeartbeatTimeoutSeconds?: number;
  /** `scores`: each action is the option whose reply the model scores likeliest (lookplangraph-scored); default, the model generates its pick. */
  chooser?: 'scores';
};
export type LookPlanGraphResult = {
  /** done: the chooser said the instruction is carried out; failed: the budget ran out or no choice could be made. */
  status: 'done' | 'failed';
  reason?: string;
  /** The actions chosen, in order (a goto(room) as chosen, before its route). */
  chosen: PlanStep[];
  /** Every skill the robot ran (routes expanded), with its outcome. */
  steps: StepRecord[];
  /** Chosen actions that failed on the robot; each sends the loop back to choosing from the corrected belief. */
  failedActions: number;
  /** The memory graph the run started from and how many objects in it were priors. */
  memory: { ref: SceneRef; priors: number };
  belief: Belief;
  beliefVersions: BeliefVersion[];
  usage: Usage;
};

// --- The robot entity: one long-lived workflow per robot id owns its belief and its task queue ---

/** The robot entity's workflow id: one per robot. */
export const robotEntityId = (robotId: string) => `robot-${robotId}`;

/** Tasks a robot holds (running plus waiting); one more is refused, never dropped. */
export const MAX_ROBOT_QUEUE = 10;

export const RobotEntityInputSchema = z.object({
  robotId: RobotIdSchema,
  /** The scene the robot is deployed in; its first belief. */
  sceneRef: PlanTaskInputSchema.shape.sceneRef,
  /** Carried over continue-as-new: the current belief and the newest versions. */
  belief: BeliefSchema.optional(),
  history: z
    .array(z.object({ ref: z.string(), accessed: z.string().nullable(), cause: z.string() }))
    .optional(),
  tasksDone: z.array(z.object({ taskId: z.string(), status: z.string() })).optional(),
  /** Continue-as-new after this many tasks even if the server does not suggest it yet (tests set it low). */
  tasksPerRun: z.number().int().min(1).max(10_000).optional(),
});
export type RobotEntityInput = z.infer<typeof RobotEntityInputSchema>;

/**
 * A task sent to a robot, with the run's workflow id: a planAndExecute input without the robot
 * fields (input), or an exploration's (explore). Either runs as the entity's child, in turn.
 */
export type RobotTask = {
  taskId: string;
  /** The scene's name, for the run's summary in the Temporal UI. */
  sceneName: string;
  /** The task's page in `groundplan view`, for its memo and details. */
  view?: string;
} & (
  | { input: Omit<PlanAndExecuteInput, 'robotEntity' | 'planOnly'>; explore?: undefined }
  | { explore: RobotExploration; input?: undefined }
);

/** An exploration sent to a robot: the entity brings the belief it starts from and hears of every new one. */
export type RobotExploration = Omit<ExploreForInput, 'soFar' | 'belief' | 'reportBeliefTo' | 'robotEntity'>;

/** The scene and robot a task is for, whichever kind it is. */
export function taskTarget(task: RobotTask): { sceneRef: SceneRef; robotId: string } {
  const input = task.input ?? task.explore!;
  return { sceneRef: input.sceneRef, robotId: input.robotId };
}

export type RobotState = {
  robotId: string;
  sceneRef: SceneRef;
  belief: Belief;
  /** The task running now, then those waiting, in order. */
  current?: string;
  waiting: string[];
  /** Belief versions, oldest first (the newest HISTORY_KEPT across continue-as-new), and how many there were. */
  history: BeliefVersion[];
  versions: number;
  tasksDone: Array<{ taskId: string; status: string }>;
};

/** Belief versions a robot entity keeps in its state; older ones stay in the scene store by ref. */
export const HISTORY_KEPT = 200;

/** Sends a task to a robot: accepted (queued, with how many tasks are ahead) or refused by the validator with one line. */
export const submitTaskUpdate = defineUpdate<{ taskId: string; ahead: number }, [RobotTask]>('submitTask');
/** The robot's belief, queue and belief history. */
export const robotStateQuery = defineQuery<RobotState>('robotState');
/** From the robot entity to a queued task: your turn, plan (or explore) from this belief. */
export const robotTurnSignal = defineSignal<[{ belief: Belief }]>('robotTurn');
/** From a task's execution to its robot entity: the belief moved to a new version. */
export const beliefAdvancedSignal =
  defineSignal<[{ taskId: string; version: BeliefVersion }]>('beliefAdvanced');

// --- Workflow output ---

export type Usage = { promptTokens: number; completionTokens: number; calls: number };

export type SearchTraceEntry = {
  step: number;
  /** invalid: the model's answer broke the output contract even after its retries. */
  command: 'expand' | 'contract' | 'done' | 'invalid';
  node: string;
  reasoning: string;
  /** The error shown to the LLM when its command was invalid. */
  error?: string;
  viewTokens: number;
};

export type PlanAttempt = {
  attempt: number;
  /** The goal predicates the plan was made for (goal-directed planners). */
  goals?: string[];
  plan: PlanStep[];
  /** Why the simulator or the path planner rejected the plan; absent for the verified one. */
  feedback?: string;
  /** What the plan changes that no goal names (goal-directed planners), one line each. */
  sideEffects?: string[];
};

export type PlanTaskResult = {
  /** answered: a question, answered from the search; nothing is planned or executed. */
  status: 'verified' | 'failed' | 'answered';
  planner: PlannerVariant;
  instruction: string;
  /** The LLM's last high-level plan and its expansion with every navigation step. */
  plan: PlanStep[];
  expandedPlan: PlanStep[];
  /** Why no plan was verified, for status failed. */
  reason?: string;
  explored: View;
  searchTrace: SearchTraceEntry[];
  attempts: PlanAttempt[];
  usage: Usage;
  /** What the instruction was read to mean (runs recorded before the reading have none). */
  reading?: Reading;
  /** A question's answer: the nodes found and their evidence, or none found and where it looked. */
  answer?: Answer;
  /** What the verified plan changes that no goal names, one line each; absent when not known. */
  sideEffects?: string[];
  /** A request naming things the building does not have: those phrases, and the nearest things there are. */
  notFound?: { missing: string[]; nearest: string[] };
  /** What the run asked (which thing a phrase meant) and, once answered, the answer. */
  question?: Question & { answer?: string };
};

/** A run's question to its user: which of these things the phrase means. */
export type Question = { phrase: string; options: string[] };

export type StepRecord = {
  index: number;
  step: PlanStep;
  status: 'done' | 'already-done' | 'failed';
  robotSeconds: number;
  resumedFrom: number;
  error?: string;
};

/** One version of a robot's belief and what made it. */
export type BeliefVersion = { ref: SceneRef; accessed: string | null; cause: string };

export type ExecutePlanResult = {
  /** stopped: cancelled (a world change), after the steps listed. */
  status: 'completed' | 'failed' | 'stopped';
  steps: StepRecord[];
  reason?: string;
  /** The belief after the last executed step, and every version the run made. */
  belief: Belief;
  beliefVersions: BeliefVersion[];
  /** For a failed skill: what the robot saw there changed its belief (the changes, in one line). */
  corrected?: string;
};

/** What every run of planAndExecute reports, however it planned. */
type RunEnd = {
  /** How many times a reported world change sent the run back to planning. */
  replannedForWorldChanges: number;
  /** How many times a failed skill whose observation corrected the belief sent the run back to planning. */
  replannedForExecutionFailures: number;
  /** The robot's belief when the run ended (the scene itself for a run that executed nothing). */
  belief: Belief;
};

/** A run that planned, then executed what it planned (every planner but those that plan while executing). */
export type PlannedRunResult = RunEnd & {
  /** answered: a question, answered without moving the robot. */
  status: 'completed' | 'plan-failed' | 'execution-failed' | 'planned' | 'rejected' | 'answered';
  /** The last planning round. */
  planning: PlanTaskResult;
  execution?: ExecutePlanResult;
};

/**
 * A run of a planner that plans while it executes (LookPlanGraph): there is no plan before the robot
 * moves, only the actions chosen one at a time and the skills they ran. Failed actions it chose
 * again from are counted in replannedForExecutionFailures.
 */
export type LookPlanGraphRunResult = RunEnd & {
  status: 'completed' | 'execution-failed';
  lookPlanGraph: LookPlanGraphResult;
};

export type PlanAndExecuteResult = PlannedRunResult | LookPlanGraphRunResult;

// --- Messages: what clients ask of and tell a running workflow ---

export type Stage =
  | 'waiting-for-robot'
  | 'searching'
  | 'planning'
  | 'verifying'
  | 'awaiting-approval'
  | 'awaiting-answer'
  | 'executing'
  | 'done';

/** What the progress query returns while a run goes on. */
export type Progress = {
  stage: Stage;
  /** The child workflow doing the current stage's work, for planAndExecute. */
  currentChild?: string;
  searchSteps: number;
  viewTokens: number;
  attempts: number;
  executedSteps: number;
  totalSteps: number;
  usage: Usage;
  /** The last semantic-search command, e.g. `expand(kitchen)`. */
  lastSearch?: string;
  /** planTask's search so far, step by step, so a viewer can draw it while the run searches. */
  searchTrace?: SearchTraceEntry[];
  lastFeedback?: string;
  /** The question the run waits on (stage awaiting-answer): answer it with answerUpdate. */
  question?: Question;
  /** A question's answer, once the run has it (the answered run's Temporal details show it). */
  answer?: string;
};

/** Where the run is: stage, steps, view size in tokens, tokens spent. */
export const progressQuery = defineQuery<Progress>('progress');

/**
 * Answers the question a planning run asks (progress.question): the chosen option. Refused when
 * the run asks nothing or the choice is not an option. Sent to the planTask run that asks (for
 * planAndExecute, its current child).
 */
export const answerUpdate = defineUpdate<{ accepted: true }, [{ choice: string }]>('answer');

/** Approves the verified plan of a run started with requireApproval. */
export const approveSignal = defineSignal<[]>('approve');

/** Rejects the verified plan of a run started with requireApproval; the run ends without executing. */
export const rejectSignal = defineSignal<[{ reason?: string }]>('reject');

/**
 * The world changed under the run (a door was closed, an object moved): plan again, on the new
 * scene when one is given. Sent during execution it stops the robot after its current skill.
 */
export const worldChangedSignal =
  defineSignal<[{ description: string; sceneRef?: SceneRef }]>('worldChanged');
