// How planning time grows with the explored subgraph: the same goals with whole rooms explored
// (every asset and object in them), 2, 5 and 10 rooms. Writes bench-results/explored-rooms.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { initialState, roomIn } from '@groundplan/simulator';
import { planForGoals } from '../src/index.js';
import { emptyHandedOffice } from '../src/test-support/datasets.js';
import { verifiesAndReaches } from '../src/test-support/oracle-tasks.js';

const office = await emptyHandedOffice();
const start = initialState(office);
if (!start.ok) throw new Error(start.error);
const ROOMS = [
  'kitchen',
  'nikos_office',
  'cafeteria',
  'jasons_office',
  'admin',
  'supplies_station',
  'meeting_room1',
  'tobis_office',
  'peters_office',
  'wills_office',
];
const PROBLEMS = [
  ['inside(orange, fridge)', 'state(fridge, door, closed)'],
  ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'],
];
const loadavgAtStart = loadavg();
const rows: Record<string, unknown>[] = [];
for (const count of [2, 5, 10]) {
  const rooms = ROOMS.slice(0, count);
  const nodes = office.filterNodes(
    (id, attributes) =>
      (attributes.kind === 'room' && rooms.includes(id)) ||
      ((attributes.kind === 'asset' || attributes.kind === 'object') &&
        rooms.includes(roomIn(office, start.value, id) ?? '')),
  );
  for (const goals of PROBLEMS) {
    for (const algorithm of ['gbfs', 'astar'] as const) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = planForGoals(office, goals, { nodes, algorithm });
      const row = {
        rooms: count,
        nodes: nodes.length,
        goals,
        algorithm,
        ...(result.ok
          ? {
              solved: true,
              steps: result.value.plan.length,
              expansions: result.value.expansions,
              generated: result.value.generated,
              verified: verifiesAndReaches(office, result.value.plan, goals) === true,
            }
          : { solved: false, reason: result.error.reason, expansions: result.error.expansions }),
        ms: Math.round(performance.now() - started),
        cpuMs: Math.round(process.cpuUsage(cpu).user / 1000),
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
}
await mkdir(fileURLToPath(new URL('../bench-results/', import.meta.url)), { recursive: true });
const out = fileURLToPath(new URL('../bench-results/explored-rooms.json', import.meta.url));
await writeFile(
  out,
  `${JSON.stringify(
    {
      about:
        'planForGoals with whole rooms explored (all their assets and objects) on the office, default budget (20,000 expansions)',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavgAtStart, loadavgAtEnd: loadavg() },
      runs: rows,
    },
    null,
    1,
  )}\n`,
);
console.log(`wrote ${out}`);
