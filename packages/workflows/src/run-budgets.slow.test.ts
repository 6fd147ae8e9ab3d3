import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type Cassette, openAiCompatibleProvider } from '@groundplan/llm';
import {
  answersFromCassette,
  type FakeOpenAiServer,
  type ScriptedAnswer,
  startFakeOpenAiServer,
} from '@groundplan/llm/test-support';
import { fileSceneStore } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOutcome, startPlanTask } from './client.js';
import { FAILURE_TYPES, GROUNDPLAN_SEARCH_ATTRIBUTES, PLANNER_TASK_QUEUE } from './contract.js';
import { createRoleWorkers, runWorkersUntil } from './worker.js';
import { executePlan } from './workflows.js';

const cassette = JSON.parse(
  readFileSync(
    new URL('../../../datasets/cassettes/close-jasons-cabinet.cassette.json', import.meta.url),
    'utf8',
  ),
) as Cassette;
const instruction = "Close Jason's cabinet.";

/** The one-line failure a run ended with (its workflow's own failure, not an outcome). */
async function failureOf(result: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await result.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkflowFailedError);
  const cause = (error as WorkflowFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
}

describe('what one LLM step and one skill may take, against real servers', { timeout: 120_000 }, () => {
  let env: TestWorkflowEnvironment;
  let endpoint: FakeOpenAiServer | undefined;
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-budgets-`);
  const scenes = fileSceneStore(`${dataDir}/scenes`);
  let sceneRef: string;

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    const office = await datasetScene('office');
    sceneRef = await scenes.put(office);
  });
  afterEach(async () => {
    await endpoint?.close();
    endpoint = undefined;
  });
  afterAll(async () => {
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Planner, LLM and sim workers whose model is a real HTTP endpoint answering as `answer` says. */
  async function workersFor(answer: (body: Record<string, unknown>) => ScriptedAnswer | undefined) {
    endpoint = await startFakeOpenAiServer({ answer });
    const provider = openAiCompatibleProvider({
      baseURL: endpoint.baseURL,
      apiKey: 'test-key',
      model: 'test-model',
      structuredOutput: 'json_schema',
      timeoutMs: 1_000,
    });
    return createRoleWorkers(env.nativeConnection, {
      roles: ['planner', 'llm', 'sim'],
      namespace: env.namespace,
      scenes,
      provider,
    });
  }

  it('ends a run whose endpoint never answers at the step deadline, in one line naming the setting', async () => {
    const never: ScriptedAnswer = { kind: 'slow', delayMs: 3_600_000, answer: { kind: 'json', value: {} } };
    const workers = await workersFor(() => never);
    const started = performance.now();
    const failure = await runWorkersUntil(
      workers,
      failureOf(
        startPlanTask(env.client, 'office', {
          sceneRef,
          instruction,
          options: { llmStepDeadlineSeconds: 4 },
        }).then(runOutcome),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({ neverAnswers: { deadlineSeconds: 4, failedAfterSeconds: seconds } }));
    expect(failure.type).toBe(FAILURE_TYPES.llmStepFailed);
    expect(failure.message).toMatch(
      /^the LLM step semanticSearchStep got no answer within its 4 s deadline; .*--llm-deadline \(plan option llmStepDeadlineSeconds\)/,
    );
    expect(failure.message).not.toContain('\n');
    // Each try is one request that timed out after 1 s: the HTTP client retried none of them.
    expect(endpoint!.received.length).toBeGreaterThanOrEqual(1);
    expect(endpoint!.received.length).toBeLessThanOrEqual(3);
  });

  it('ends a run after llmMaxAttempts tries of an unavailable endpoint, one request each, naming --llm-attempts', async () => {
    const workers = await workersFor(() => ({ kind: 'status', status: 503, message: 'overloaded' }));
    const failure = await runWorkersUntil(
      workers,
      failureOf(
        startPlanTask(env.client, 'office', { sceneRef, instruction, options: { llmMaxAttempts: 2 } }).then(
          runOutcome,
        ),
      ),
    );
    expect(failure.type).toBe(FAILURE_TYPES.llmStepFailed);
    expect(failure.message).toBe(
      `the LLM step semanticSearchStep failed 2 times, the last: ${endpoint!.baseURL} is unavailable (503: overloaded); try again later; raise the tries with --llm-attempts (plan option llmMaxAttempts) or check the endpoint`,
    );
    expect(endpoint!.received).toHaveLength(2);
  });

  it("counts the calls of a failed attempt in the run's usage", async () => {
    const answers = answersFromCassette(cassette);
    const reference = await runWorkersUntil(
      await workersFor(answers),
      startPlanTask(env.client, 'office', { sceneRef, instruction }).then(runOutcome),
    );
    await endpoint!.close();
    let first = true;
    const workers = await workersFor((body) => {
      if (!first) return answers(body);
      first = false;
      return { kind: 'status', status: 503 };
    });
    const result = await runWorkersUntil(
      workers,
      startPlanTask(env.client, 'office', { sceneRef, instruction }).then(runOutcome),
    );
    expect(result.status).toBe('verified');
    expect(result.plan).toEqual(reference.plan);
    expect(endpoint!.received).toHaveLength(reference.usage.calls + 1);
    expect(result.usage.calls).toBe(reference.usage.calls + 1);
    expect(result.usage.promptTokens).toBeGreaterThan(reference.usage.promptTokens);
  });

  it("waits out a 429's retry-after in the activity's next try (the HTTP client does not wait)", async () => {
    const answers = answersFromCassette(cassette);
    let first = true;
    const workers = await workersFor((body) => {
      if (!first) return answers(body);
      first = false;
      return { kind: 'status', status: 429, headers: { 'retry-after': '3' }, message: 'rate limited' };
    });
    const result = await runWorkersUntil(
      workers,
      startPlanTask(env.client, 'office', { sceneRef, instruction }).then(runOutcome),
    );
    expect(result.status).toBe('verified');
    const [refused, retried] = endpoint!.received;
    // The retry policy alone would have tried again after 1 s.
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(2900);
  });

  it('fails a skill no worker takes within its schedule-to-start timeout, in one line naming the robot', async () => {
    const planner = await createRoleWorkers(env.nativeConnection, {
      roles: ['planner'],
      namespace: env.namespace,
    });
    const result = await runWorkersUntil(
      planner,
      env.client.workflow
        .start(executePlan, {
          taskQueue: PLANNER_TASK_QUEUE,
          workflowId: 'execute-on-a-robot-nobody-runs',
          args: [
            {
              sceneRef,
              plan: [{ action: 'goto', args: ['jasons_office'] }],
              robotId: 'robot-nobody-runs',
              skillScheduleToStartTimeoutSeconds: 2,
            },
          ],
        })
        .then(runOutcome),
    );
    expect(result.status).toBe('failed');
    expect(result.reason).toBe(
      "step 1 (goto) failed: no worker for robot robot-nobody-runs took the skill within 2 s (none is running, or it is busy with other runs' skills; --skill-start-timeout waits longer)",
    );
  });
});
