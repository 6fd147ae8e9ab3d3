import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import type { PlanTaskResult } from '@groundplan/workflows/contract';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingHeartbeatDetails } from './test-support/heartbeat-details.js';
import { type OfficeOnTestServer, officeOnTestServer } from './test-support/office-on-test-server.js';
import { recoverySeconds } from './test-support/recovery.js';
import { askedRequests, replayLlmEnv, servedAnswers } from './test-support/replay-llm.js';
import { startWorkerProcess } from './worker-process.js';

const instruction = "Close Jason's cabinet.";

const hits = servedAnswers;

describe('an LLM worker killed with SIGKILL during semantic search', { timeout: 300_000 }, () => {
  let env: TestWorkflowEnvironment;
  let testServer: OfficeOnTestServer | undefined;
  let sceneRef: string;
  const dir = mkdtempSync(`${tmpdir()}/groundplan-crash-plan-`);
  const llmWorker = (hitLog: string) =>
    startWorkerProcess(['--roles', 'llm'], {
      TEMPORAL_ADDRESS: env.address,
      GROUNDPLAN_DATA_DIR: dir,
      ...replayLlmEnv({ latencyMs: 1500, hitLog }),
    });
  const plan = () =>
    startPlanTask(env.client, 'office', {
      sceneRef,
      instruction,
    });

  beforeAll(async () => {
    testServer = await officeOnTestServer(dir);
    ({ env, sceneRef } = testServer);
  });
  afterAll(async () => {
    await testServer?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('completes on a new LLM worker with the same result, without repeating completed calls', async () => {
    const steady = await llmWorker(`${dir}/steady.log`);
    const reference: PlanTaskResult = await runOutcome(await plan());
    steady.child.kill('SIGTERM');
    await steady.exited;
    expect(reference.status).toBe('verified');
    const calls = hits(`${dir}/steady.log`).length;
    expect(calls).toBe(6);

    const first = await llmWorker(`${dir}/first.log`);
    const handle = await plan();
    // Kill it once the third call has reached the model (1.5 s from its answer): two answered, one in flight.
    while (askedRequests(`${dir}/first.log`).length < 3) await new Promise((r) => setTimeout(r, 20));
    // ...and once the server holds the heartbeat that notes it (the worker sends it as the call starts;
    // a kill before it arrives would lose the call from the run's usage, which is what the heartbeat is for).
    const notesCallInFlight = async () =>
      (await pendingHeartbeatDetails(handle)).some(
        (details) => (details as { inFlight?: unknown })?.inFlight,
      );
    while (!(await notesCallInFlight())) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await first.exited;
    const beforeCrash = hits(`${dir}/first.log`);

    const second = await llmWorker(`${dir}/second.log`);
    const workerReadySeconds = (Date.now() - killedAt) / 1000;
    const result = await runOutcome(handle);
    second.child.kill('SIGTERM');
    await second.exited;
    const afterCrash = hits(`${dir}/second.log`);
    // The default heartbeat timeout decides how soon the call in flight moves to the new worker.
    const recovery = await recoverySeconds(handle, killedAt);
    console.log(JSON.stringify({ crash: 'mid-plan', recoverySeconds: recovery, workerReadySeconds }));
    expect(recovery).toBeDefined();

    expect(result.status).toBe('verified');
    expect(result.plan).toEqual(reference.plan);
    expect(result.expandedPlan).toEqual(reference.expandedPlan);
    expect(result.explored).toEqual(reference.explored);
    expect(result.searchTrace.map((s) => [s.command, s.node])).toEqual(
      reference.searchTrace.map((s) => [s.command, s.node]),
    );
    // Answers served before the crash are never asked for again; the run needs every call once.
    expect(beforeCrash).toHaveLength(2);
    for (const hash of beforeCrash) expect(afterCrash).not.toContain(hash);
    expect(beforeCrash.length + afterCrash.length).toBe(calls);
    // The call in flight when the worker died was sent to the model: the run pays for it too.
    expect(result.usage.calls).toBe(reference.usage.calls + 1);
    expect(result.usage.promptTokens).toBeGreaterThan(reference.usage.promptTokens);
  });
});
