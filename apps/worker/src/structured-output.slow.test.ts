import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readCassette } from '@groundplan/llm';
import {
  answersFromCassette,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '@groundplan/llm/test-support';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import { ActivityFailure, ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { RetryState } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OfficeOnTestServer, officeOnTestServer } from './test-support/office-on-test-server.js';
import { CLOSE_JASONS_CABINET_CASSETTE } from './test-support/replay-llm.js';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

const instruction = "Close Jason's cabinet.";
const formatOf = (body: Record<string, unknown>) =>
  (body.response_format as { type?: string } | undefined)?.type ?? 'none';

/** The JSON line a worker logged with this message, once it is there. */
async function logged(worker: WorkerProcess, message: string): Promise<Record<string, unknown>> {
  for (;;) {
    const line = worker
      .output()
      .split('\n')
      .find((l) => l.includes(`"message":"${message}"`));
    if (line) return JSON.parse(line) as Record<string, unknown>;
    if (worker.child.exitCode !== null) throw new Error(`worker exited:\n${worker.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the plan workflow against a server that refuses json_schema, as llama-cpp-python does', {
  timeout: 300_000,
}, () => {
  let env: TestWorkflowEnvironment;
  let testServer: OfficeOnTestServer | undefined;
  let sceneRef: string;
  let server: FakeOpenAiServer;
  const dir = mkdtempSync(`${tmpdir()}/groundplan-structured-output-`);
  const llmWorker = (setting: string) =>
    startWorkerProcess(['--roles', 'llm'], {
      TEMPORAL_ADDRESS: env.address,
      GROUNDPLAN_DATA_DIR: dir,
      GROUNDPLAN_LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'sk-no-key-required',
      GROUNDPLAN_MODEL: 'SmolLM2-135M-Instruct',
      GROUNDPLAN_STRUCTURED_OUTPUT: setting,
    });

  beforeAll(async () => {
    testServer = await officeOnTestServer(dir);
    ({ env, sceneRef } = testServer);
    const cassette = readCassette(CLOSE_JASONS_CABINET_CASSETTE);
    if (!cassette.ok) throw new Error(cassette.error);
    const recorded = answersFromCassette(cassette.value);
    // Answers the recorded conversation of the task, and the probe's tiny question.
    server = await startFakeOpenAiServer({
      responseFormats: ['text', 'json_object'],
      answer: (body) =>
        recorded(body) ??
        (JSON.stringify(body.messages).includes('{\\"ok\\": true}')
          ? { kind: 'json', value: { ok: true }, usage: { prompt_tokens: 20, completion_tokens: 5 } }
          : undefined),
    });
  });
  afterAll(async () => {
    await testServer?.stop();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('with auto: the worker probes once at start, logs json_object, and the run is verified with no refused request retried', async () => {
    server.received.length = 0;
    const worker = await llmWorker('auto');
    const line = await logged(worker, 'llm structured output');
    expect(line).toMatchObject({
      level: 'INFO',
      mode: 'json_object',
      setting: 'auto',
      probes: [
        { mode: 'json_schema', accepted: false, status: 500 },
        { mode: 'json_object', accepted: true },
      ],
    });

    const result = await runOutcome(await startPlanTask(env.client, 'office', { sceneRef, instruction }));
    worker.child.kill('SIGTERM');
    await worker.exited;

    expect(result.status).toBe('verified');
    const formats = server.received.map((r) => formatOf(r.body));
    // One refused request in all (the probe's), never sent again; every task call in json_object.
    expect(formats.filter((f) => f === 'json_schema')).toHaveLength(1);
    expect(formats).toEqual(['json_schema', ...Array(formats.length - 1).fill('json_object')]);
    expect(formats.length - 2).toBe(result.usage.calls);
    const cassette = readCassette(CLOSE_JASONS_CABINET_CASSETTE);
    const recordedPromptTokens = cassette.ok
      ? cassette.value.entries.reduce((sum, e) => sum + e.response.usage.promptTokens, 0)
      : Number.NaN;
    expect(result.usage.promptTokens).toBe(recordedPromptTokens);
    console.info(
      `auto run: ${server.received.length} requests (${result.usage.calls} task calls + 2 probe requests), 1 refused, 0 retried`,
    );
  });

  it('with auto and a key the server rejects: the worker stops at start, in one line naming the setting', async () => {
    server.received.length = 0;
    // The probe's json_schema request is refused as ever; its json_object request meets this.
    server.script({ kind: 'status', status: 401, message: 'Invalid API Key' });
    const worker = await llmWorker('auto');
    expect(await worker.exited).toBe(1);
    const errors = worker
      .output()
      .split('\n')
      .filter((l) => l.startsWith('groundplan-worker:'));
    expect(errors).toEqual([
      expect.stringMatching(/rejected the API key \(401: Invalid API Key\); set OPENAI_API_KEY/),
    ]);
    expect(server.received.map((r) => formatOf(r.body))).toEqual(['json_schema', 'json_object']);
  });

  it('with an explicit json_schema: the run fails at its first call, not retried, in one line naming the setting', async () => {
    server.received.length = 0;
    const worker = await llmWorker('json_schema');
    const line = await logged(worker, 'llm structured output');
    expect(line).toMatchObject({ mode: 'json_schema', setting: 'json_schema', probes: [] });

    const started = performance.now();
    const handle = await startPlanTask(env.client, 'office', { sceneRef, instruction });
    const failure = await handle.result().then(
      () => undefined,
      (error: unknown) => error,
    );
    const ms = Math.round(performance.now() - started);
    worker.child.kill('SIGTERM');
    await worker.exited;

    expect(failure).toBeInstanceOf(WorkflowFailedError);
    const activity = (failure as WorkflowFailedError).cause;
    expect(activity).toBeInstanceOf(ActivityFailure);
    const cause = (activity as ActivityFailure).cause as ApplicationFailure;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect(cause.type).toBe('LlmBadConfig');
    expect(cause.message.split('\n')).toHaveLength(1);
    expect(cause.message).toMatch(
      /refused the request \(500: 1 validation error: .*Input should be 'text' or 'json_object'.*set GROUNDPLAN_STRUCTURED_OUTPUT=json_object, prompt or auto$/,
    );
    // Neither the openai client nor Temporal sent it again.
    expect((activity as ActivityFailure).retryState).toBe(RetryState.NON_RETRYABLE_FAILURE);
    expect(server.received.map((r) => formatOf(r.body))).toEqual(['json_schema']);
    console.info(`explicit json_schema: the run failed ${ms} ms after it started: ${cause.message}`);
  });
});
