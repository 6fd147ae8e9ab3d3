import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnvironment } from '../test-environment.js';
import { runSmokeWorkflow } from './client.js';
import { createSmokeWorker } from './worker.js';

describe('the smoke workflow on a real Temporal server', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  afterAll(async () => {
    await env?.teardown();
  });

  it('runs a workflow whose activity heartbeats every step', async () => {
    const worker = await createSmokeWorker(env.nativeConnection, env.namespace);
    const { workflowId, result } = await worker.runUntil(runSmokeWorkflow(env.client, 4));
    expect(result).toBe('smoke ok: counted 4 heartbeated steps');
    const history = await env.client.workflow.getHandle(workflowId).fetchHistory();
    const kinds = history.events?.map((e) => Object.keys(e).find((k) => k.endsWith('EventAttributes'))) ?? [];
    expect(kinds).toContain('activityTaskCompletedEventAttributes');
    expect(kinds.at(-1)).toBe('workflowExecutionCompletedEventAttributes');
  });
});
