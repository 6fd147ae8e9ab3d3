import type { CliConfig } from '../config.js';
import { connect } from '../connect.js';
import { durationText, latestRuns, type RunRow, startedText } from '../run-row.js';
import { EXIT } from '../user-error.js';

/** `groundplan list`: the latest runs, newest first: status, outcome (or stage), planner, robot, scene, start, duration, instruction. */
export async function listCommand(
  flags: { limit: number; json?: boolean },
  config: CliConfig,
): Promise<number> {
  const rows = await latestRuns(await connect(config), flags.limit);
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
