import { proxyActivities } from '@temporalio/workflow';
import type * as activities from './activities.js';

const { countSteps } = proxyActivities<typeof activities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
});

/** The smoke proof: one workflow, one heartbeating activity. */
export async function smokeWorkflow(steps: number): Promise<string> {
  const { counted } = await countSteps({ steps, stepMs: 50 });
  return `smoke ok: counted ${counted} heartbeated steps`;
}
