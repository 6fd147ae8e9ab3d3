#!/usr/bin/env node
// groundplan-eval-dynamic: LookPlanGraph's comparison on the dynamic variants (datasets/tasks/dynamic-tasks.json).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { commandArguments, userPath } from './command-line.js';
import { summarizeDynamic } from './dynamic-report.js';
import { interleaveByKind, loadDynamicTasks } from './dynamic-tasks.js';
import {
  DEFAULT_DYNAMIC_BUDGETS,
  DYNAMIC_PLANNERS,
  type DynamicChooser,
  type DynamicPlanner,
  readDynamicRecords,
  runDynamicEvaluation,
} from './task-sets/dynamic.js';

const USAGE = `usage: groundplan-eval-dynamic --planner ${DYNAMIC_PLANNERS.join('|')} --chooser local|oracle
       [--tasks all|<kind>|<id,...>] [--order file|interleaved] [--limit N] [--model-path FILE] [--max-actions N] [--max-replans N]
       [--max-search-steps N] [--task-timeout SECONDS] [--dry-run] --out reports/<name>`;

async function main(): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (cause) {
    return fail(`${(cause as Error).message}\n${USAGE}`);
  }
  if (!values.out) return fail(`--out is required\n${USAGE}`);
  const planner = values.planner as DynamicPlanner;
  if (!DYNAMIC_PLANNERS.includes(planner))
    return fail(`unknown planner ${values.planner}; use ${DYNAMIC_PLANNERS.join(', ')}`);
  const chooser: DynamicChooser | undefined =
    values.chooser === 'oracle'
      ? { provider: 'oracle' }
      : values.chooser === 'local'
        ? {
            provider: 'local',
            ...(values['model-path'] ? { modelPath: userPath(values['model-path']) } : {}),
          }
        : undefined;
  if (chooser === undefined) return fail(`--chooser is local or oracle, not ${values.chooser}`);
  const all = await loadDynamicTasks();
  if (!all.ok) return fail(all.error);
  const selection = values.tasks ?? 'all';
  const ids = selection.split(',');
  let tasks = all.value.filter(
    (task) => selection === 'all' || task.kind === selection || ids.includes(task.id),
  );
  if (tasks.length === 0) return fail(`no variant matches --tasks ${selection}`);
  const order = values.order ?? 'file';
  if (order !== 'file' && order !== 'interleaved')
    return fail(`--order is file or interleaved, not ${order}`);
  if (order === 'interleaved') tasks = interleaveByKind(tasks);
  if (values.limit !== undefined) tasks = tasks.slice(0, Number(values.limit));
  const numberOr = (flag: string | undefined, fallback: number) =>
    flag === undefined ? fallback : Number(flag);
  const budgets = {
    maxActions: numberOr(values['max-actions'], DEFAULT_DYNAMIC_BUDGETS.maxActions),
    maxReplans: numberOr(values['max-replans'], DEFAULT_DYNAMIC_BUDGETS.maxReplans),
    maxSearchSteps: numberOr(values['max-search-steps'], DEFAULT_DYNAMIC_BUDGETS.maxSearchSteps),
    maxExecutionReplans: DEFAULT_DYNAMIC_BUDGETS.maxExecutionReplans,
    taskTimeoutSeconds: numberOr(values['task-timeout'], DEFAULT_DYNAMIC_BUDGETS.taskTimeoutSeconds),
  };
  const dir = join(userPath(values.out), `${planner}-${chooser.provider}`);
  if (values['dry-run']) {
    console.log(JSON.stringify({ out: dir, planner, chooser, tasks: tasks.length, budgets }));
    return 0;
  }
  const resultsFile = join(dir, 'results.jsonl');
  console.error(`${planner}/${chooser.provider}: ${tasks.length} variants -> ${dir}`);
  await runDynamicEvaluation({
    tasks,
    planner,
    chooser,
    budgets,
    resultsFile,
    log: (line) => console.error(line),
  });
  const asked = new Set(tasks.map((task) => task.id));
  const records = (await readDynamicRecords(resultsFile)).filter((r) => asked.has(r.id));
  const summary = {
    ...summarizeDynamic(records),
    budgets,
    tasks: selection,
    order,
    limit: values.limit ?? null,
  };
  await writeFile(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary));
  return 0;
}

function parse() {
  return parseArgs({
    args: commandArguments(),
    options: {
      planner: { type: 'string' },
      chooser: { type: 'string' },
      tasks: { type: 'string' },
      order: { type: 'string' },
      limit: { type: 'string' },
      'model-path': { type: 'string' },
      'max-actions': { type: 'string' },
      'max-replans': { type: 'string' },
      'max-search-steps': { type: 'string' },
      'task-timeout': { type: 'string' },
      out: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
}

function fail(message: string): number {
  console.error(message);
  return 2;
}

// Exit explicitly: a local model cut off by a task timeout may still hold native threads.
process.exit(await main());
