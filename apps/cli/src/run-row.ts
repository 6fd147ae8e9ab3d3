import { runOutcome } from '@groundplan/workflows/client';
import {
  INSTRUCTION_ATTRIBUTE,
  PLANNER_ATTRIBUTE,
  ROBOT_ATTRIBUTE,
  SCENE_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
} from '@groundplan/workflows/contract';
import type { ExploreForResult } from '@groundplan/workflows/explore-contract';
import type { Client, WorkflowExecutionInfo } from '@temporalio/client';

export { durationText, startedText } from './time-text.js';

/**
 * Runs a user started: every planAndExecute (a robot entity starts them as its children), planTask
 * alone (planAndExecute's own planTask children are part of their parent) and every exploration;
 * a run that continued as new is listed once, as its latest run.
 */
const USER_RUNS =
  "(WorkflowType = 'planAndExecute' OR WorkflowType = 'exploreFor' OR (WorkflowType = 'planTask' AND ParentWorkflowId IS NULL))" +
  " AND ExecutionStatus != 'ContinuedAsNew'";

/** The latest runs a user started, newest first, as `list` and the web view show them. */
export async function latestRuns(client: Client, limit: number): Promise<RunRow[]> {
  const runs = [];
  for await (const run of client.workflow.list({ query: USER_RUNS })) {
    if (runs.length >= limit) break;
    runs.push(run);
  }
  return Promise.all(runs.map((run) => runRow(client, run)));
}

/** What a listed run and a described one both tell. */
type RunInfo = Omit<WorkflowExecutionInfo, 'raw'>;

/** One run as `list` and `status` show it. */
export type RunRow = {
  runId: string;
  type: string;
  /** Temporal's status: RUNNING, COMPLETED, FAILED, CANCELLED, TERMINATED, TIMED_OUT. */
  status: string;
  /** How a closed run ended (completed, plan-failed, found, cancelled, ...); empty while it runs. */
  outcome: string;
  /** The stage a running run is in; empty once it is closed. */
  stage: string;
  /** Where a run that was stopped from outside (cancelled, terminated, timed out) had got to. */
  stoppedIn?: string;
  /** The planner, or the explorer of an exploration. */
  planner: string;
  robot: string;
  scene: string;
  instruction: string;
  /** ISO 8601. */
  started: string;
  /** Until now for a running run. */
  durationSeconds: number;
};

/**
 * A run's row. A closed run shows its end: the groundplan outcome it recorded, or, when it was
 * stopped before it recorded one (its GroundplanStatus still says running), Temporal's status;
 * an exploration records none, so its result is read.
 */
export async function runRow(client: Client, run: RunInfo): Promise<RunRow> {
  const attributes = run.typedSearchAttributes;
  const memo = (run.memo ?? {}) as { targets?: string[]; explorer?: string };
  const exploration = run.type === 'exploreFor';
  const running = run.status.name === 'RUNNING';
  const stage = attributes.get(STAGE_ATTRIBUTE) ?? (exploration ? 'exploring' : '');
  const recorded = attributes.get(STATUS_ATTRIBUTE);
  let outcome = '';
  let stoppedIn: string | undefined;
  if (!running) {
    if (recorded && recorded !== 'running') outcome = recorded;
    else if (exploration && run.status.name === 'COMPLETED')
      outcome = (await explorationEnd(client, run)) ?? '';
    if (!outcome) {
      outcome = run.status.name.toLowerCase().replace('_', ' ');
      if (stage && stage !== 'done') stoppedIn = stage;
    }
  }
  const started = run.startTime;
  const ended = run.closeTime ?? new Date();
  return {
    runId: run.workflowId,
    type: run.type,
    status: run.status.name,
    outcome,
    stage: running ? stage : '',
    ...(stoppedIn ? { stoppedIn } : {}),
    planner: attributes.get(PLANNER_ATTRIBUTE) ?? memo.explorer ?? explorerOf(run.workflowId) ?? '',
    robot: attributes.get(ROBOT_ATTRIBUTE) ?? '',
    scene: attributes.get(SCENE_ATTRIBUTE) ?? '',
    instruction:
      attributes.get(INSTRUCTION_ATTRIBUTE) ?? (memo.targets ? `find ${memo.targets.join(', ')}` : ''),
    started: started.toISOString(),
    durationSeconds: Math.max(0, (ended.getTime() - started.getTime()) / 1000),
  };
}

/** A run's end, and where a stopped run had got to; a running run's stage. */
export function outcomeText(row: RunRow): string {
  if (row.status === 'RUNNING') return row.stage;
  return row.stoppedIn ? `${row.outcome} (while ${row.stoppedIn})` : row.outcome;
}

async function explorationEnd(client: Client, run: RunInfo): Promise<string | undefined> {
  const handle = client.workflow.getHandle<() => Promise<ExploreForResult>>(run.workflowId, run.runId);
  return runOutcome(handle).then(
    (result) => result.status,
    () => undefined,
  );
}

/** Explorations started before the memo named the explorer: their id does (explore-<explorer>-...). */
function explorerOf(workflowId: string): string | undefined {
  return /^explore-(saynav|frontier-prior|frontier)-/.exec(workflowId)?.[1];
}
