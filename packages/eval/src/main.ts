#!/usr/bin/env node
// groundplan-eval: runs SayPlan's evaluation tasks through the real workflows and writes reports.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PLAN_SCOPES, type PlanScope } from '@groundplan/grounding';
import { fileSceneStore } from '@groundplan/scene-graph';
import {
  DEFAULT_PLAN_SCOPE,
  DEFAULT_PLANNER,
  PLANNER_VARIANTS,
  type PlannerVariant,
  planningBudgets,
  READERS,
  type Reader,
} from '@groundplan/workflows/contract';
import { commandArguments, userPath } from './command-line.js';
import { comparisonMarkdown, describeRun, type Summary, writeReport } from './report.js';
import { loadEvalScenes } from './scenes.js';
import { type EvalProviderConfig, runEvaluation } from './task-sets/planned.js';
import { loadTaskSet, selectTasks, TASK_SETS, type TaskSetName } from './tasks.js';

const USAGE = `usage: groundplan-eval [--task-set ${Object.keys(TASK_SETS).join('|')}] [--tasks all|office|home|<family>|<id,...>] [--planner ${PLANNER_VARIANTS.join('|')}[,...]]
       [--provider local|replay|oracle] [--cassette FILE] [--model-path FILE] [--threads N] [--concurrency N]
       [--max-search-steps N] [--max-replans N] [--task-timeout SECONDS] [--chain-of-thought on|off]
       [--reader ${READERS.join('|')}] [--plan-scope goal-nodes|explored-rooms|whole-building]
       [--dry-run] --out reports/<name>`;
const PLANNERS: readonly PlannerVariant[] = PLANNER_VARIANTS;

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (cause) {
    return fail(`${(cause as Error).message}\n${USAGE}`);
  }
  const { values } = args;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.out) return fail(`--out is required\n${USAGE}`);
  const planners = (values.planner ?? DEFAULT_PLANNER).split(',') as PlannerVariant[];
  const unknown = planners.filter((p) => !PLANNERS.includes(p));
  if (unknown.length > 0) return fail(`unknown planner ${unknown.join(', ')}; use ${PLANNERS.join(', ')}`);
  const provider = providerConfig(values);
  if (typeof provider === 'string') return fail(provider);
  const setName = values['task-set'] ?? 'sayplan';
  if (!Object.hasOwn(TASK_SETS, setName))
    return fail(`unknown task set ${setName}; use ${Object.keys(TASK_SETS).join(', ')}`);
  const all = await loadTaskSet(TASK_SETS[setName as TaskSetName]);
  if (!all.ok) return fail(all.error);
  const selection = values.tasks ?? 'all';
  const tasks = selectTasks(all.value, selection);
  if (!tasks.ok) return fail(tasks.error);
  const concurrency = Number(values.concurrency ?? (provider.provider === 'local' ? 1 : 4));
  const numberOf = (flag: string | undefined) => (flag === undefined ? undefined : Number(flag));
  const maxSearchSteps = numberOf(values['max-search-steps']);
  const maxReplans = numberOf(values['max-replans']);
  const taskTimeoutS = numberOf(values['task-timeout']);
  const thought = values['chain-of-thought'] ?? 'on';
  if (thought !== 'on' && thought !== 'off') return fail(`--chain-of-thought is on or off, not ${thought}`);
  const read = values.reader ?? 'rules';
  if (!(READERS as readonly string[]).includes(read))
    return fail(`--reader is one of ${READERS.join(', ')}, not ${read}`);
  const reader = read as Reader;
  const scope = values['plan-scope'] ?? DEFAULT_PLAN_SCOPE;
  if (!(PLAN_SCOPES as readonly string[]).includes(scope))
    return fail(`--plan-scope is one of ${PLAN_SCOPES.join(', ')}, not ${scope}`);
  const planScope = scope as PlanScope;
  const out = userPath(values.out);
  if (values['dry-run']) {
    console.log(
      JSON.stringify({
        out,
        planners,
        tasks: tasks.value.length,
        provider,
        concurrency,
        thought,
        reader,
        planScope,
      }),
    );
    return 0;
  }
  const scenes = await loadEvalScenes(fileSceneStore(`${tmpdir()}/groundplan-eval-scenes`));

  for (const planner of planners) {
    const dir = join(out, planner);
    console.error(`${planner}: ${tasks.value.length} tasks (${selection}) -> ${dir}`);
    const outcome = await runEvaluation({
      tasks: tasks.value,
      provider,
      planner,
      concurrency,
      resultsFile: join(dir, 'results.jsonl'),
      ...(maxSearchSteps !== undefined ? { maxSearchSteps } : {}),
      ...(maxReplans !== undefined ? { maxReplans } : {}),
      ...(taskTimeoutS !== undefined ? { taskTimeoutMs: taskTimeoutS * 1000 } : {}),
      chainOfThought: thought === 'on',
      reader,
      planScope,
    });
    const run = describeRun({
      planner,
      provider: outcome.provider.name,
      model: outcome.provider.model,
      selection,
      settings: {
        concurrency,
        maxSearchSteps: maxSearchSteps ?? 'default (24)',
        maxReplans: planningBudgets({ planner, ...(maxReplans === undefined ? {} : { maxReplans }) })
          .maxReplans,
        taskTimeoutS: taskTimeoutS ?? 'none',
        chainOfThought: thought,
        reader,
        planScope,
      },
      notApplicable: outcome.notApplicable,
    });
    await writeReport(dir, outcome.records, run, scenes.graphs);
    console.error(
      `${planner}: ran ${outcome.ran}, skipped ${outcome.skipped} already in results -> ${join(dir, 'report.md')}`,
    );
  }
  await writeComparison(out);
  return 0;
}

function parse() {
  return parseArgs({
    args: commandArguments(),
    options: {
      'task-set': { type: 'string' },
      tasks: { type: 'string' },
      planner: { type: 'string' },
      provider: { type: 'string' },
      cassette: { type: 'string' },
      'model-path': { type: 'string' },
      threads: { type: 'string' },
      concurrency: { type: 'string' },
      'max-search-steps': { type: 'string' },
      'max-replans': { type: 'string' },
      'task-timeout': { type: 'string' },
      'chain-of-thought': { type: 'string' },
      reader: { type: 'string' },
      'plan-scope': { type: 'string' },
      out: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function providerConfig(values: ReturnType<typeof parse>['values']): EvalProviderConfig | string {
  switch (values.provider ?? 'local') {
    case 'local':
      return {
        provider: 'local',
        ...(values['model-path'] ? { modelPath: userPath(values['model-path']) } : {}),
        ...(values.threads ? { threads: Number(values.threads) } : {}),
      };
    case 'replay':
      return values.cassette
        ? { provider: 'replay', cassettePath: userPath(values.cassette) }
        : '--provider replay needs --cassette FILE';
    case 'oracle':
      return { provider: 'oracle' };
    default:
      return `unknown provider ${values.provider}; use local, replay or oracle`;
  }
}

/** Puts every planner's summary found under the output folder side by side (SayPlan Table 3). */
async function writeComparison(out: string): Promise<void> {
  const summaries: Summary[] = [];
  for (const planner of PLANNERS) {
    try {
      summaries.push(JSON.parse(await readFile(join(out, planner, 'summary.json'), 'utf8')) as Summary);
    } catch {
      // That planner has not been run into this folder.
    }
  }
  const listed = await readdir(out);
  const links = PLANNERS.filter((p) => listed.includes(p)).map((p) => `- [${p}](${p}/report.md)`);
  await writeFile(
    join(out, 'comparison.md'),
    [
      '# Planner variants side by side (SayPlan Table 3)',
      '',
      comparisonMarkdown(summaries),
      ...links,
      '',
    ].join('\n'),
  );
}

function fail(message: string): number {
  console.error(`groundplan-eval: ${message}`);
  return 2;
}

// Exit explicitly: a local model cut off by a task timeout may still hold native threads.
process.exit(await main());
