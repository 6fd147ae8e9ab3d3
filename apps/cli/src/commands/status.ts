import { type Progress, progressQuery } from '@groundplan/workflows/contract';
import type { CliConfig } from '../config.js';
import { connect, forRun } from '../connect.js';
import { progressLine } from '../render.js';
import { EXIT } from '../user-error.js';

/** `groundplan status <run>`: the run's Temporal status and, while it runs, its progress. */
export async function statusCommand(
  runId: string,
  flags: { json?: boolean },
  config: CliConfig,
): Promise<number> {
  const client = await connect(config);
  const handle = client.workflow.getHandle(runId);
  const description = await forRun(runId, () => handle.describe());
  const status = description.status.name;
  const progress: Progress | undefined =
    status === 'RUNNING' ? await handle.query(progressQuery).catch(() => undefined) : undefined;
  if (flags.json) console.log(JSON.stringify({ runId, status, type: description.type, progress }));
  else
    console.log(`${runId}: ${status} (${description.type})${progress ? `\n${progressLine(progress)}` : ''}`);
  return EXIT.ok;
}
