import type { PlanAndExecuteResult, PlanTaskResult } from '@groundplan/workflows/contract';
import type { CliConfig } from '../config.js';
import { connect, forRun, runResult } from '../connect.js';
import { planningReport, runReport } from '../render.js';
import { EXIT } from '../user-error.js';

/** `groundplan result <run>`: waits for the run (or, with --no-wait, says it is still going) and prints it. */
export async function resultCommand(
  runId: string,
  flags: { json?: boolean; wait: boolean },
  config: CliConfig,
): Promise<number> {
  const client = await connect(config);
  const handle = client.workflow.getHandle(runId);
  const description = await forRun(runId, () => handle.describe());
  if (!flags.wait && description.status.name === 'RUNNING') {
    if (flags.json) console.log(JSON.stringify({ runId, status: 'RUNNING' }));
    else console.log(`${runId} is still running`);
    return EXIT.ok;
  }
  const result: PlanAndExecuteResult | PlanTaskResult = await runResult(handle);
  if (flags.json) console.log(JSON.stringify({ runId, result }));
  else console.log('planning' in result ? runReport(result) : planningReport(result));
  const ok =
    'planning' in result
      ? ['completed', 'planned', 'answered'].includes(result.status)
      : ['verified', 'answered'].includes(result.status);
  return ok ? EXIT.ok : EXIT.planFailed;
}
