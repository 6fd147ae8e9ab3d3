import { readdirSync, readFileSync } from 'node:fs';
import { quietWorkerLogs } from '@groundplan/temporal-runtime';
import type { HistoryAndWorkflowId } from '@temporalio/client';
import { type ReplayResult, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { beforeAll, describe, expect, it } from 'vitest';
import { workflowBundleOptions, workflowsPath } from './worker.js';
import * as registered from './workflows.js';

// Recorded by scripts/record-histories.ts from real runs on a Temporal server.
const fixturesDir = new URL('../fixtures/histories/', import.meta.url).pathname;

type HistoryEvent = {
  eventType: string;
  workflowExecutionStartedEventAttributes?: { workflowType: { name: string } };
  activityTaskScheduledEventAttributes?: { activityType: { name: string } };
};
type Fixture = { name: string; workflowId: string; history: { events: HistoryEvent[] } };

const fixtures: Fixture[] = readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({
    name: file.replace(/\.json$/, ''),
    ...(JSON.parse(readFileSync(`${fixturesDir}${file}`, 'utf8')) as Omit<Fixture, 'name'>),
  }));

const workflowType = (fixture: Fixture) =>
  fixture.history.events[0]!.workflowExecutionStartedEventAttributes!.workflowType.name;

// A copy of planTask's history whose first activity is a different one than the code schedules:
// the replayer must call that a determinism violation, or the passing replays prove nothing.
function withFirstActivityRenamed(fixture: Fixture): Fixture {
  const copy = structuredClone(fixture);
  const scheduled = copy.history.events.find((e) => e.activityTaskScheduledEventAttributes);
  scheduled!.activityTaskScheduledEventAttributes!.activityType.name = 'semanticSearchStep';
  return { ...copy, name: `${fixture.name} (tampered)`, workflowId: `${fixture.workflowId}-tampered` };
}

describe('recorded workflow histories replay on the current workflow code', () => {
  const results = new Map<string, ReplayResult>();

  beforeAll(async () => {
    quietWorkerLogs();
    const planTask = fixtures.find((f) => f.name === 'planTask');
    if (!planTask) throw new Error(`no planTask history in ${fixturesDir}`);
    const all = [...fixtures, withFirstActivityRenamed(planTask)];
    const byId = new Map(all.map((f) => [f.workflowId, f.name]));
    const histories: HistoryAndWorkflowId[] = all.map((f) => ({
      workflowId: f.workflowId,
      history: f.history as HistoryAndWorkflowId['history'],
    }));
    const replays = Worker.runReplayHistories(
      {
        workflowsPath: workflowsPath(),
        replayName: 'groundplan-history-replay',
        ...workflowBundleOptions(),
      },
      histories,
    );
    for await (const result of replays) results.set(byId.get(result.workflowId)!, result);
  });

  it('has a history for every workflow groundplan registers, children included', () => {
    expect(new Set(fixtures.map(workflowType))).toEqual(new Set(Object.keys(registered)));
    expect(fixtures.map((f) => f.name)).toEqual(
      expect.arrayContaining(['planAndExecute.child-planTask', 'planAndExecute.child-executePlan']),
    );
  });

  it.each(fixtures.map((f) => f.name))('replays %s without a determinism error', (name) => {
    const result = results.get(name);
    expect(result, `${name} was not replayed`).toBeDefined();
    expect(result!.error).toBeUndefined();
  });

  it('reports a history the code no longer matches as a determinism violation', () => {
    const result = results.get('planTask (tampered)');
    expect(result?.error).toBeInstanceOf(DeterminismViolationError);
  });
});
