import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileSceneStore } from '@groundplan/scene-graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRun, type Summary, summarize, writeReport } from './report.js';
import { type EvalScenes, loadEvalScenes } from './scenes.js';
import { type RunOutcome, runEvaluation } from './task-sets/planned.js';
import { type EvalTask, loadTaskSet } from './tasks.js';

const cassettePath = new URL('../../../datasets/cassettes/eval-subset.cassette.json', import.meta.url)
  .pathname;
const SUBSET = [
  'office-simple-search-03',
  'home-simple-search-14',
  'office-simple-search-04',
  'office-complex-search-12',
  'office-simple-planning-01',
  'office-simple-planning-06',
];

// The cassette holds answers recorded by scripts/record-eval-cassette.ts: three good searches,
// one search that names the wrong banana, one plan fixed after feedback, one never fixed, and an
// LLM-As-Planner plan that skips the poses.
describe('a task subset replayed through the real planTask workflow', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-eval-replay-`);
  let tasks: EvalTask[];
  let scenes: EvalScenes;
  let sayplan: RunOutcome;
  let summary: Summary;
  const run = describeRun({
    planner: 'sayplan',
    provider: 'replay',
    model: 'x',
    selection: 'subset',
    settings: {},
    notApplicable: [],
  });

  beforeAll(async () => {
    const all = await loadTaskSet();
    if (!all.ok) throw new Error(all.error);
    tasks = all.value.filter((t) => SUBSET.includes(t.id));
    scenes = await loadEvalScenes(fileSceneStore(`${dir}/scenes`));
    sayplan = await runEvaluation({
      tasks,
      provider: { provider: 'replay', cassettePath },
      planner: 'sayplan',
      maxReplans: 2,
      concurrency: 6,
      resultsFile: `${dir}/sayplan.jsonl`,
      progress: 'none',
    });
    summary = summarize(sayplan.records, run, scenes.graphs);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('scores search success per family and environment', () => {
    expect(summary.search['simple-search']).toEqual({
      office: { n: 2, passed: 1, rate: 0.5 },
      home: { n: 1, passed: 1, rate: 1 },
      all: { n: 3, passed: 2, rate: 2 / 3 },
    });
    // The no-result task: both... every meeting room searched, nothing claimed.
    expect(summary.search['complex-search']?.office).toEqual({ n: 1, passed: 1, rate: 1 });
  });

  it('scores correctness and executability, and counts the replans', () => {
    expect(summary.planning['simple-planning']).toMatchObject({
      executable: { n: 2, passed: 1 },
      correct: { n: 2, passed: 1 },
    });
    const byId = new Map(sayplan.records.map((r) => [r.id, r]));
    expect(byId.get('office-simple-planning-01')?.replans).toBe(1);
    expect(byId.get('office-simple-planning-06')?.replans).toBe(2);
    expect(summary.replans).toEqual({ total: 3, tasksThatReplanned: 2, mean: 0.5 });
  });

  it('classifies the failures by error type', () => {
    const byId = new Map(sayplan.records.map((r) => [r.id, r]));
    expect(byId.get('office-simple-search-04')?.errorTypes).toEqual(['hallucinated node']);
    expect(byId.get('office-simple-planning-06')?.errorTypes).toEqual(['missing action']);
    expect(summary.errorTypes).toMatchObject({
      'missing action': 1,
      'hallucinated node': 1,
      'missing pose': 0,
    });
  });

  it('reports tokens, latency and the token progression of every search', () => {
    for (const r of sayplan.records) {
      expect(r.usage.promptTokens).toBeGreaterThan(0);
      expect(r.usage.completionTokens).toBeGreaterThan(0);
      expect(r.latencyMs).toBeGreaterThan(0);
      expect(r.viewTokens).toHaveLength(r.searchSteps + 1);
    }
    const office = summary.graphTokens.office;
    expect(office.collapsed).toBeLessThan(office.full / 5);
    // Expanding rooms grows the view: the purple search ends above where it began.
    const purple = sayplan.records.find((r) => r.id === 'office-simple-search-03')!;
    expect(purple.viewTokens.at(-1)).toBeGreaterThan(purple.viewTokens[0]!);
  });

  it('skips tasks already in the results file when run again', async () => {
    const again = await runEvaluation({
      tasks,
      provider: { provider: 'replay', cassettePath },
      planner: 'sayplan',
      resultsFile: `${dir}/sayplan.jsonl`,
      progress: 'none',
    });
    expect(again).toMatchObject({ ran: 0, skipped: 6 });
    expect(again.records).toHaveLength(6);
  });

  it('runs LLM-As-Planner on planning tasks only and calls a pose-less route a missing pose', async () => {
    const baseline = await runEvaluation({
      tasks: tasks.filter((t) => t.id !== 'office-simple-planning-06'),
      provider: { provider: 'replay', cassettePath },
      planner: 'llm-as-planner',
      resultsFile: `${dir}/baseline.jsonl`,
      progress: 'none',
    });
    expect(baseline.notApplicable).toHaveLength(4);
    expect(baseline.records.map((r) => [r.id, r.planning?.executable, r.errorTypes])).toEqual([
      ['office-simple-planning-01', false, ['missing pose']],
    ]);
  }, 60_000);

  it('terminates a task that overruns its budget and records how far it had got', async () => {
    // An answer takes 1.5 s and the budget is 2 s: the run is still searching when it ends.
    const slow = await runEvaluation({
      tasks: tasks.filter((t) => t.id === 'office-simple-search-03'),
      provider: { provider: 'replay', cassettePath, latencyMs: 1_500 },
      planner: 'sayplan',
      taskTimeoutMs: 2_000,
      resultsFile: `${dir}/slow.jsonl`,
      progress: 'none',
    });
    expect(slow.records).toEqual([
      expect.objectContaining({ status: 'error', error: 'timed out after 2 s (the task budget), searching' }),
    ]);
    // Asked as the budget ends, the progress query answers once the worker is free: a step or two.
    const [record] = slow.records;
    expect(record?.searchSteps).toBeGreaterThanOrEqual(1);
    expect(record?.searchSteps).toBeLessThanOrEqual(2);
    expect(record?.searchCommands).toHaveLength(record?.searchSteps ?? -1);
    expect(record?.usage.calls).toBeGreaterThanOrEqual(record?.searchSteps ?? Infinity);
    expect(record?.usage.promptTokens).toBeGreaterThan(0);
  }, 60_000);

  it('writes the Markdown and JSON report with the token table and the chart', async () => {
    await writeReport(`${dir}/report`, sayplan.records, run, scenes.graphs);
    const markdown = readFileSync(`${dir}/report/report.md`, 'utf8');
    expect(markdown).toContain('| simple-search | 50.0% (1/2) | 100.0% (1/1) | 66.7% (2/3) |');
    expect(markdown).toContain('![view tokens per search step](token-progression.svg)');
    expect(readFileSync(`${dir}/report/token-progression.svg`, 'utf8')).toMatch(
      /^<svg[\s\S]*<polyline[\s\S]*<\/svg>\n$/,
    );
    expect(JSON.parse(readFileSync(`${dir}/report/summary.json`, 'utf8')).tasks).toBe(6);
  });
});
