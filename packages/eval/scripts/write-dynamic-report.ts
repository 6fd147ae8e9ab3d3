// Writes <dir>/comparison.md from the results of every planner/chooser run under a dynamic report
// directory (packages/eval/src/dynamic-main.ts writes them): one table, LookPlanGraph's metrics.
//   npx tsx --conditions=@groundplan/source packages/eval/scripts/write-dynamic-report.ts reports/<name>
import { readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { dynamicTable, summarizeDynamic } from '../src/dynamic-report.js';
import { readDynamicRecords } from '../src/task-sets/dynamic.js';

const dir = resolve(process.argv[2] ?? '');
const runs = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
const summaries = [];
for (const run of runs.sort((a, b) => a.name.localeCompare(b.name))) {
  const records = await readDynamicRecords(join(dir, run.name, 'results.jsonl'));
  if (records.length > 0) summaries.push(summarizeDynamic(records));
}
await writeFile(join(dir, 'comparison.md'), `${dynamicTable(summaries)}\n`);
console.log(dynamicTable(summaries));
