#!/usr/bin/env node
import { connectClient, connectWorker, workflowUiUrl } from './connect.js';
import { temporalConfigFromEnv } from './connection-config.js';
import { startDevServer } from './dev-server.js';
import { runSmokeWorkflow } from './smoke/client.js';
import { createSmokeWorker } from './smoke/worker.js';
import { quietWorkerLogs } from './worker-logs.js';

// Starting, checking and stopping the dev server for groundplan is `groundplan server ...` (apps/cli),
// which registers groundplan's search attributes; this CLI only proves the runtime works.
const usage = 'usage: groundplan-temporal smoke';

function fail(message: string): never {
  console.error(`groundplan-temporal: ${message}`);
  process.exit(1);
}

async function main(command: string | undefined): Promise<void> {
  const config = temporalConfigFromEnv();
  if (!config.ok) fail(config.error);
  const ports = {
    port: Number(config.value.address.split(':').at(-1)),
    uiPort: Number(process.env.TEMPORAL_UI_PORT ?? 8233),
  };
  switch (command) {
    case 'smoke': {
      if (!config.value.external) {
        const started = await startDevServer(ports);
        if (!started.ok) fail(started.error);
      }
      quietWorkerLogs();
      const client = await connectClient(config.value);
      const workerConnection = await connectWorker(config.value);
      const worker = await createSmokeWorker(workerConnection, config.value.namespace);
      const { workflowId, result } = await worker.runUntil(runSmokeWorkflow(client));
      await workerConnection.close();
      await client.connection.close();
      console.log(result);
      console.log(`Temporal UI: ${workflowUiUrl(config.value, workflowId) ?? `(workflow ${workflowId})`}`);
      return;
    }
    default:
      fail(usage);
  }
}

main(process.argv[2]).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
