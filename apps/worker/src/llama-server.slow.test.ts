import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { defaultLocalModelPath, readCassette } from '@groundplan/llm';
import {
  type LlamaServer,
  llamaServerBinary,
  llamaServerMetrics,
  startLlamaServer,
} from '@groundplan/llm/test-support';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OfficeOnTestServer, officeOnTestServer } from './test-support/office-on-test-server.js';
import { startWorkerProcess } from './worker-process.js';

const instruction = "Close Jason's cabinet.";

// A real third-party OpenAI-compatible server: llama.cpp's llama-server, built once per machine
// from the llama.cpp source node-llama-cpp ships (by npm test before the tests, not here), serving
// the default GGUF. SmolLM2-135M cannot plan this task well, each call takes seconds to a minute on
// two shared cores, and without a grammar (prompt mode) it writes on until the server's cap, so
// the run is bounded: 2 search steps, no replan, answers capped at 256 tokens by the server.
describe("the plan workflow against llama.cpp's llama-server", { timeout: 900_000 }, () => {
  let env: TestWorkflowEnvironment;
  let testServer: OfficeOnTestServer | undefined;
  let sceneRef: string;
  let server: LlamaServer;
  const dir = mkdtempSync(`${tmpdir()}/groundplan-llama-server-`);

  // The built binary (or a clear failure), the model loading (at most 120 s), a test server.
  beforeAll(async () => {
    const binary = await llamaServerBinary();
    server = await startLlamaServer({ binary, modelPath: defaultLocalModelPath(), maxAnswerTokens: 256 });
    testServer = await officeOnTestServer(dir);
    ({ env, sceneRef } = testServer);
  }, 300_000);
  afterAll(async () => {
    await testServer?.stop();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['json_schema', 'prompt'])(
    'in %s mode a run ends verified or honestly failed, counting the tokens the server reported',
    async (mode) => {
      const cassette = `${dir}/${mode}.cassette.json`;
      const worker = await startWorkerProcess(['--roles', 'llm'], {
        TEMPORAL_ADDRESS: env.address,
        GROUNDPLAN_DATA_DIR: dir,
        GROUNDPLAN_LLM_PROVIDER: 'openai',
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'sk-no-key-required',
        GROUNDPLAN_MODEL: 'SmolLM2-135M-Instruct',
        GROUNDPLAN_STRUCTURED_OUTPUT: mode,
        GROUNDPLAN_LLM_TIMEOUT_MS: '600000',
        // Every answer with its latency, to report per-call times.
        GROUNDPLAN_LLM_RECORD: cassette,
      });
      const before = await llamaServerMetrics(server);
      const started = performance.now();
      const result = await runOutcome(
        await startPlanTask(env.client, 'office', {
          sceneRef,
          instruction,
          // One search step may take three prompt-mode answers of 256 tokens: on a loaded machine that
          // passed the default 600 s step deadline once (CI at load 12); the test's own bound is 900 s.
          options: { maxSearchSteps: 2, maxReplans: 0, llmStepDeadlineSeconds: 840 },
        }),
      );
      const runMs = Math.round(performance.now() - started);
      const after = await llamaServerMetrics(server);
      worker.child.kill('SIGTERM');
      await worker.exited;

      expect(worker.output()).toContain(`"mode":"${mode}"`);
      expect(['verified', 'failed']).toContain(result.status);
      if (result.status === 'failed') expect(result.reason).toMatch(/^no verified plan after \d+ attempts?/);
      expect(result.searchTrace.length).toBeGreaterThan(0);
      expect(result.attempts.length).toBeGreaterThan(0);
      // Every token the server generated for this run is in its usage, counted by the server:
      // its own counter, in its own tokenizer (a count made by groundplan would differ).
      const generated =
        after['llamacpp:tokens_predicted_total']! - before['llamacpp:tokens_predicted_total']!;
      expect(generated).toBeGreaterThan(0);
      expect(result.usage.completionTokens).toBe(generated);
      // The server's prompt counter leaves out tokens it reused from its cache; usage has them all.
      const evaluated = after['llamacpp:prompt_tokens_total']! - before['llamacpp:prompt_tokens_total']!;
      expect(result.usage.promptTokens).toBeGreaterThanOrEqual(evaluated);

      const recorded = readCassette(cassette);
      const latencies = recorded.ok ? recorded.value.entries.map((e) => e.response.latencyMs) : [];
      console.info(
        JSON.stringify({
          mode,
          status: result.status,
          runMs,
          searchSteps: result.searchTrace.map((s) => `${s.command} ${s.node}`.trim()),
          planAttempts: result.attempts.length,
          usage: result.usage,
          serverGenerated: generated,
          serverEvaluatedPrompt: evaluated,
          callLatencyMs: latencies,
        }),
      );
    },
  );
});
