import { approveSignal, rejectSignal } from '@groundplan/workflows/contract';
import type { CliConfig } from '../config.js';
import { connect, forRun } from '../connect.js';
import { EXIT } from '../user-error.js';

/** `groundplan cancel <run>`: cancels the run; a robot mid-skill stops where it is. */
export async function cancelCommand(runId: string, config: CliConfig): Promise<number> {
  const client = await connect(config);
  await forRun(runId, () => client.workflow.getHandle(runId).cancel());
  console.log(`cancellation requested for ${runId}`);
  return EXIT.ok;
}

/** `groundplan approve <run>` / `reject <run>`: answers a run waiting for approval of its plan. */
export async function approveCommand(
  runId: string,
  approve: boolean,
  config: CliConfig,
  reason?: string,
): Promise<number> {
  const client = await connect(config);
  const handle = client.workflow.getHandle(runId);
  await forRun(runId, () =>
    approve ? handle.signal(approveSignal) : handle.signal(rejectSignal, reason ? { reason } : {}),
  );
  console.log(`${approve ? 'approved' : 'rejected'} the plan of ${runId}`);
  return EXIT.ok;
}
