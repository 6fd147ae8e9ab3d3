// The examples of issue "Do only what was asked", through the real workflows on a Temporal test
// server with every role's workers and the simulated robot: a question is answered and nothing
// runs on the robot; a thing the building lacks ends NotFound with nothing executed; closing a
// cabinet gets exactly that goal and leaves the keyboard where it was.

import {
  defaultLocalModelPath,
  type LlmScript,
  localModelProvider,
  openAiCompatibleProvider,
} from '@groundplan/llm';
import {
  type FakeOpenAiServer,
  type ScriptedAnswer,
  startFakeOpenAiServer,
} from '@groundplan/llm/test-support';
import { readWorld, worldFilePath } from '@groundplan/robot';
import { parentOf } from '@groundplan/scene-graph';
import { WorkflowFailedError } from '@temporalio/client';
import type { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOutcome, startPlanTask } from './client.js';
import { answerUpdate, FAILURE_TYPES, progressQuery, type Reader, STATUS_ATTRIBUTE } from './contract.js';
import { type OfficeOnTestServer, officeOnTestServer } from './test-support/office-on-test-server.js';
import { runWorkersUntil } from './worker.js';

describe('doing only what was asked', () => {
  let server: OfficeOnTestServer;
  let env: TestWorkflowEnvironment;
  let sceneRef: string;

  beforeAll(async () => {
    server = await officeOnTestServer('only-asked', { search: [], plans: [] });
    ({ env, sceneRef } = server);
  });
  afterAll(async () => {
    await server?.teardown();
  });

  const run = (
    robotId: string,
    instruction: string,
    planner: 'grounded-prior' | 'goal-writer' = 'grounded-prior',
    script?: LlmScript,
  ) => server.planAndExecute(robotId, instruction, { planner, ...(script ? { script } : {}) });
  const world = async (robotId: string) =>
    (await readWorld(worldFilePath(server.dataDir, robotId, sceneRef)))?.world;

  it('answers a question and moves nothing: no skill runs on the robot', async () => {
    const { result, failure, description } = await run('asker', 'Whose office has a dog?');
    expect(failure).toBeUndefined();
    expect(result.status).toBe('answered');
    expect(result.planning.reading).toMatchObject({ kind: 'question', form: 'who' });
    expect(result.planning.answer?.text.length).toBeGreaterThan(0);
    expect(result.planning.plan).toEqual([]);
    expect(result.execution).toBeUndefined();
    // The robot's world was never touched: it has no saved world at all.
    expect(await world('asker')).toBeUndefined();
    expect(description.searchAttributes[STATUS_ATTRIBUTE.name]).toEqual(['answered']);
  }, 120_000);

  it('answers a how-many question with every thing counted, a which-lacks question with each place lacking, and "none found" for a thing the building lacks', async () => {
    const counted = await run('counter', 'How many chairs are there in meeting room 2?');
    expect(counted.failure).toBeUndefined();
    expect(counted.result.status).toBe('answered');
    expect(counted.result.planning.answer?.nodes.map((node) => node.id)).toEqual([
      'meeting_room2_chair_1',
      'meeting_room2_chair_2',
      'meeting_room2_chair_3',
      'meeting_room2_chair_4',
      'meeting_room2_chair_5',
      'meeting_room2_chair_6',
    ]);
    const without = await run(
      'counter',
      'Which of the two printing zones is the one without a fire extinguisher?',
    );
    expect(without.result.planning.answer?.nodes.map((node) => node.id)).toEqual(['printing_zone1']);
    const lacking = await run('counter', 'Is there a kettle anywhere on this floor?');
    expect(lacking.result.status).toBe('answered');
    expect(lacking.result.planning.answer?.nodes).toEqual([]);
    expect(lacking.result.planning.searchTrace.at(-1)).toMatchObject({ command: 'done', node: '' });
    expect(await world('counter')).toBeUndefined();
  }, 120_000);

  it('ends a request for a thing the building does not have NotFound, naming it, with nothing executed', async () => {
    const { result, failure, description } = await run('giraffe', 'Bring me the giraffe.');
    expect(description.status.name).toBe('FAILED');
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    const cause = (failure as WorkflowFailedError).cause as ApplicationFailure;
    expect(cause.type).toBe(FAILURE_TYPES.notFound);
    expect(cause.message).toMatch(/^no giraffe in the building \(the nearest thing: \w+\)$/);
    expect(result.status).toBe('plan-failed');
    expect(result.planning.notFound?.missing).toEqual(['giraffe']);
    expect(result.execution).toBeUndefined();
    expect(await world('giraffe')).toBeUndefined();
  }, 120_000);

  it('ends a request for a thing in a room that has none NotFound, saying where such things are', async () => {
    const { result, failure } = await run('no-fridge', "Put the milk in the fridge in Aaron's office.");
    const cause = (failure as WorkflowFailedError).cause as ApplicationFailure;
    expect(cause.type).toBe(FAILURE_TYPES.notFound);
    expect(cause.message).toMatch(/^no fridge in aarons_office \(the nearest: fridge in .*kitchen/);
    expect(result.execution).toBeUndefined();
    expect(await world('no-fridge')).toBeUndefined();
  }, 120_000);

  it("closes Jason's cabinet with exactly that goal and leaves the keyboard where it was", async () => {
    const { result } = await run('closer', "Close Jason's cabinet.");
    expect(result.status).toBe('completed');
    expect(result.planning.attempts.at(-1)?.goals).toEqual(['state(cabinet_3, door, closed)']);
    const after = await world('closer');
    if (!after) throw new Error('the robot kept no world');
    expect(after.getNodeAttribute('cabinet_3', 'state')?.door).toBe('closed');
    expect(parentOf(after, 'jasons_keyboard')).toEqual({ parent: 'jasons_desk', relation: 'on' });
    // What the plan changes beyond its goal is said with the plan: here the can the robot held.
    expect(result.planning.sideEffects).toBeDefined();
    for (const effect of result.planning.sideEffects ?? []) expect(effect).toMatch(/^coke_can /);
  }, 120_000);

  it("closes Jason's cabinet with the goal the model wrote (goal-writer), nothing else changed", async () => {
    const script = { search: [], plans: [], goals: [[{ set: 'cabinet_3', to: 'closed' }]] };
    const { result, failure } = await run('writer', "Close Jason's cabinet.", 'goal-writer', script);
    expect(failure).toBeUndefined();
    expect(result.status).toBe('completed');
    expect(result.planning.planner).toBe('goal-writer');
    expect(result.planning.attempts.map((attempt) => attempt.goals)).toEqual([
      ['state(cabinet_3, door, closed)'],
    ]);
    expect(result.planning.usage.calls).toBeGreaterThanOrEqual(1);
    const after = await world('writer');
    expect(after?.getNodeAttribute('cabinet_3', 'state')?.door).toBe('closed');
    expect(after && parentOf(after, 'jasons_keyboard')).toEqual({ parent: 'jasons_desk', relation: 'on' });
  }, 120_000);

  it("closes Jason's cabinet with the local model scoring the options (grounded-scored), nothing else changed", async () => {
    const provider = localModelProvider({ modelPath: defaultLocalModelPath(), threads: 1 });
    const { result, failure } = await server.planAndExecute('scorer', "Close Jason's cabinet.", {
      planner: 'grounded-scored',
      provider,
    });
    expect(failure).toBeUndefined();
    expect(result.status).toBe('completed');
    expect(result.planning.planner).toBe('grounded-scored');
    expect(result.planning.attempts.at(-1)?.goals).toEqual(['state(cabinet_3, door, closed)']);
    // The search steps were scored by the local model: calls it answered, tokens it read.
    expect(result.planning.usage.calls).toBeGreaterThanOrEqual(1);
    expect(result.planning.usage.promptTokens).toBeGreaterThan(0);
    const after = await world('scorer');
    expect(after?.getNodeAttribute('cabinet_3', 'state')?.door).toBe('closed');
    expect(after && parentOf(after, 'jasons_keyboard')).toEqual({ parent: 'jasons_desk', relation: 'on' });
  }, 300_000);

  const planAsking = (
    instruction: string,
    options: { answerTimeoutSeconds?: number; reader?: Reader; llmMaxAttempts?: number } = {},
  ) =>
    startPlanTask(env.client, 'office', {
      sceneRef,
      instruction,
      options: { planner: 'grounded-prior', ...options },
    });
  /** How a plan-only run failed (undefined if it did not) and its outcome. */
  const failureAndResult = async (handle: Awaited<ReturnType<typeof planAsking>>) => {
    const failure = await handle.result().then(
      () => undefined,
      (error: unknown) => error,
    );
    return { failure, result: await runOutcome(handle) };
  };
  const untilAsked = async (handle: Awaited<ReturnType<typeof planAsking>>) => {
    for (;;) {
      const progress = await handle.query(progressQuery);
      if (progress.stage === 'awaiting-answer') return progress;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('asks which stapler when the office has three, refuses an answer that is no option, and plans for the one chosen', async () => {
    const workers = await server.workers('planner-only');
    const { result, progress, refused } = await runWorkersUntil(
      workers,
      (async () => {
        const handle = await planAsking('Bring me the stapler.');
        const progress = await untilAsked(handle);
        const refused = await handle
          .executeUpdate(answerUpdate, { args: [{ choice: 'jasons_keyboard' }] })
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        await handle.executeUpdate(answerUpdate, { args: [{ choice: 'stapler_2' }] });
        return { result: await runOutcome(handle), progress, refused };
      })(),
    );
    expect(progress.question).toEqual({ phrase: 'stapler', options: ['stapler', 'stapler_2', 'stapler_3'] });
    expect(String((refused as Error)?.cause ?? refused)).toMatch(
      /choose one of stapler, stapler_2, stapler_3/,
    );
    expect(result.status).toBe('verified');
    expect(result.question).toEqual({
      phrase: 'stapler',
      options: ['stapler', 'stapler_2', 'stapler_3'],
      answer: 'stapler_2',
    });
    expect(result.attempts.at(-1)?.goals?.join(' ')).toContain('stapler_2');
  }, 120_000);

  it('fails with its question (NeedsAnswer) when nobody answers in time', async () => {
    const workers = await server.workers('planner-only');
    const { failure, result } = await runWorkersUntil(
      workers,
      planAsking('Bring me the stapler.', { answerTimeoutSeconds: 1 }).then(failureAndResult),
    );
    const cause = (failure as WorkflowFailedError).cause as ApplicationFailure;
    expect(cause.type).toBe(FAILURE_TYPES.needsAnswer);
    expect(cause.message).toBe('asked which stapler (stapler, stapler_2, stapler_3) and got no answer');
    expect(result.question).toEqual({ phrase: 'stapler', options: ['stapler', 'stapler_2', 'stapler_3'] });
    expect(result.plan).toEqual([]);
  }, 120_000);
  describe("the model's second reading where the rules name a thing the building lacks (reader rules-then-model)", () => {
    let endpoint: FakeOpenAiServer | undefined;
    afterEach(async () => {
      await endpoint?.close();
      endpoint = undefined;
    });
    /** What a model answers that reads every instruction as one request: `verb` the `thing`. */
    const readingAs = (verb: string, thing: string): ScriptedAnswer => ({
      kind: 'json',
      value: {
        kind: 'request',
        form: 'none',
        things: [thing],
        excluded: [],
        requests: [{ verb, thing, to: '' }],
        places: [],
        people: [],
      },
    });
    /** Workers whose model is a real HTTP endpoint answering every request with `answer`. */
    const workersReading = async (answer: ScriptedAnswer) => {
      const model = await startFakeOpenAiServer({ answer: () => answer });
      endpoint = model;
      const provider = openAiCompatibleProvider({
        baseURL: model.baseURL,
        apiKey: 'test-key',
        model: 'test-model',
        structuredOutput: 'json_schema',
        timeoutMs: 10_000,
      });
      return { model, workers: await server.workers('planner-only', undefined, undefined, provider) };
    };
    // A word neither the building nor WordNet knows (WordNet reads "the telly" as the tv).
    const instruction = 'Turn the gogglebox on for the football, please.';
    /** A rules-then-model run that must end NotFound: its one-line cause, its outcome, the model's endpoint. */
    const notFoundReadingAgain = async (answer: ScriptedAnswer, said: string, llmMaxAttempts?: number) => {
      const { model, workers } = await workersReading(answer);
      const options = { reader: 'rules-then-model' as const, ...(llmMaxAttempts ? { llmMaxAttempts } : {}) };
      const { failure, result } = await runWorkersUntil(
        workers,
        planAsking(said, options).then(failureAndResult),
      );
      const cause = (failure as WorkflowFailedError).cause as ApplicationFailure;
      expect(cause.type).toBe(FAILURE_TYPES.notFound);
      // The model was asked once, and nothing was planned.
      expect(model.received).toHaveLength(1);
      expect(result.plan).toEqual([]);
      return { message: cause.message, result };
    };

    it('ends NotFound on the rules alone, as the run without a second reading does', async () => {
      const workers = await server.workers('planner-only');
      const { failure } = await runWorkersUntil(workers, planAsking(instruction).then(failureAndResult));
      const cause = (failure as WorkflowFailedError).cause as ApplicationFailure;
      expect(cause.type).toBe(FAILURE_TYPES.notFound);
      expect(cause.message).toMatch(/^no gogglebox in the building/);
    }, 120_000);

    it('reads again by the model, asks which thing, and switches on the TV chosen: one model call', async () => {
      const { model, workers } = await workersReading(readingAs('turn on', 'TV'));
      const { result, tv } = await runWorkersUntil(
        workers,
        (async () => {
          const handle = await planAsking(instruction, { reader: 'rules-then-model' });
          const progress = await untilAsked(handle);
          // The building has two TVs (tv, tv_2); the answer is the one the run offers.
          const tv = progress.question?.options.find((option) => /^tv(_\d+)?$/.test(option));
          if (!tv) throw new Error(`no TV offered: ${progress.question?.options.join(', ')}`);
          await handle.executeUpdate(answerUpdate, { args: [{ choice: tv }] });
          return { result: await runOutcome(handle), tv };
        })(),
      );
      expect(result.status).toBe('verified');
      expect(result.attempts.at(-1)?.goals).toEqual([`state(${tv}, power, on)`]);
      // The result carries the reading the goals were chosen by, and the one call it cost.
      expect(result.reading).toMatchObject({ kind: 'request', by: 'model' });
      expect(result.usage.calls).toBe(1);
      expect(model.received).toHaveLength(1);
    }, 120_000);

    it('ends NotFound as before when the model reads the same missing thing, reading only once', async () => {
      const { message, result } = await notFoundReadingAgain(
        readingAs('bring', 'giraffe'),
        'Bring me the giraffe.',
      );
      expect(message).toMatch(/^no giraffe in the building/);
      expect(result.reading).toMatchObject({ by: 'model' });
    }, 120_000);

    it('overturns NotFound only with a word the building has, not with a thing near in meaning', async () => {
      // "toaster" comes within 0.49 of the bread in meaning, but the office has no toaster.
      const { message, result } = await notFoundReadingAgain(
        readingAs('use', 'toaster'),
        'Toast me some crumpets in the toaster.',
      );
      expect(message).toMatch(/^no toaster in the building \(the nearest thing: bread\)$/);
      expect(result.reading).toMatchObject({ by: 'model' });
    }, 120_000);

    it("keeps the rules' NotFound when the model's endpoint fails, saying why in the one line", async () => {
      const down: ScriptedAnswer = { kind: 'status', status: 503, message: 'overloaded' };
      const { message, result } = await notFoundReadingAgain(down, instruction, 1);
      expect(message).toMatch(
        /^no gogglebox in the building .*; the model could not read the instruction again: .*\S/,
      );
      expect(message).not.toContain('\n');
      expect(result.notFound?.missing).toContain('gogglebox');
    }, 120_000);
  });
});
