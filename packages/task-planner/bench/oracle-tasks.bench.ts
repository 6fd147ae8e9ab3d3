// The 30 office planning tasks (home has only search tasks): goals from datasets/tasks/requirements.json, explored nodes from
// the oracle plan. Runs ff (the default, the reference), gbfs and A* on each and writes bench-results/oracle-tasks.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { officePlanningTasks, verifiesAndReaches } from '../src/test-support/oracle-tasks.js';
import {
  comparePlanners,
  PLANNERS,
  type PlannerRun,
  runContext,
  runPlanners,
  settings,
} from './planner-comparison.js';

const context = runContext();
const tasks = await officePlanningTasks();
const rows: (Record<string, unknown> & { runs: ReturnType<typeof runPlanners>; oracleSteps: number })[] = [];
for (const task of tasks) {
  const row = {
    task: task.id,
    goals: task.goals.length,
    nodes: task.nodes.length,
    oracleSteps: task.oraclePlan.length,
    oracleReachesGoals: verifiesAndReaches(task.scene, task.oraclePlan, task.goals) === true,
    runs: runPlanners(task.scene, task.goals, task.nodes),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
// Plan length against the oracle's, per planner, over the tasks it solved.
const versusOracle = Object.fromEntries(
  PLANNERS.map((planner) => {
    const solved = rows.flatMap((row) => {
      const run: PlannerRun = row.runs[planner];
      return run.solved ? [{ length: run.length, oracle: row.oracleSteps }] : [];
    });
    return [
      planner,
      {
        shorter: solved.filter((run) => run.length < run.oracle).length,
        equal: solved.filter((run) => run.length === run.oracle).length,
        longer: solved.filter((run) => run.length > run.oracle).length,
      },
    ];
  }),
);
const out = fileURLToPath(new URL('../bench-results/oracle-tasks.json', import.meta.url));
await mkdir(fileURLToPath(new URL('../bench-results/', import.meta.url)), { recursive: true });
await writeFile(
  out,
  `${JSON.stringify(
    {
      about: `planForGoals on the 30 office planning tasks with ff (the default, the reference), gbfs and A*, the same tasks and budget for each: goals from datasets/tasks/requirements.json, nodes = those the oracle plan and the goals name plus what lies above them up to the room. A plan counts as solved only when expanded, verified by the simulator and reaching the goals; a search that runs out of its budget is unsolved (no partial plan). Times are the median of the repeats, wall-clock ms and this process CPU ms, on a shared ${cpus().length}-core machine with other work running (load average at start and end below), so wall time includes waiting for a core.`,
      ...context,
      settings,
      loadavgAtEnd: loadavg(),
      summary: { ...comparePlanners(rows.map((row) => row.runs)), versusOracle },
      tasks: rows,
    },
    null,
    1,
  )}\n`,
);
console.log(`wrote ${out}`);
