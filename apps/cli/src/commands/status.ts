import { type Progress, progressQuery } from '@groundplan/workflows/contract';
import type { CliConfig } from '../config.js';
import { connect, forRun } from '../connect.js';
import { progressLine } from '../render.js';
import { durationText, outcomeText, runRow, startedText } from '../run-row.js';
import { EXIT } from '../user-error.js';

/** `groundplan status <run>`: the run's Temporal status and outcome (or, while it runs, its progress). */
export async function statusCommand(
  runId: string,
  flags: { json?: boolean },
  config: CliConfig,
): Promise<number> {
  const client = await connect(config);
  const handle = client.workflow.getHandle(runId);
  const description = await forRun(runId, () => handle.describe());
  const row = await runRow(client, description);
  const running = row.status === 'RUNNING';
  const progress: Progress | undefined = running
    ? await handle.query(progressQuery).catch(() => undefined)
    : undefined;
  if (flags.json) {
    console.log(JSON.stringify({ ...row, progress }));
    return EXIT.ok;
  }
  const about = [
    row.planner && `planner ${row.planner}`,
    row.robot && `robot ${row.robot}`,
    row.scene && `scene ${row.scene}`,
    `started ${startedText(row.started)} UTC`,
    `${running ? 'running for' : 'took'} ${durationText(row.durationSeconds)}`,
  ].filter(Boolean);
  console.log(
    [
      `${runId}: ${row.status} (${row.type})${running ? '' : `, outcome ${outcomeText(row)}`}`,
      `  ${about.join(' · ')}`,
      ...(row.instruction ? [`  "${row.instruction}"`] : []),
      ...(progress ? [progressLine(progress)] : []),
    ].join('\n'),
  );
  return EXIT.ok;
}
