import type { SearchAttributeType } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { temporalCliPath } from './cli-path.js';
import { quietWorkerLogs } from './worker-logs.js';

/**
 * A real Temporal server for tests: the one at TEMPORAL_ADDRESS when set, else a fresh dev
 * server from the project's own CLI binary on a free port (nothing is downloaded).
 */
export async function createTestEnvironment(
  options: { searchAttributes?: readonly { name: string; type: SearchAttributeType }[] } = {},
): Promise<TestWorkflowEnvironment> {
  quietWorkerLogs();
  const address = process.env.TEMPORAL_ADDRESS;
  if (address) {
    return TestWorkflowEnvironment.createFromExistingServer({
      address,
      namespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
    });
  }
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: temporalCliPath() },
      ip: '127.0.0.1',
      searchAttributes: [...(options.searchAttributes ?? [])],
      extraArgs: ['--log-level', 'error'],
    },
  });
}
