import { runOutcome } from '@groundplan/workflows/client';
import { type ExploreForResult, explorationQuery } from '@groundplan/workflows/explore-contract';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { roomsExplored } from '../commands/explore.js';

/** What the page draws of an exploration: the rooms it looked around in order, what it found, how far it got. */
export type ExplorationState = {
  visited: string[];
  found: string[];
  outcome?: string;
  reason?: string;
  progress?: string;
};

/** An exploration's state: from its exploration query while it runs, from its result once it ended. */
export async function explorationState(
  client: Client,
  runId: string,
  status: string,
): Promise<ExplorationState> {
  const handle = client.workflow.getHandle<() => Promise<ExploreForResult>>(runId);
  if (status === 'RUNNING') {
    const so = await handle.query(explorationQuery);
    const choice = so.lastChoice ? ` · last choice: ${so.lastChoice}` : '';
    return {
      visited: so.explored,
      found: [],
      progress: `[exploring] ${so.explored.length} room(s) explored, ${so.distance.toFixed(1)} m, ${so.steps} skills${choice}`,
    };
  }
  try {
    const result = await runOutcome(handle);
    const found = result.found.length > 0 ? `found ${result.found.join(', ')} · ` : '';
    return {
      visited: result.explored,
      found: result.found,
      outcome: result.status,
      reason: `${found}${roomsExplored(result)}, ${result.distance.toFixed(1)} m, ${result.steps} skills`,
    };
  } catch (error) {
    if (!(error instanceof WorkflowFailedError)) throw error;
    let cause: unknown = error;
    while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
    return { visited: [], found: [], outcome: status.toLowerCase(), reason: (cause as Error).message };
  }
}
