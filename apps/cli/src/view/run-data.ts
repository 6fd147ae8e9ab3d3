import {
  agentLocation,
  err,
  formatStep,
  ok,
  type PlanStep,
  type Result,
  type SceneGraph,
  type SceneStore,
} from '@groundplan/scene-graph';
import { sceneChanges } from '@groundplan/simulator';
import { workflowUiUrl } from '@groundplan/temporal-runtime';
import { runOutcome } from '@groundplan/workflows/client';
import {
  describeReading,
  type ExecutePlanResult,
  type LookPlanGraphRunResult,
  type PlanAndExecuteInput,
  type PlanAndExecuteResult,
  type PlanTaskInput,
  type PlanTaskResult,
  type Progress,
  progressQuery,
  type Question,
  type RobotRunInput,
  type SearchTraceEntry,
} from '@groundplan/workflows/contract';
import type { ExploreForInput } from '@groundplan/workflows/explore-contract';
import { type Client, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import { answerRun, sendApproval } from '../commands/control.js';
import type { CliConfig } from '../config.js';
import { progressLine } from '../render.js';
import { latestRuns, type RunRow } from '../run-row.js';
import { explorationState } from './exploration-data.js';
import { planRoute } from './route.js';
import { revealedSteps, searchStepViews } from './search-steps.js';
import type { RunData, SteerRequest } from './view-data.js';

/** The workflows a groundplan run starts with; their children are drawn as part of them. */
const RUN_TYPES = ['planAndExecute', 'planTask', 'exploreFor'];

/** Reads runs from Temporal for the view; a run's input never changes, so it is read once. */
export type RunReader = {
  run(runId: string): Promise<Result<RunData, string>>;
  scene(runId: string): Promise<Result<SceneGraph, string>>;
  /** The latest runs a user started, newest first. */
  list(limit: number): Promise<RunRow[]>;
  /** Approves, rejects or answers a run, as the CLI's commands do; says what it did in one line. */
  steer(runId: string, request: SteerRequest): Promise<string>;
};

type RunStart = {
  workflowType: string;
  input: PlanTaskInput & Partial<PlanAndExecuteInput> & Partial<Pick<ExploreForInput, 'targets'>>;
};

/** A reader over a client (connected on first use) and the scene store the CLI registers scenes in. */
export function runReader(
  connect: () => Promise<Client>,
  scenes: SceneStore,
  temporal: CliConfig['temporal'],
): RunReader {
  const starts = new Map<string, RunStart>();
  /** What ended runs moved: it never changes once the run has ended. */
  const moved = new Map<string, string[]>();

  async function start(client: Client, runId: string): Promise<Result<RunStart, string>> {
    const known = starts.get(runId);
    if (known) return ok(known);
    const history = await client.workflow
      .getHandle(runId)
      .fetchHistory()
      .catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
    const started = history?.events?.[0]?.workflowExecutionStartedEventAttributes;
    if (!started) return err(`no run with id '${runId}' (see \`groundplan list\`)`);
    const workflowType = started.workflowType?.name ?? '';
    if (!RUN_TYPES.includes(workflowType))
      return err(`'${runId}' is a ${workflowType} workflow, not a run: open the run it belongs to`);
    const payload = started.input?.payloads?.[0];
    const input = payload
      ? client.options.loadedDataConverter.payloadConverter.fromPayload<RunStart['input']>(payload)
      : undefined;
    if (!input?.sceneRef) return err(`run '${runId}' started without a scene reference`);
    const value = { workflowType, input };
    starts.set(runId, value);
    return ok(value);
  }

  async function scene(runId: string): Promise<Result<SceneGraph, string>> {
    const client = await connect();
    const started = await start(client, runId);
    if (!started.ok) return started;
    return scenes.get(started.value.input.sceneRef);
  }

  async function run(runId: string): Promise<Result<RunData, string>> {
    const client = await connect();
    const started = await start(client, runId);
    if (!started.ok) return started;
    const { workflowType, input } = started.value;
    const loaded = await scenes.get(input.sceneRef);
    if (!loaded.ok) return loaded;
    const handle = client.workflow.getHandle(runId);
    const status = (await handle.describe()).status.name;
    const startsAt = agentLocation(loaded.value);
    const ui = workflowUiUrl(temporal, runId);
    if (workflowType === 'exploreFor') {
      const explored = await explorationState(client, runId, status);
      return ok({
        runId,
        status,
        workflowType,
        instruction: `find ${(input.targets ?? []).join(', ')}`,
        sceneName: loaded.value.getAttribute('name'),
        sceneRef: input.sceneRef,
        ...(ui ? { temporalUi: ui } : {}),
        ...(explored.outcome ? { outcome: explored.outcome } : {}),
        ...(explored.reason ? { reason: explored.reason } : {}),
        ...(explored.progress ? { progress: explored.progress } : {}),
        search: [],
        plan: [],
        route: [],
        executed: 0,
        goals: [],
        sideEffects: [],
        changes: [],
        steps: [],
        touched: explored.found,
        ...(startsAt !== undefined ? { start: startsAt } : {}),
        revealed: {},
        explored: explored.visited,
      });
    }
    const state =
      status === 'RUNNING'
        ? await liveState(client, runId, workflowType)
        : await endState(handle, workflowType, status);
    const changes = state.execution ? await whatMoved(client, runId, state.execution, status) : [];
    const planning = state.planning;
    const expandedPlan = planning?.expandedPlan ?? state.ran ?? [];
    const search = searchStepViews(loaded.value, planning?.searchTrace ?? state.searchTrace ?? []);
    const question = state.question ?? planning?.question;
    return ok({
      runId,
      status,
      workflowType,
      instruction: input.instruction,
      sceneName: loaded.value.getAttribute('name'),
      sceneRef: input.sceneRef,
      ...(ui ? { temporalUi: ui } : {}),
      ...(state.outcome ? { outcome: state.outcome } : {}),
      ...(state.reason ? { reason: state.reason } : {}),
      ...(state.progress ? { progress: state.progress } : {}),
      search,
      plan: expandedPlan.map(formatStep),
      route: planRoute(loaded.value, expandedPlan),
      executed: state.executed,
      ...(state.stage ? { stage: state.stage } : {}),
      ...(planning?.reading ? { reading: describeReading(planning.reading) } : {}),
      ...(question ? { question } : {}),
      ...(planning?.answer ? { answer: planning.answer.text } : {}),
      goals: planning?.attempts.at(-1)?.goals ?? [],
      sideEffects: planning?.sideEffects ?? [],
      changes,
      steps: (state.execution?.steps ?? []).map((record) => ({
        step: formatStep(record.step),
        status: record.status,
        seconds: record.robotSeconds,
        ...(record.error ? { error: record.error } : {}),
      })),
      touched: touchedNodes(expandedPlan),
      ...(startsAt !== undefined ? { start: startsAt } : {}),
      revealed: revealedSteps(loaded.value, search),
    });
  }

  /**
   * What the run's execution changed in the robot's belief ("what moved"): from the belief its
   * first execution started from (the input of <run>-execute-1, or of its LookPlanGraph loop) to
   * the one it ended with. Nothing when that start cannot be read.
   */
  async function whatMoved(
    client: Client,
    runId: string,
    execution: ExecutePlanResult,
    status: string,
  ): Promise<string[]> {
    const known = moved.get(runId);
    if (known) return known;
    let startedFrom: string | undefined;
    for (const child of [`${runId}-execute-1`, `${runId}-lookplangraph`]) {
      const history = await client.workflow
        .getHandle(child)
        .fetchHistory()
        .catch(() => undefined);
      const payload = history?.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0];
      if (!payload) continue;
      const input = client.options.loadedDataConverter.payloadConverter.fromPayload<RobotRunInput>(payload);
      startedFrom = input.belief?.ref ?? input.sceneRef;
      break;
    }
    if (startedFrom === undefined) return [];
    const [before, after] = await Promise.all([scenes.get(startedFrom), scenes.get(execution.belief.ref)]);
    const changes = before.ok && after.ok ? sceneChanges(before.value, after.value) : [];
    if (status !== 'RUNNING') moved.set(runId, changes);
    return changes;
  }

  async function list(limit: number): Promise<RunRow[]> {
    return latestRuns(await connect(), limit);
  }

  async function steer(runId: string, request: SteerRequest): Promise<string> {
    const client = await connect();
    if (request.action === 'answer') {
      const question = await answerRun(client, runId, request.choice);
      return `answered ${runId}: the ${question.phrase} is ${request.choice}`;
    }
    return sendApproval(
      client,
      runId,
      request.action === 'approve',
      request.action === 'reject' ? request.reason : undefined,
    );
  }

  return { run, scene, list, steer };
}

/** The nodes a plan acts on where it stops: every argument of a step that is not a drive. */
function touchedNodes(plan: readonly PlanStep[]): string[] {
  return [...new Set(plan.filter((step) => step.action !== 'goto').flatMap((step) => step.args))];
}

/** What a run has done so far, from its result or its queries. */
export type RunState = {
  planning?: PlanTaskResult;
  /** For a run that planned while executing (LookPlanGraph): the skills it ran, in place of a plan. */
  ran?: PlanStep[];
  execution?: ExecutePlanResult;
  stage?: string;
  question?: Question;
  searchTrace?: SearchTraceEntry[];
  outcome?: string;
  reason?: string;
  progress?: string;
  executed: number;
};

function executedSteps(execution: ExecutePlanResult | undefined): number {
  return execution?.steps.filter((step) => step.status !== 'failed').length ?? 0;
}

/** A run that has ended: its result (also for the outcomes that fail the workflow), or why there is none. */
async function endState(
  handle: { workflowId: string; result(): Promise<unknown> },
  workflowType: string,
  status: string,
): Promise<RunState> {
  try {
    const result = await runOutcome(handle);
    if (workflowType === 'planTask') {
      const planning = result as PlanTaskResult;
      return {
        planning,
        outcome: planning.status,
        ...reasonOf(told(planning, planning.reason)),
        executed: 0,
      };
    }
    const run = result as PlanAndExecuteResult;
    if (!('planning' in run)) return lookPlanGraphState(run);
    const { planning, execution, status: outcome } = run;
    const reason = execution?.reason ?? (outcome === 'plan-failed' ? planning.reason : undefined);
    return {
      planning,
      ...(execution ? { execution } : {}),
      outcome,
      ...reasonOf(told(planning, reason)),
      executed: executedSteps(execution),
    };
  } catch (error) {
    if (!(error instanceof WorkflowFailedError)) throw error;
    let cause: unknown = error;
    while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
    return { outcome: status.toLowerCase(), reason: (cause as Error).message, executed: 0 };
  }
}

/**
 * What the view shows of a run that chose its actions while executing (LookPlanGraph): the skills
 * it ran in place of a plan, and its execution as the robot did it.
 */
export function lookPlanGraphState(run: LookPlanGraphRunResult): RunState {
  const { status, steps, reason, belief, beliefVersions } = run.lookPlanGraph;
  const execution: ExecutePlanResult = {
    status: status === 'done' ? 'completed' : 'failed',
    steps,
    ...(reason ? { reason } : {}),
    belief,
    beliefVersions,
  };
  return {
    ran: steps.map((record) => record.step),
    execution,
    outcome: run.status,
    ...reasonOf(reason),
    executed: executedSteps(execution),
  };
}

/** What the run has to say besides its reason: a question's answer, the plan's side effects. */
function told(planning: PlanTaskResult, reason: string | undefined): string | undefined {
  const said = [
    ...(planning.answer ? [`answer: ${planning.answer.text}`] : []),
    ...(planning.sideEffects && planning.sideEffects.length > 0
      ? [`side effects: ${planning.sideEffects.join('; ')}`]
      : []),
    ...(reason ? [reason] : []),
  ];
  return said.length > 0 ? said.join(' · ') : undefined;
}

function reasonOf(reason: string | undefined): { reason?: string } {
  return reason ? { reason } : {};
}

/**
 * A running run: its progress line, and from its children the planning round's result (or its
 * search so far) and how many skills the robot has executed.
 */
async function liveState(client: Client, runId: string, workflowType: string): Promise<RunState> {
  const own = await client.workflow.getHandle(runId).query(progressQuery);
  const asked = (progress: Progress) => (progress.question ? { question: progress.question } : {});
  if (workflowType === 'planTask')
    return { progress: progressLine(own), stage: own.stage, ...asked(own), ...searchOf(own), executed: 0 };
  const round = await latestRound(client, `${runId}-plan-`);
  const state: RunState = { progress: progressLine(own), stage: own.stage, ...asked(own), executed: 0 };
  if (round === 0) return state;
  const planId = `${runId}-plan-${round}`;
  // The execution that belongs to this planning round, once it has started.
  const executeId = `${runId}-execute-${round}`;
  const plan = client.workflow.getHandle(planId);
  if ((await plan.describe()).status.name === 'RUNNING') {
    const progress = await plan.query(progressQuery);
    return {
      ...state,
      progress: progressLine(progress),
      // The child asks the question; the parent's own stage says only that it plans.
      stage: progress.stage,
      ...asked(progress),
      ...searchOf(progress),
    };
  }
  state.planning = await runOutcome<PlanTaskResult>(plan).catch(() => undefined);
  if (await exists(client, executeId)) {
    const progress = await client.workflow.getHandle(executeId).query(progressQuery);
    state.progress = progressLine(progress);
    state.executed = progress.executedSteps;
  }
  return state;
}

function searchOf(progress: Progress): { searchTrace?: SearchTraceEntry[] } {
  return progress.searchTrace ? { searchTrace: progress.searchTrace } : {};
}

/** The last planning round a run started (`<run>-plan-1`, `-plan-2`, ...), 0 before the first. */
async function latestRound(client: Client, prefix: string): Promise<number> {
  let round = 0;
  while (round < 1_000 && (await exists(client, `${prefix}${round + 1}`))) round++;
  return round;
}

async function exists(client: Client, workflowId: string): Promise<boolean> {
  return client.workflow
    .getHandle(workflowId)
    .describe()
    .then(() => true)
    .catch((error: unknown) => {
      if (isNotFound(error)) return false;
      throw error;
    });
}

function isNotFound(error: unknown): boolean {
  return error instanceof WorkflowNotFoundError || (error as { code?: number }).code === 5;
}
