import type { CliConfig } from '../config.js';
import { connect } from '../connect.js';
import { durationText, type RunRow, runRow, startedText } from '../run-row.js';
import { EXIT } from '../user-error.js';

/**
 * Runs a user started: every planAndExecute (a robot entity starts them as its children), planTask
 * alone (planAndExecute's own planTask children are part of their parent) and every exploration;
 * a run that continued as new is listed once, as its latest run.
 */
const USER_RUNS =
  "(WorkflowType = 'planAndExecute' OR WorkflowType = 'exploreFor' OR (WorkflowType = 'planTask' AND ParentWorkflowId IS NULL))" +
  " AND ExecutionStatus != 'ContinuedAsNew'";

/** `groundplan list`: the latest runs, newest first: status, outcome (or stage), planner, robot, scene, start, duration, instruction. */
export async function listCommand(
  flags: { limit: number; json?: boolean },
  config: CliConfig,
): Promise<number> {
  const client = await connect(config);
  const runs = [];
  for await (const run of client.workflow.list({ query: USER_RUNS })) {
    if (runs.length >= flags.limit) break;
    runs.push(run);
  }
  const rows = await Promise.all(runs.map((run) => runRow(client, run)));
  if (flags.json) console.log(JSON.stringify(rows));
  else if (rows.length === 0) console.log('no runs yet');
  else console.log(table(rows));
  return EXIT.ok;
}

/** Columns padded to their widest cell; the instruction last, unpadded. */
function table(rows: RunRow[]): string {
  const header = [
    'run',
    'status',
    'outcome',
    'planner',
    'robot',
    'scene',
    'started',
    'duration',
    'instruction',
  ];
  const cells = rows.map((r) => [
    r.runId,
    r.status,
    // A running run's outcome is not known yet: its stage stands there.
    r.status === 'RUNNING' ? `(${r.stage || 'running'})` : r.outcome,
    r.planner || '-',
    r.robot || '-',
    r.scene || '-',
    startedText(r.started),
    durationText(r.durationSeconds),
    r.instruction ? `"${r.instruction}"` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i === c.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...cells.map(line)].join('\n');
}
