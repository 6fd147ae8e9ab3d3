import type { LlmScript } from '@groundplan/llm';
import { readWorld, worldFilePath } from '@groundplan/robot';
import { checkGoalText, initialState } from '@groundplan/simulator';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutcome, startPlanAndExecute, startPlanTask } from './client.js';
import {
  FAILURE_TYPES,
  LLM_TOKENS_ATTRIBUTE,
  PLANNER_ATTRIBUTE,
  progressQuery,
  REPLANS_ATTRIBUTE,
  ROBOT_ATTRIBUTE,
  rejectSignal,
  STATUS_ATTRIBUTE,
} from './contract.js';
import { type OfficeOnTestServer, officeOnTestServer } from './test-support/office-on-test-server.js';
import { plannedRun } from './test-support/planned-run.js';
import { runWorkersUntil } from './worker.js';

// "Close Jason's cabinet": the robot holds a can, so the first plan fails (hand not empty) and
// the simulator's feedback leads to a second plan that puts the can down first.
const closeCabinet: LlmScript = {
  search: [
    { command: 'expand' as const, node: 'jasons_office' },
    { command: 'done' as const, node: 'cabinet_3' },
  ],
  plans: [
    [
      { action: 'goto', args: ['jasons_office'] },
      { action: 'access', args: ['cabinet_3'] },
      { action: 'close', args: ['cabinet_3'] },
    ],
    [
      { action: 'goto', args: ['jasons_office'] },
      { action: 'access', args: ['jasons_desk'] },
      { action: 'release', args: ['coke_can'] },
      { action: 'access', args: ['cabinet_3'] },
      { action: 'close', args: ['cabinet_3'] },
    ],
  ],
};

describe('planning and execution as Temporal workflows', () => {
  let server: OfficeOnTestServer;
  let env: TestWorkflowEnvironment;
  let sceneRef: string;
  let dataDir: string;

  beforeAll(async () => {
    server = await officeOnTestServer('workflows', closeCabinet);
    ({ env, sceneRef, dataDir } = server);
  });
  afterAll(async () => {
    await server?.teardown();
  });

  const workers = (robotId: string, script?: LlmScript) => server.workers(robotId, script);
  const runWith = runWorkersUntil;

  it('plans by grounded choice without the model: retrieval searches, the classical planner plans', async () => {
    const all = await workers('planner-only');
    const result = await runWith(
      all,
      startPlanTask(env.client, 'office', {
        sceneRef,
        instruction: "Close Jason's cabinet.",
        options: { planner: 'grounded-prior' },
      }).then(runOutcome),
    );
    expect(result.status).toBe('verified');
    expect(result.searchTrace.at(-1)).toMatchObject({ command: 'done', node: 'cabinet_3' });
    expect(result.attempts.at(-1)!.goals).toContain('state(cabinet_3, door, closed)');
    // The robot starts holding a can: the planner puts it down on an open surface of the room to
    // close the cabinet, then takes it back, so nothing but the cabinet changes.
    const steps = result.plan.map((step) => `${step.action}(${step.args.join(', ')})`);
    expect(steps.indexOf('close(cabinet_3)')).toBeGreaterThan(steps.indexOf('release(coke_can)'));
    expect(steps.at(-1)).toBe('pickup(coke_can)');
    expect(result.sideEffects).toEqual([]);
    expect(result.usage.calls).toBe(0);
  }, 120_000);

  it('replans with the simulator feedback until the plan is verified', async () => {
    const all = await workers('planner-only');
    const result = await runWith(
      all,
      startPlanTask(env.client, 'office', { sceneRef, instruction: "Close Jason's cabinet." }).then(
        runOutcome,
      ),
    );
    expect(result.status).toBe('verified');
    expect(result.explored.expanded).toEqual(['jasons_office']);
    expect(result.attempts).toHaveLength(2);
    expect(result.attempts[0]!.feedback).toMatch(/coke_can|hand|holding/);
    expect(result.expandedPlan.length).toBeGreaterThan(result.plan.length);
    expect(result.usage.calls).toBe(4);
  });

  it('ends a run whose model keeps answering outside its contract as a failed plan: the workflow fails, the result rides along', async () => {
    const garbage: LlmScript = {
      search: [{ command: 'done', node: 'kitchen' }],
      plans: [[{ action: 'teleport', args: ['kitchen'] }]],
    };
    const all = await workers('planner-only', garbage);
    const { result, failure, description } = await runWith(
      all,
      (async () => {
        const handle = await startPlanTask(env.client, 'office', {
          sceneRef,
          instruction: 'Teleport to the kitchen.',
          options: { maxReplans: 1 },
        });
        const failure = await handle.result().catch((error: unknown) => error);
        return { result: await runOutcome(handle), failure, description: await handle.describe() };
      })(),
    );
    // The workflow failed (red in the Temporal UI) with the reason, and the result rides in its details.
    expect(description.status.name).toBe('FAILED');
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    const cause = (failure as WorkflowFailedError).cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect((cause as ApplicationFailure).type).toBe(FAILURE_TYPES.planFailed);
    expect((cause as ApplicationFailure).nonRetryable).toBe(true);
    expect(cause?.message).toBe(result.reason);
    expect(description.typedSearchAttributes.get(STATUS_ATTRIBUTE)).toBe('plan-failed');
    expect(description.typedSearchAttributes.get(REPLANS_ATTRIBUTE)).toBe(1);
    expect(result.status).toBe('failed');
    expect(result.attempts).toHaveLength(2);
    expect(result.attempts[0]!.feedback).toMatch(/not a valid plan/);
    expect(result.reason).toMatch(/no verified plan after 2 attempts/);
    // One search call, then each plan request tried three times (two retries with the error shown).
    expect(result.usage.calls).toBe(7);
  });

  it('executes the verified plan on the simulated robot, leaving a world that meets the goal', async () => {
    const robotId = 'sim-1';
    const all = await workers(robotId);
    const { result, progress, details } = await runWith(
      all,
      (async () => {
        const handle = await startPlanAndExecute(env.client, 'office', {
          sceneRef,
          instruction: "Close Jason's cabinet.",
          robotId,
        });
        const result = plannedRun(await runOutcome(handle));
        const metadata = await handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata');
        return { result, progress: await handle.query(progressQuery), details: metadata.currentDetails };
      })(),
    );
    expect(result.status).toBe('completed');
    expect(result.execution?.steps.every((s) => s.status === 'done')).toBe(true);
    expect(progress.stage).toBe('done');
    // The Temporal UI's Current Details: the stage and what the run did.
    expect(details).toContain('**done**');
    expect(details).toContain('- plan attempts: 2');
    expect(details).toContain(
      `- skills executed: ${result.execution?.steps.length}/${result.execution?.steps.length}`,
    );
    const saved = await readWorld(worldFilePath(dataDir, robotId, sceneRef));
    if (!saved) throw new Error('the robot kept no world');
    const start = initialState(saved.world);
    if (!start.ok) throw new Error(start.error);
    const goal = checkGoalText(saved.world, start.value, [
      'state(cabinet_3, door, closed)',
      'on(coke_can, jasons_desk)',
    ]);
    expect(goal.ok && goal.value.satisfied).toBe(true);
  });

  it('fails a run whose plan the robot cannot execute, keeping the full result in the failure', async () => {
    // The first run changes the robot's world (cabinet closed, can on the desk); the second plan
    // is verified on the scene as stored, but the robot no longer holds the can it must release.
    const robotId = 'sim-2';
    const start = () =>
      startPlanAndExecute(env.client, 'office', {
        sceneRef,
        instruction: "Close Jason's cabinet.",
        robotId,
        maxExecutionReplans: 0,
      });
    const first = await runWith(await workers(robotId), start().then(runOutcome));
    const { second, description } = await runWith(
      await workers(robotId),
      (async () => {
        const handle = await start();
        const failure = await handle.result().catch((error: unknown) => error);
        const second = { result: plannedRun(await runOutcome(handle)), failure };
        return { second, description: await handle.describe() };
      })(),
    );
    expect(first.status).toBe('completed');
    expect(second.result.status).toBe('execution-failed');
    expect(second.result.planning.status).toBe('verified');
    expect(second.result.execution?.steps.at(-1)?.status).toBe('failed');
    const cause = (second.failure as WorkflowFailedError).cause as ApplicationFailure;
    expect(cause.type).toBe(FAILURE_TYPES.executionFailed);
    expect(cause.message).toBe(second.result.execution?.reason);
    expect(description.status.name).toBe('FAILED');
    const attributes = description.typedSearchAttributes;
    expect(attributes.get(STATUS_ATTRIBUTE)).toBe('execution-failed');
    expect(attributes.get(PLANNER_ATTRIBUTE)).toBe('sayplan');
    expect(attributes.get(ROBOT_ATTRIBUTE)).toBe(robotId);
    expect(attributes.get(LLM_TOKENS_ATTRIBUTE)).toBeGreaterThan(0);
    expect(await description.staticSummary()).toBe(
      `"Close Jason's cabinet." · scene office · robot ${robotId}`,
    );
  });

  it('completes a run whose plan the operator rejected: a decision, not a failure', async () => {
    const robotId = 'sim-3';
    const { result, description } = await runWith(
      await workers(robotId),
      (async () => {
        const handle = await startPlanAndExecute(env.client, 'office', {
          sceneRef,
          instruction: "Close Jason's cabinet.",
          robotId,
          requireApproval: true,
        });
        while ((await handle.query(progressQuery)).stage !== 'awaiting-approval')
          await new Promise((r) => setTimeout(r, 100));
        await handle.signal(rejectSignal, { reason: 'not now' });
        return { result: plannedRun(await handle.result()), description: await handle.describe() };
      })(),
    );
    expect(result.status).toBe('rejected');
    expect(result.execution).toBeUndefined();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.typedSearchAttributes.get(STATUS_ATTRIBUTE)).toBe('rejected');
  });
});
