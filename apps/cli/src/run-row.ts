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

/** "12.3 s", "4 min 49 s", "2 h 03 min". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** "2026-11-27 20:48:45", in UTC. */
export function startedText(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
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
