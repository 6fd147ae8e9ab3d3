#!/usr/bin/env node
import { threadpoolWarning } from '@groundplan/llm';
import { connectWorker } from '@groundplan/temporal-runtime';
import { LLM_TASK_QUEUE } from '@groundplan/workflows/contract';
import { workerConfig } from './config.js';
import type { LlmRole } from './llm-role.js';
import { installJsonLogger, log } from './logger.js';
import { configuredSkills, createConfiguredWorkers } from './roles.js';

/** groundplan-worker: runs any set of roles; SIGTERM or SIGINT drains the workers and exits. */
async function main(): Promise<void> {
  const config = workerConfig(process.argv.slice(2));
  if (!config.ok) {
    console.error(`groundplan-worker: ${config.error}`);
    process.exit(1);
  }
  installJsonLogger(config.value.logLevel);
  const skills = await configuredSkills(config.value).catch((error: unknown) => {
    console.error(`groundplan-worker: ${(error as Error).message}`);
    process.exit(1);
  });
  const { temporal } = config.value;
  const connection = await connectWorker(temporal).catch(() => {
    const hint = temporal.external
      ? 'check TEMPORAL_ADDRESS and the TLS settings'
      : 'start the dev server with `node apps/cli/dist/main.js server start` or set TEMPORAL_ADDRESS';
    console.error(`groundplan-worker: cannot reach Temporal at ${temporal.address}: ${hint}`);
    process.exit(1);
  });
  const { workers, llm } = await createConfiguredWorkers(config.value, connection, skills).catch(
    (error: unknown) => {
      console.error(`groundplan-worker: ${(error as Error).message ?? error}`);
      process.exit(1);
    },
  );
  // Every role but llm polls at once. The llm role loads its model first: a task taken before
  // would wait behind the load (13-50 s for the local model) and fail its heartbeat timeout.
  const [llmWorkers, others] = [
    workers.filter((w) => w.options.taskQueue === LLM_TASK_QUEUE),
    workers.filter((w) => w.options.taskQueue !== LLM_TASK_QUEUE),
  ];
  const othersRunning = Promise.all(others.map((w) => w.run()));
  // Handled when awaited below; a worker that fails during the warm-up must not crash the process first.
  othersRunning.catch(() => undefined);
  if (llm) {
    await warmUpLlm(llm);
    void settleStructuredOutput(llm);
  }
  const llmRunning = Promise.all(llmWorkers.map((w) => w.run()));
  log('INFO', 'worker ready', {
    roles: config.value.roles,
    taskQueues: workers.map((w) => w.options.taskQueue),
    address: config.value.temporal.address,
    pid: process.pid,
  });
  // The Temporal runtime turns SIGTERM/SIGINT into a graceful shutdown of every worker.
  await Promise.all([othersRunning, llmRunning]);
  await connection.close();
  log('INFO', 'worker stopped', { pid: process.pid });
}

/** Loads the model and readies it for the first semantic-search step; a model that cannot load stops the worker. */
async function warmUpLlm(llm: LlmRole): Promise<void> {
  const warm = await llm.warmUp();
  if (!warm.ok) {
    console.error(`groundplan-worker: ${warm.error.message}`);
    process.exit(1);
  }
  if (warm.value)
    log('INFO', 'llm warm-up done', {
      ms: warm.value.latencyMs,
      loadMs: warm.value.loadMs,
      promptTokens: warm.value.promptTokens,
      provider: llm.provider.name,
      model: llm.provider.model,
      pid: process.pid,
    });
  // A thread pool larger than the cores halves the local model's generation (packages/llm/README.md).
  const slow = llm.provider.name === 'local' ? threadpoolWarning() : undefined;
  if (slow) log('WARN', slow, { pid: process.pid });
}

/**
 * Logs the structured-output mode the llm role uses (probing the endpoint once for `auto`). A
 * refused probe or a bad key stops the worker in one line; an unreachable endpoint is only
 * warned about, since the provider probes again at its first call.
 */
async function settleStructuredOutput(llm: LlmRole): Promise<void> {
  const chosen = await llm.structuredOutput();
  if (!chosen.ok && chosen.error.kind === 'unavailable') {
    log('WARN', 'llm structured output not settled yet', { reason: chosen.error.message, pid: process.pid });
    return;
  }
  if (!chosen.ok) {
    console.error(`groundplan-worker: ${chosen.error.message}`);
    process.exit(1);
  }
  if (chosen.value)
    log('INFO', 'llm structured output', {
      mode: chosen.value.mode,
      setting: chosen.value.setting,
      probeMs: chosen.value.probeMs,
      probes: chosen.value.probes,
      provider: llm.provider.name,
      model: llm.provider.model,
      pid: process.pid,
    });
}

main().catch((error: unknown) => {
  console.error(`groundplan-worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
