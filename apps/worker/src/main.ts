#!/usr/bin/env node
import { connectWorker } from '@groundplan/temporal-runtime';
import { workerConfig } from './config.js';
import { installJsonLogger, log } from './logger.js';
import { createRoleWorkers } from './roles.js';

/** groundplan-worker: runs any set of roles; SIGTERM or SIGINT drains the workers and exits. */
async function main(): Promise<void> {
  const config = workerConfig(process.argv.slice(2));
  if (!config.ok) {
    console.error(`groundplan-worker: ${config.error}`);
    process.exit(1);
  }
  installJsonLogger(config.value.logLevel);
  const { temporal } = config.value;
  const connection = await connectWorker(temporal).catch(() => {
    const hint = temporal.external
      ? 'check TEMPORAL_ADDRESS and the TLS settings'
      : 'start the dev server with `node infra/temporal/dist/cli.js start` or set TEMPORAL_ADDRESS';
    console.error(`groundplan-worker: cannot reach Temporal at ${temporal.address}: ${hint}`);
    process.exit(1);
  });
  const workers = await createRoleWorkers(config.value, connection);
  log('INFO', 'worker ready', {
    roles: config.value.roles,
    taskQueues: workers.map((w) => w.options.taskQueue),
    address: config.value.temporal.address,
    pid: process.pid,
  });
  // The Temporal runtime turns SIGTERM/SIGINT into a graceful shutdown of every worker.
  await Promise.all(workers.map((w) => w.run()));
  await connection.close();
  log('INFO', 'worker stopped', { pid: process.pid });
}

main().catch((error: unknown) => {
  console.error(`groundplan-worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
