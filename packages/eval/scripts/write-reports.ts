// Rewrites report.md, summary.json and the chart of each planner folder from its results.jsonl,
// without running anything, and the side-by-side comparison.
//   npx tsx --conditions=@groundplan/source packages/eval/scripts/write-reports.ts reports/<name> [k=v settings...]
// The commit, date and settings of each folder's last summary are kept; k=v settings are added.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileSceneStore } from '@groundplan/scene-graph';
import { PLANNER_VARIANTS, type PlannerVariant, traitsOf } from '@groundplan/workflows/contract';

const searches = (planner: PlannerVariant) => traitsOf(planner).search !== 'none';

import { comparisonMarkdown, describeRun, type Summary, writeReport } from '../src/report.js';
import { loadEvalScenes } from '../src/scenes.js';
import { readRecords } from '../src/task-sets/planned.js';
import { isSearchTask, loadTaskSet } from '../src/tasks.js';

const out = resolve(process.argv[2] ?? '');
const settings = Object.fromEntries(process.argv.slice(3).map((kv) => kv.split('=') as [string, string]));
const scenes = await loadEvalScenes(fileSceneStore(`${tmpdir()}/groundplan-eval-scenes`));
const tasks = await loadTaskSet();
if (!tasks.ok) throw new Error(tasks.error);
const summaries: Summary[] = [];
// The tasks some searching planner ran: a baseline that does not search skips their search tasks.
const searchedIds = new Set<string>();
for (const planner of PLANNER_VARIANTS.filter(searches))
  for (const r of await readRecords(join(out, planner, 'results.jsonl'))) searchedIds.add(r.id);
for (const planner of PLANNER_VARIANTS) {
  const file = join(out, planner, 'results.jsonl');
  if (!existsSync(file)) continue;
  const records = await readRecords(file);
  const first = records[0]!;
  // The run this folder's last report described: its commit names records older than the commit
  // field, and its date is kept, since nothing ran now.
  const previous = existsSync(join(out, planner, 'summary.json'))
    ? (JSON.parse(readFileSync(join(out, planner, 'summary.json'), 'utf8')) as Summary).run
    : undefined;
  const notApplicable = searches(planner)
    ? []
    : tasks.value.filter((t) => searchedIds.has(t.id) && isSearchTask(t)).map((t) => t.id);
  const run = describeRun({
    ...(previous ? { date: previous.date, commit: previous.version.commit } : { commit: 'unknown' }),
    planner,
    provider: first.provider,
    model: first.model,
    selection: previous?.selection ?? records.map((r) => r.id).join(','),
    settings: {
      ...previous?.settings,
      ...settings,
      ...(traitsOf(planner).replans ? {} : { maxReplans: 0 }),
    },
    notApplicable,
  });
  summaries.push(await writeReport(join(out, planner), records, run, scenes.graphs));
}
writeFileSync(
  join(out, 'comparison.md'),
  `# Planner variants side by side (SayPlan Table 3)\n\n${comparisonMarkdown(summaries)}\n`,
);
console.log(`wrote ${summaries.length} reports under ${out}`);
