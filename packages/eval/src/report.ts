import { mkdir, writeFile } from 'node:fs/promises';
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { CHOICE_PROMPT_VERSION } from '@groundplan/grounding';
import { PLAN_PROMPT_VERSION, SEMANTIC_SEARCH_PROMPT_VERSION } from '@groundplan/llm';
import { collapse, countTokens, renderFullScene, renderView, type SceneGraph } from '@groundplan/scene-graph';
import type { PlannerVariant } from '@groundplan/workflows/contract';
import { CODE_COMMIT } from './code-commit.js';
import type { TaskRecord } from './record.js';
import { ERROR_TYPES, type ErrorType } from './score.js';
import { type Environment, FAMILIES, type Family } from './tasks.js';
import { tokenChartSvg } from './token-chart.js';

/** What was run, with what, where: the header of every report. */
export type RunInfo = {
  date: string;
  planner: PlannerVariant;
  provider: string;
  model: string;
  /** The task selection as given, e.g. `all` or a list of ids. */
  selection: string;
  settings: Record<string, number | string>;
  notApplicable: string[];
  version: { groundplan: string; commit: string; prompts: string[] };
  machine: { cpus: number; cpu: string; memoryGb: number; os: string; node: string };
};

type Rate = { n: number; passed: number; rate: number };

/** The report's numbers, as written to summary.json. */
export type Summary = {
  run: RunInfo;
  tasks: number;
  /** Search success per family, per environment and over both. */
  search: Partial<Record<Family, Record<Environment | 'all', Rate>>>;
  /** Executability and correctness per planning family. */
  planning: Partial<Record<Family, { n: number; executable: Rate; correct: Rate }>>;
  errorTypes: Record<ErrorType, number>;
  /**
   * Whether runs did only what was asked (tasks judged; records written before it was judged are
   * not counted): plans with unrequested changes, questions that made the robot act, impossible
   * requests reported as success, runs that asked back.
   */
  conduct: {
    judged: number;
    unrequestedChanges: number;
    questionsThatActed: number;
    impossibleReportedSuccess: number;
    asked: number;
  };
  /** Tasks whose workflow failed outright (e.g. an answer the output contract rejected every time). */
  workflowErrors: number;
  replans: { total: number; tasksThatReplanned: number; mean: number };
  usage: {
    promptTokens: { total: number; mean: number };
    completionTokens: { total: number; mean: number };
    latencyMs: { mean: number; median: number; max: number };
  };
  /** SayPlan Table 2: the full graph versus the collapsed view, and the mean final explored view. */
  graphTokens: Record<
    Environment,
    { full: number; collapsed: number; collapsedShare: number; finalViewMean?: number }
  >;
  perTask: {
    id: string;
    pass: boolean;
    status: string;
    promptTokens: number;
    completionTokens: number;
    latencyMs: number;
    replans: number;
    searchSteps: number;
    errorTypes: ErrorType[];
    error?: string;
  }[];
};

/** Whether a record counts as a success: search success for search tasks, correctness for planning. */
export const passed = (r: TaskRecord) => (r.search ? r.search.success : (r.planning?.correct ?? false));

/** Describes this checkout and machine for a report header. */
export function describeRun(
  fields: Omit<RunInfo, 'version' | 'machine' | 'date'> & { date?: string; commit?: string },
): RunInfo {
  const { commit = CODE_COMMIT, ...rest } = fields;
  const cpuList = cpus();
  return {
    date: new Date().toISOString(),
    ...rest,
    version: {
      groundplan: '0.1.0',
      commit,
      prompts: [SEMANTIC_SEARCH_PROMPT_VERSION, PLAN_PROMPT_VERSION, CHOICE_PROMPT_VERSION],
    },
    machine: {
      cpus: cpuList.length,
      cpu: cpuList[0]?.model.trim() ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      os: `${platform()} ${release()} ${arch()}`,
      node: process.version,
    },
  };
}

/** Computes every figure of the report from the task records. */
export function summarize(
  records: readonly TaskRecord[],
  run: RunInfo,
  graphs: Record<Environment, SceneGraph>,
): Summary {
  const rate = (rs: readonly TaskRecord[], ok: (r: TaskRecord) => boolean): Rate => {
    const n = rs.length;
    const count = rs.filter(ok).length;
    return { n, passed: count, rate: n === 0 ? 0 : count / n };
  };
  const search: Summary['search'] = {};
  const planning: Summary['planning'] = {};
  for (const family of FAMILIES) {
    const rs = records.filter((r) => r.family === family);
    if (rs.length === 0) continue;
    if (family.endsWith('search')) {
      const ok = (r: TaskRecord) => r.search?.success ?? false;
      search[family] = {
        office: rate(
          rs.filter((r) => r.environment === 'office'),
          ok,
        ),
        home: rate(
          rs.filter((r) => r.environment === 'home'),
          ok,
        ),
        all: rate(rs, ok),
      };
    } else
      planning[family] = {
        n: rs.length,
        executable: rate(rs, (r) => r.planning?.executable ?? false),
        correct: rate(rs, (r) => r.planning?.correct ?? false),
      };
  }
  const errorTypes = Object.fromEntries(
    ERROR_TYPES.map((type) => [type, records.filter((r) => r.errorTypes.includes(type)).length]),
  ) as Record<ErrorType, number>;
  const latencies = records.map((r) => r.latencyMs).sort((a, b) => a - b);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const mean = (values: number[]) => (values.length === 0 ? 0 : sum(values) / values.length);
  const graphTokens = {} as Summary['graphTokens'];
  for (const env of ['office', 'home'] as const) {
    const full = countTokens(renderFullScene(graphs[env]));
    const collapsed = countTokens(renderView(graphs[env], collapse(graphs[env])));
    const finals = records
      .filter((r) => r.environment === env && r.searchSteps > 0)
      .map((r) => r.viewTokens.at(-1)!);
    graphTokens[env] = {
      full,
      collapsed,
      collapsedShare: collapsed / full,
      ...(finals.length > 0 ? { finalViewMean: Math.round(mean(finals)) } : {}),
    };
  }
  return {
    run,
    tasks: records.length,
    search,
    planning,
    errorTypes,
    conduct: {
      judged: records.filter((r) => r.conduct).length,
      unrequestedChanges: records.filter((r) => (r.conduct?.unrequested.length ?? 0) > 0).length,
      questionsThatActed: records.filter((r) => r.conduct?.questionActed).length,
      impossibleReportedSuccess: records.filter((r) => r.conduct?.impossibleSucceeded).length,
      asked: records.filter((r) => r.conduct?.asked).length,
    },
    workflowErrors: records.filter((r) => r.status === 'error').length,
    replans: {
      total: sum(records.map((r) => r.replans)),
      tasksThatReplanned: records.filter((r) => r.replans > 0).length,
      mean: mean(records.map((r) => r.replans)),
    },
    usage: {
      promptTokens: {
        total: sum(records.map((r) => r.usage.promptTokens)),
        mean: mean(records.map((r) => r.usage.promptTokens)),
      },
      completionTokens: {
        total: sum(records.map((r) => r.usage.completionTokens)),
        mean: mean(records.map((r) => r.usage.completionTokens)),
      },
      latencyMs: {
        mean: mean(latencies),
        median: latencies[Math.floor(latencies.length / 2)] ?? 0,
        max: latencies.at(-1) ?? 0,
      },
    },
    graphTokens,
    perTask: [...records]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((r) => ({
        id: r.id,
        pass: passed(r),
        status: r.status,
        promptTokens: r.usage.promptTokens,
        completionTokens: r.usage.completionTokens,
        latencyMs: r.latencyMs,
        replans: r.replans,
        searchSteps: r.searchSteps,
        errorTypes: r.errorTypes,
        ...(r.error ? { error: r.error.slice(0, 200) } : {}),
      })),
  };
}

const pct = (r: Rate | undefined) =>
  r === undefined || r.n === 0 ? 'n/a' : `${(100 * r.rate).toFixed(1)}% (${r.passed}/${r.n})`;

/** The Markdown report for one planner run. */
export function renderMarkdown(summary: Summary, chartFile: string | undefined): string {
  const { run } = summary;
  const lines: string[] = [
    `# groundplan evaluation: ${run.planner} with ${run.provider}/${run.model}`,
    '',
    `- date: ${run.date}`,
    `- planner: ${run.planner}; provider: ${run.provider}; model: ${run.model}`,
    `- version: groundplan ${run.version.groundplan} at commit ${run.version.commit}; prompts ${run.version.prompts.join(', ')}`,
    `- machine: ${run.machine.cpus} x ${run.machine.cpu}, ${run.machine.memoryGb} GB, ${run.machine.os}, Node ${run.machine.node}`,
    `- tasks: ${summary.tasks} run (selection: ${run.selection})${run.notApplicable.length > 0 ? `; ${run.notApplicable.length} search tasks not applicable to a baseline` : ''}`,
    `- settings: ${Object.entries(run.settings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    '',
  ];
  if (Object.keys(summary.search).length > 0) {
    lines.push('## Search success', '', '| family | office | home | all |', '| --- | --- | --- | --- |');
    for (const [family, r] of Object.entries(summary.search))
      lines.push(`| ${family} | ${pct(r.office)} | ${pct(r.home)} | ${pct(r.all)} |`);
    lines.push('');
  }
  if (Object.keys(summary.planning).length > 0) {
    lines.push('## Planning', '', '| family | correctness | executability |', '| --- | --- | --- |');
    for (const [family, r] of Object.entries(summary.planning))
      lines.push(`| ${family} | ${pct(r.correct)} | ${pct(r.executable)} |`);
    lines.push('');
  }
  const c = summary.conduct;
  lines.push(
    '## Did only what was asked',
    '',
    `Judged by the harness from each task's goals, answers and required nodes, on the plan the run would execute (${c.judged} of ${summary.tasks} tasks judged).`,
    '',
    '| plans with unrequested changes | questions that made the robot act | impossible requests reported as success | asked back |',
    '| --- | --- | --- | --- |',
    `| ${c.unrequestedChanges} | ${c.questionsThatActed} | ${c.impossibleReportedSuccess} | ${c.asked} |`,
    '',
  );
  lines.push(
    '## Error types',
    '',
    '| type | tasks |',
    '| --- | --- |',
    ...Object.entries(summary.errorTypes).map(([type, n]) => `| ${type} | ${n} |`),
    `| workflow failed (no result) | ${summary.workflowErrors} |`,
    '',
    `Replans: ${summary.replans.total} in all; ${summary.replans.tasksThatReplanned} tasks replanned; mean ${summary.replans.mean.toFixed(2)} per task.`,
    '',
    '## Tokens of the graph (SayPlan Table 2)',
    '',
    '| environment | full graph | collapsed view | collapsed / full | mean final explored view |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(summary.graphTokens).map(
      ([env, t]) =>
        `| ${env} | ${t.full} | ${t.collapsed} | ${(100 * t.collapsedShare).toFixed(1)}% | ${t.finalViewMean ?? 'n/a'} |`,
    ),
    '',
    'Tokens are counted with the o200k_base encoding on the prompt rendering of the graph.',
    '',
  );
  if (chartFile)
    lines.push(
      '## Token progression during search (SayPlan Figure 3)',
      '',
      `![view tokens per search step](${chartFile})`,
      '',
    );
  const u = summary.usage;
  lines.push(
    '## Cost per task',
    '',
    `Prompt tokens: ${u.promptTokens.total} in all, mean ${Math.round(u.promptTokens.mean)}; completion tokens: ${u.completionTokens.total}, mean ${Math.round(u.completionTokens.mean)}; latency mean ${(u.latencyMs.mean / 1000).toFixed(1)} s, median ${(u.latencyMs.median / 1000).toFixed(1)} s, max ${(u.latencyMs.max / 1000).toFixed(1)} s.`,
    '',
    '| task | pass | status | search steps | replans | prompt tokens | completion tokens | latency s | error types |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...summary.perTask.map(
      (t) =>
        `| ${t.id} | ${t.pass ? 'yes' : 'no'} | ${t.status} | ${t.searchSteps} | ${t.replans} | ${t.promptTokens} | ${t.completionTokens} | ${(t.latencyMs / 1000).toFixed(1)} | ${t.errorTypes.join(', ') || (t.status === 'error' ? (t.error ?? '') : '')} |`,
    ),
    '',
  );
  return lines.join('\n');
}

/** Writes summary.json, report.md and token-progression.svg into a folder. */
/**
 * The commits the records were run at, in order of first appearance (a resumed run may span
 * several); records written before records carried their commit count as `fallback`.
 */
export function commitsOf(records: readonly TaskRecord[], fallback: string): string {
  return [...new Set(records.map((r) => r.commit ?? fallback))].join(', ') || fallback;
}

export async function writeReport(
  outDir: string,
  records: readonly TaskRecord[],
  run: RunInfo,
  graphs: Record<Environment, SceneGraph>,
): Promise<Summary> {
  await mkdir(outDir, { recursive: true });
  const summary = summarize(
    records,
    { ...run, version: { ...run.version, commit: commitsOf(records, run.version.commit) } },
    graphs,
  );
  const searched = records.filter((r) => r.searchSteps > 0);
  const chartFile = searched.length > 0 ? 'token-progression.svg' : undefined;
  if (chartFile) {
    const full = Object.fromEntries(Object.entries(summary.graphTokens).map(([env, t]) => [env, t.full]));
    const svg = tokenChartSvg(
      searched.map((r) => ({ label: r.id, group: r.environment, tokens: r.viewTokens })),
      full,
      `View tokens during semantic search (${run.planner}, ${run.model})`,
    );
    await writeFile(join(outDir, chartFile), svg);
  }
  await writeFile(join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(join(outDir, 'report.md'), renderMarkdown(summary, chartFile));
  return summary;
}

/** SayPlan Table 3: the planner variants side by side on the planning families. */
export function comparisonMarkdown(summaries: readonly Summary[]): string {
  const searches = FAMILIES.filter((f) => f.endsWith('search'));
  const families = FAMILIES.filter((f) => !f.endsWith('search'));
  const header = [
    '| planner | model | tasks | unrequested changes | questions that acted | impossible as success |',
  ];
  const rule = ['| --- | --- | --- | --- | --- | --- |'];
  for (const f of searches) {
    header.push(` ${f} success |`);
    rule.push(' --- |');
  }
  for (const f of families) {
    header.push(` ${f} correctness | ${f} executability |`);
    rule.push(' --- | --- |');
  }
  const rows = summaries.map((s) => {
    const c = s.conduct;
    const judged = (n: number) => (c.judged === 0 ? 'n/a' : String(n));
    const cells = [
      `| ${s.run.planner} | ${s.run.model} | ${s.tasks} | ${judged(c.unrequestedChanges)} | ${judged(c.questionsThatActed)} | ${judged(c.impossibleReportedSuccess)} |`,
    ];
    for (const f of searches) cells.push(` ${pct(s.search[f]?.all)} |`);
    for (const f of families)
      cells.push(` ${pct(s.planning[f]?.correct)} | ${pct(s.planning[f]?.executable)} |`);
    return cells.join('');
  });
  return [header.join(''), rule.join(''), ...rows, ''].join('\n');
}
