import type { PlanAndExecuteResult, PlanTaskResult } from '@groundplan/workflows/contract';
import type { ExploreForResult } from '@groundplan/workflows/explore-contract';
import type { CliConfig } from '../config.js';
import { connect, forRun, runResult } from '../connect.js';
import { planningReport, runReport } from '../render.js';
import { EXIT, UserError } from '../user-error.js';
import { explorationOutcome } from './explore.js';

/** The kinds of run that have a result to show (a robot's entity, say, has none). */
const SHOWN = ['planAndExecute', 'planTask', 'exploreFor'] as const;
type Shown = (typeof SHOWN)[number];

/** `groundplan result <run>`: waits for the run (or, with --no-wait, says it is still going) and prints it. */
export async function resultCommand(
  runId: string,
  flags: { json?: boolean; wait: boolean },
  config: CliConfig,
): Promise<number> {
  const client = await connect(config);
  const handle = client.workflow.getHandle(runId);
  const description = await forRun(runId, () => handle.describe());
  const type = description.type as Shown;
  if (!SHOWN.includes(type))
    throw new UserError(
      `${runId} is a ${description.type} run, which has no result to show; \`groundplan status ${runId}\` shows how it is`,
    );
  if (!flags.wait && description.status.name === 'RUNNING') {
    if (flags.json) console.log(JSON.stringify({ runId, status: 'RUNNING' }));
    else console.log(`${runId} is still running`);
    return EXIT.ok;
  }
  const result: unknown = await runResult(handle);
  const targets = (description.memo as { targets?: string[] } | undefined)?.targets;
  const read = readResult(type, result, targets);
  console.log(flags.json ? JSON.stringify({ runId, result }) : read.text);
  return read.ok ? EXIT.ok : EXIT.planFailed;
}

/** What a person reads of a run's result, and whether the run succeeded. */
function readResult(type: Shown, result: unknown, targets?: string[]): { text: string; ok: boolean } {
  switch (type) {
    case 'planAndExecute': {
      const run = result as PlanAndExecuteResult;
      return { text: runReport(run), ok: ['completed', 'planned', 'answered'].includes(run.status) };
    }
    case 'planTask': {
      const planning = result as PlanTaskResult;
      return { text: planningReport(planning), ok: ['verified', 'answered'].includes(planning.status) };
    }
    case 'exploreFor': {
      const exploration = result as ExploreForResult;
      return {
        text: explorationOutcome(targets ?? exploration.found, exploration),
        ok: exploration.status === 'found',
      };
    }
  }
}
