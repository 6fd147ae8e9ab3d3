// Records datasets/cassettes/eval-subset.cassette.json for the replay test: six tasks answered by
// scripts in datasets/cassettes/eval-subset.oracle.json, some known-good, some with the mistakes
// each error type describes, run through the real planTask workflow (sayplan, and llm-as-planner
// for one task) with the recording provider.
//   npx tsx --conditions=@groundplan/source packages/eval/scripts/record-eval-cassette.ts
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LlmScript } from '@groundplan/llm';
import { DEFAULT_PLANNER } from '@groundplan/workflows/contract';
import { DEFAULT_ORACLE_FILE, readOracle } from '../src/oracle.js';
import { runEvaluation } from '../src/task-sets/planned.js';
import { loadTaskSet } from '../src/tasks.js';

const dir = fileURLToPath(new URL('../../../datasets/cassettes/', import.meta.url));
const cassette = `${dir}eval-subset.cassette.json`;
const scriptsFile = `${dir}eval-subset.oracle.json`;
const good = await readOracle(DEFAULT_ORACLE_FILE);
if (!good.ok) throw new Error(good.error);
const step = (action: string, ...args: string[]) => ({ action, args });

const flawed: Record<string, LlmScript> = {
  // Names the rotten banana although the ripe one is in view: hallucinated node.
  'office-simple-search-04': {
    search: [
      { command: 'expand', node: 'kitchen' },
      { command: 'expand', node: 'fruit_bowl' },
      { command: 'done', node: 'banana_3', reasoning: 'banana_3 is a banana.' },
    ],
    plans: [[]],
  },
  // Forgets to access the cabinet, then corrects the plan after the feedback: one replan, correct.
  'office-simple-planning-01': {
    search: good.value.tasks['office-simple-planning-01']!.search,
    plans: [
      [step('goto', 'jasons_office'), step('close', 'cabinet_3')],
      [step('goto', 'jasons_office'), step('access', 'cabinet_3'), step('close', 'cabinet_3')],
    ],
  },
  // Puts the wallet into the closed drawer every time: missing action, never executable.
  'office-simple-planning-06': {
    search: good.value.tasks['office-simple-planning-06']!.search,
    plans: [
      [
        step('goto', 'peters_office'),
        step('access', 'peters_desk'),
        step('pickup', 'peters_wallet'),
        step('access', 'peters_drawer'),
        step('release', 'peters_wallet'),
      ],
    ],
  },
};
const scripts: Record<string, LlmScript> = {
  'office-simple-search-03': good.value.tasks['office-simple-search-03']!,
  'home-simple-search-14': good.value.tasks['home-simple-search-14']!,
  'office-complex-search-12': good.value.tasks['office-complex-search-12']!,
  ...flawed,
};
writeFileSync(
  scriptsFile,
  `${JSON.stringify({ about: 'Scripts behind eval-subset.cassette.json (scripts/record-eval-cassette.ts).', tasks: scripts }, null, 1)}\n`,
);
// LLM-As-Planner writes goto(room) without the poses in between: missing pose.
const asPlanner: Record<string, LlmScript> = {
  'office-simple-planning-01': {
    search: [],
    plans: [[step('goto', 'jasons_office'), step('access', 'cabinet_3'), step('close', 'cabinet_3')]],
  },
};
const asPlannerFile = `${tmpdir()}/groundplan-eval-as-planner-${process.pid}.json`;
writeFileSync(asPlannerFile, JSON.stringify({ about: 'llm-as-planner script', tasks: asPlanner }));

rmSync(cassette, { force: true });
const tasks = await loadTaskSet();
if (!tasks.ok) throw new Error(tasks.error);
const pick = (ids: string[]) => tasks.value.filter((t) => ids.includes(t.id));
const results = `${tmpdir()}/groundplan-eval-record-${process.pid}.jsonl`;
await runEvaluation({
  tasks: pick(Object.keys(scripts)),
  provider: { provider: 'oracle', oraclePath: scriptsFile, recordTo: cassette },
  planner: DEFAULT_PLANNER,
  maxReplans: 2,
  resultsFile: results,
  progress: 'lines',
});
await runEvaluation({
  tasks: pick(Object.keys(asPlanner)),
  provider: { provider: 'oracle', oraclePath: asPlannerFile, recordTo: cassette },
  planner: 'llm-as-planner',
  resultsFile: `${results}.baseline`,
  progress: 'lines',
});
rmSync(results, { force: true });
rmSync(`${results}.baseline`, { force: true });
rmSync(asPlannerFile, { force: true });
console.log(`recorded ${cassette}`);
