// The dynamic task set (GraSIF-style, LookPlanGraph, seed 002): each variant runs through the real
// planAndExecute workflow (the one runner) on a simulated robot whose true world differs from its belief, and is
// scored in the true world the robot leaves behind.
import { appendFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { createProvider, type LlmProvider, type ProviderConfig, scriptedProvider } from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { createSimulatedRobot, readWorld, type SkillExecutor, worldFilePath } from '@groundplan/robot';
import { fileSceneStore, requireScene, type SceneStore } from '@groundplan/scene-graph';
import { checkGoalText, initialState, isPrior } from '@groundplan/simulator';
import { runOutcome, startPlanAndExecute } from '@groundplan/workflows/client';
import {
  DEFAULT_MAX_ACTIONS,
  PLANNER_VARIANTS,
  type PlanAndExecuteResult,
  type PlannerVariant,
  traitsOf,
} from '@groundplan/workflows/contract';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { type DynamicTask, storeDynamicWorlds } from '../dynamic-tasks.js';
import { lookOracle } from '../look-oracle.js';
import { causeChain, readJsonLines, runTaskSet, withDeadline } from '../runner.js';
import { loadEvalScenes } from '../scenes.js';

/** The planners of LookPlanGraph's comparison. */
export const DYNAMIC_PLANNERS = PLANNER_VARIANTS.filter((planner) => traitsOf(planner).dynamic);
export type DynamicPlanner = PlannerVariant;

/** Equal budgets for every planner: what each may spend on one variant. */
export type DynamicBudgets = {
  /** LookPlanGraph: chosen actions. */
  maxActions: number;
  /** SayPlan, SayPlan Lite: plans the simulator may reject before the run gives up. */
  maxReplans: number;
  /** SayPlan: semantic-search steps. */
  maxSearchSteps: number;
  /** SayPlan, SayPlan Lite: replans after a failed skill whose observation corrected the belief. */
  maxExecutionReplans: number;
  /** Wall-clock seconds a variant may take before its run is terminated and recorded as an error. */
  taskTimeoutSeconds: number;
};

export const DEFAULT_DYNAMIC_BUDGETS: DynamicBudgets = {
  maxActions: DEFAULT_MAX_ACTIONS,
  maxReplans: 5,
  maxSearchSteps: 24,
  maxExecutionReplans: 2,
  taskTimeoutSeconds: 600,
};

/** How long the oracle's choice may run without a heartbeat (an A* search in the true world). */
const ORACLE_HEARTBEAT_SECONDS = 600;

/** Who chooses: the model behind a provider, or (LookPlanGraph only) the oracle that sees the true world. */
export type DynamicChooser = ProviderConfig | { provider: 'oracle' };

export type DynamicRunOptions = {
  tasks: readonly DynamicTask[];
  planner: DynamicPlanner;
  chooser: DynamicChooser;
  budgets: DynamicBudgets;
  /** JSONL; variants already in it are skipped, new ones appended (the run is resumable). */
  resultsFile: string;
  /** One line per finished variant. */
  log?: (line: string) => void;
};

/** One variant's outcome and LookPlanGraph's metrics. */
export type DynamicRecord = {
  id: string;
  kind: DynamicTask['kind'];
  family: DynamicTask['family'];
  environment: DynamicTask['environment'];
  achievable: boolean;
  planner: DynamicPlanner;
  chooser: string;
  model: string;
  /** The run's status, or error (the workflow failed outside its outcomes, or timed out). */
  status: PlanAndExecuteResult['status'] | 'error' | 'not-applicable';
  reason?: string;
  /** Planning: the goal holds in the true world the robot left. Search: an answer was seen (LookPlanGraph) or named by the search (SayPlan). */
  success: boolean;
  /** Skills the robot carried out (navigation and looks included). */
  planLength: number;
  /** Of the skills the robot attempted, the share it carried out (1 when it attempted none). */
  actionAccuracy: number;
  skillsAttempted: number;
  /** Rejected plans, replans after failed skills and after world changes; LookPlanGraph: its failed actions. */
  replans: number;
  llmCalls: number;
  tokens: number;
  seconds: number;
  /** LookPlanGraph: the actions chosen; SayPlan: the last plan (before its navigation was expanded). */
  actions: string[];
  finishedAt: string;
};

/** The robot's skill counts per deployment scene, counted by the harness around the simulated robot. */
type SkillCounts = Map<string, { attempted: number; done: number }>;

/** Runs the variants one at a time (one robot, a fresh world per variant) and appends a record for each. */
export async function runDynamicEvaluation(options: DynamicRunOptions): Promise<DynamicRecord[]> {
  const chooserName = options.chooser.provider;
  const whileExecuting = traitsOf(options.planner).plan === 'while-executing';
  if (chooserName === 'oracle' && !whileExecuting)
    throw new Error(`the oracle chooses LookPlanGraph's actions; ${options.planner} has no oracle here`);
  const done = new Set((await readDynamicRecords(options.resultsFile)).map((r) => r.id));
  const todo = options.tasks.filter((task) => !done.has(task.id));
  const records: DynamicRecord[] = [];
  if (todo.length === 0) return records;
  await mkdir(dirname(options.resultsFile), { recursive: true });

  const store = fileSceneStore(`${tmpdir()}/groundplan-eval-scenes`);
  const scenes = await loadEvalScenes(store);
  const truths = await storeDynamicWorlds(store, scenes, options.tasks);
  if (!truths.ok) throw new Error(truths.error);
  const dataDir = await mkdtemp(`${tmpdir()}/groundplan-dynamic-eval-`);
  const robotId = `eval-${options.planner}`;
  const counts: SkillCounts = new Map();
  const robot = countingRobot(
    createSimulatedRobot({
      robotId,
      scenes: store,
      dataDir,
      speedMps: 1,
      timeScale: 0.0005,
      tickMs: 5,
      trueWorld: (ref) => truths.value.get(ref),
    }),
    counts,
  );
  const oracle = chooserName === 'oracle';
  const provider: LlmProvider = oracle
    ? scriptedProvider({ search: [], plans: [] })
    : await createProvider(options.chooser as ProviderConfig);
  const retrieval =
    whileExecuting && !oracle
      ? await openRetrieval({ cacheDir: `${tmpdir()}/groundplan-eval-retrieval` })
      : undefined;
  if (retrieval && !retrieval.ok) throw new Error(retrieval.error);
  const model = oracle ? 'oracle (true world)' : provider.model;

  // One robot, a fresh world per variant: the variants run one after another.
  await runTaskSet(
    {
      workers: {
        roles: ['planner', 'llm', 'sim', 'robot'],
        scenes: store,
        provider,
        ...(retrieval?.ok ? { retrieval: retrieval.value } : {}),
        ...(oracle ? { actionOracle: lookOracle({ scenes: store, dataDir, tasks: options.tasks }) } : {}),
        robot: { id: robotId, executor: robot },
        concurrency: { llm: 1 },
        shutdownForceTime: '30 seconds',
      },
      run: runVariant,
    },
    todo,
    async (task, record) => {
      records.push(record);
      await appendFile(options.resultsFile, `${JSON.stringify(record)}\n`);
      options.log?.(
        `${task.id} ${options.planner}/${chooserName}: ${record.status}${record.success ? ' success' : ''} (${record.planLength} skills, ${record.replans} replans, ${record.seconds} s)${record.reason ? ` ${record.reason.slice(0, 160)}` : ''}`,
      );
    },
  );
  return records;

  async function runVariant(task: DynamicTask, client: Client): Promise<DynamicRecord> {
    const started = Date.now();
    const base = {
      id: task.id,
      kind: task.kind,
      family: task.family,
      environment: task.environment,
      achievable: task.achievable,
      planner: options.planner,
      chooser: chooserName,
      model,
    };
    const empty = {
      planLength: 0,
      actionAccuracy: 1,
      skillsAttempted: 0,
      replans: 0,
      llmCalls: 0,
      tokens: 0,
      actions: [] as string[],
    };
    // SayPlan Lite has no search and no looks: a search task has nothing for it to do.
    if (traitsOf(options.planner).search === 'none' && !whileExecuting && task.criteria.kind === 'search')
      return { ...base, ...empty, status: 'not-applicable', success: false, seconds: 0, finishedAt: now() };
    const { budgets } = options;
    let result: PlanAndExecuteResult;
    try {
      const handle = await startPlanAndExecute(client, task.environment, {
        sceneRef: task.belief.ref,
        instruction: task.instruction,
        robotId,
        maxExecutionReplans: budgets.maxExecutionReplans,
        options: {
          planner: options.planner as PlannerVariant,
          maxReplans: budgets.maxReplans,
          maxSearchSteps: budgets.maxSearchSteps,
          maxActions: budgets.maxActions,
          // The oracle plans in the true world inside the activity, where it cannot heartbeat.
          ...(oracle ? { llmHeartbeatTimeoutSeconds: ORACLE_HEARTBEAT_SECONDS } : {}),
        },
      });
      result = await withDeadline(runOutcome(handle), budgets.taskTimeoutSeconds * 1000, () => {
        void handle.terminate('evaluation task timeout').catch(() => undefined);
        return `timed out after ${budgets.taskTimeoutSeconds} s (the task budget)`;
      });
    } catch (cause) {
      const reason = cause instanceof WorkflowFailedError ? causeChain(cause) : (cause as Error).message;
      const skills = counts.get(task.belief.ref) ?? { attempted: 0, done: 0 };
      return {
        ...base,
        ...empty,
        ...skillMetrics(skills),
        status: 'error',
        reason,
        success: false,
        seconds: Math.round((Date.now() - started) / 1000),
        finishedAt: now(),
      };
    }
    const skills = counts.get(task.belief.ref) ?? { attempted: 0, done: 0 };
    const success = await succeeded(store, task, result);
    const { planAttempts, reason, usage, actions } = runFigures(result);
    return {
      ...base,
      status: result.status,
      ...(reason ? { reason } : {}),
      success,
      ...skillMetrics(skills),
      replans:
        Math.max(0, planAttempts - 1) +
        result.replannedForExecutionFailures +
        result.replannedForWorldChanges,
      llmCalls: usage.calls,
      tokens: usage.promptTokens + usage.completionTokens,
      seconds: Math.round((Date.now() - started) / 1000),
      actions: actions.map((step) => `${step.action}(${step.args.join(', ')})`),
      finishedAt: now(),
    };
  }

  /** Whether the variant is done in the true world the robot left behind. */
  async function succeeded(scenesStore: SceneStore, task: DynamicTask, result: PlanAndExecuteResult) {
    const saved = await readWorld(worldFilePath(dataDir, robotId, task.belief.ref));
    const world = saved?.world ?? (await requireScene(scenesStore, task.truth.ref));
    if (task.criteria.kind === 'planning') {
      if (result.status !== 'completed') return false;
      const start = initialState(world);
      if (!start.ok) throw new Error(`${task.id}: ${start.error}`);
      const goal = checkGoalText(world, start.value, task.criteria.goal);
      if (!goal.ok) throw new Error(`${task.id}: ${goal.error}`);
      return goal.value.satisfied;
    }
    const present = task.criteria.answer.filter((id) => world.hasNode(id));
    if (present.length === 0) return false;
    if (whileExecuting) {
      if (result.status !== 'completed') return false;
      const belief = await requireScene(scenesStore, result.belief.ref);
      const seen = present.filter((id) => belief.hasNode(id) && !isPrior(belief, id));
      return task.criteria.match === 'any' ? seen.length > 0 : seen.length === present.length;
    }
    // SayPlan answers a search by the node its search ends on (done); it never looks.
    const last = 'planning' in result ? result.planning.searchTrace.at(-1) : undefined;
    return last?.command === 'done' && present.includes(last.node);
  }
}

/** What a record takes from a run, whichever way it planned: a LookPlanGraph run made no plan, it chose actions. */
function runFigures(result: PlanAndExecuteResult) {
  if (!('planning' in result)) {
    const run = result.lookPlanGraph;
    return { planAttempts: 0, reason: run.reason, usage: run.usage, actions: run.chosen };
  }
  const { planning } = result;
  return {
    planAttempts: planning.attempts.length,
    reason: result.execution?.reason ?? planning.reason,
    usage: planning.usage,
    actions: planning.plan,
  };
}

function skillMetrics(skills: { attempted: number; done: number }) {
  return {
    planLength: skills.done,
    skillsAttempted: skills.attempted,
    actionAccuracy: skills.attempted === 0 ? 1 : Math.round((skills.done / skills.attempted) * 1000) / 1000,
  };
}

/** The simulated robot, with every skill it attempts and carries out counted per deployment scene. */
function countingRobot(robot: SkillExecutor, counts: SkillCounts): SkillExecutor {
  return {
    async runSkill(request, progress) {
      const count = counts.get(request.sceneRef) ?? { attempted: 0, done: 0 };
      counts.set(request.sceneRef, count);
      const outcome = await robot.runSkill(request, progress).catch((error: unknown) => {
        // A skill the robot refused counts once; a retried attempt of one it carried out does not count again.
        count.attempted++;
        throw error;
      });
      if (outcome.status === 'done') {
        count.attempted++;
        count.done++;
      }
      return outcome;
    },
  };
}

/** The records already in a results file; a line cut short by a crash is dropped, so that variant runs again. */
export function readDynamicRecords(path: string): Promise<DynamicRecord[]> {
  return readJsonLines<DynamicRecord>(path);
}

const now = () => new Date().toISOString();
