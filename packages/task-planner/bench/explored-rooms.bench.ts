// How planning time grows with the explored subgraph: the same goals with whole rooms explored
// (every asset and object in them), 2, 5 and 10 rooms, with ff (the reference), gbfs and A*.
// Writes bench-results/explored-rooms.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { initialState, roomIn } from '@groundplan/simulator';
import { emptyHandedOffice } from '../src/test-support/datasets.js';
import { comparePlanners, runContext, runPlanners, settings } from './planner-comparison.js';

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
const context = runContext();
const rows: { rooms: number; nodes: number; goals: string[]; runs: ReturnType<typeof runPlanners> }[] = [];
for (const count of [2, 5, 10]) {
  const rooms = ROOMS.slice(0, count);
  const nodes = office.filterNodes(
    (id, attributes) =>
      (attributes.kind === 'room' && rooms.includes(id)) ||
      ((attributes.kind === 'asset' || attributes.kind === 'object') &&
        rooms.includes(roomIn(office, start.value, id) ?? '')),
  );
  for (const goals of PROBLEMS) {
    const row = { rooms: count, nodes: nodes.length, goals, runs: runPlanners(office, goals, nodes) };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
await mkdir(fileURLToPath(new URL('../bench-results/', import.meta.url)), { recursive: true });
const out = fileURLToPath(new URL('../bench-results/explored-rooms.json', import.meta.url));
await writeFile(
  out,
  `${JSON.stringify(
    {
      about: `planForGoals with whole rooms explored (all their assets and objects) on the office, ff (the default, the reference), gbfs and A* on the same goal sets with the same expansion budget. A plan counts as solved only when expanded, verified by the simulator and reaching the goals; a search that runs out of its budget is unsolved (no partial plan). Times are the median of the repeats, wall-clock ms and this process CPU ms, on a shared ${cpus().length}-core machine with other work running (load average at start and end below), so wall time includes waiting for a core.`,
      ...context,
      settings,
      loadavgAtEnd: loadavg(),
      summary: comparePlanners(rows.map((row) => row.runs)),
      runs: rows,
    },
    null,
    1,
  )}\n`,
);
console.log(`wrote ${out}`);
