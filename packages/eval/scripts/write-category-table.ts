// Writes DIR/categories.md: for each planner folder of an evaluation of the blind set, the tasks
// right and the do-only-what-was-asked counts per category (question, impossible, negation,
// ambiguous, side-effect, request). Usage: tsx scripts/write-category-table.ts DIR [blind|blind2|blind3|blind4|blind5|blind6|blind7|blind8|blind9|blind10|blind11|blind12|blind13|blind14|blind15|blind16|blind17]
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { passed } from '../src/report.js';
import { readRecords } from '../src/task-sets/planned.js';
import { CATEGORIES, loadTaskSet, TASK_SETS } from '../src/tasks.js';

const dir = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? '');
/** The blind sets, with the ordinal the table's title gives each. */
const BLIND_SETS = {
  blind: 'first',
  blind2: 'second',
  blind3: 'third',
  blind4: 'fourth',
  blind5: 'fifth',
  blind6: 'sixth',
  blind7: 'seventh',
  blind8: 'eighth',
  blind9: 'ninth',
  blind10: 'tenth',
  blind11: 'eleventh',
  blind12: 'twelfth',
  blind13: 'thirteenth',
  blind14: 'fourteenth',
  blind15: 'fifteenth',
  blind16: 'sixteenth',
  blind17: 'seventeenth',
} as const;
const set = process.argv[3] ?? 'blind';
if (!Object.hasOwn(BLIND_SETS, set))
  throw new Error(
    `the category table is for the blind sets (${Object.keys(BLIND_SETS).join(', ')}), not ${set}`,
  );
const blindSet = set as keyof typeof BLIND_SETS;
const tasks = await loadTaskSet(TASK_SETS[blindSet]);
if (!tasks.ok) throw new Error(tasks.error);
const categoryOf = new Map(tasks.value.map((task) => [task.id, task.category ?? 'request']));
const lines = [
  `# The ${BLIND_SETS[blindSet]} blind set by category`,
  '',
  'Tasks right (an answer naming the expected nodes, goals that hold with the untouched nodes as they were, a refusal, a question back) and what the harness judged of each run (packages/eval/src/conduct.ts).',
  '',
  '| planner | category | tasks | right | unrequested changes | questions that acted | impossible as success | asked back |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const planner of readdirSync(dir).sort()) {
  const file = join(dir, planner, 'results.jsonl');
  if (!existsSync(file)) continue;
  const records = await readRecords(file);
  for (const category of CATEGORIES) {
    const rs = records.filter((r) => categoryOf.get(r.id) === category);
    if (rs.length === 0) continue;
    const count = (ok: (r: (typeof rs)[number]) => boolean) => rs.filter(ok).length;
    lines.push(
      `| ${planner} | ${category} | ${rs.length} | ${count(passed)} | ${count((r) => (r.conduct?.unrequested.length ?? 0) > 0)} | ${count((r) => r.conduct?.questionActed === true)} | ${count((r) => r.conduct?.impossibleSucceeded === true)} | ${count((r) => r.conduct?.asked === true)} |`,
    );
  }
}
writeFileSync(join(dir, 'categories.md'), `${lines.join('\n')}\n`);
console.error(`wrote ${join(dir, 'categories.md')}`);
