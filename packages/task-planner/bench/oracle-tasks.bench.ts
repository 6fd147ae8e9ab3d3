// The 30 office planning tasks (home has only search tasks): goals from datasets/tasks/requirements.json, explored nodes from
// the oracle plan. Runs A* and greedy best-first on each and writes bench-results/oracle-tasks.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { planForGoals } from '../src/index.js';
import { officePlanningTasks, verifiesAndReaches } from '../src/test-support/oracle-tasks.js';

const loadavgAtStart = loadavg();
const maxExpansions = Number(process.env.MAX_EXPANSIONS ?? 20_000);
const tasks = await officePlanningTasks();
const rows: Record<string, unknown>[] = [];
for (const task of tasks) {
  const row: Record<string, unknown> = {
    task: task.id,
    goals: task.goals.length,
    nodes: task.nodes.length,
    oracleSteps: task.oraclePlan.length,
    oracleReachesGoals: verifiesAndReaches(task.scene, task.oraclePlan, task.goals) === true,
  };
  for (const algorithm of ['astar', 'gbfs'] as const) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = planForGoals(task.scene, task.goals, { nodes: task.nodes, algorithm, maxExpansions });
    const ms = Math.round(performance.now() - started);
    // CPU time as well as wall time: the machine is shared, so wall time includes waiting for a core.
    const cpuMs = Math.round(process.cpuUsage(cpu).user / 1000);
    row[algorithm] = result.ok
      ? {
          solved: true,
          steps: result.value.plan.length,
          expansions: result.value.expansions,
          generated: result.value.generated,
          ms,
          cpuMs,
          verified: verifiesAndReaches(task.scene, result.value.plan, task.goals) === true,
        }
      : { solved: false, reason: result.error.reason, expansions: result.error.expansions, ms, cpuMs };
  }
  rows.push(row);
  console.log(JSON.stringify(row));
}
const solved = (algorithm: 'astar' | 'gbfs') =>
  rows.filter((row) => (row[algorithm] as { solved: boolean }).solved).length;
const out = fileURLToPath(new URL('../bench-results/oracle-tasks.json', import.meta.url));
await mkdir(fileURLToPath(new URL('../bench-results/', import.meta.url)), { recursive: true });
await writeFile(
  out,
  `${JSON.stringify(
    {
      about:
        'planForGoals on the 30 office planning tasks: goals from datasets/tasks/requirements.json, nodes = those the oracle plan and the goals name plus what lies above them up to the room',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavgAtStart, loadavgAtEnd: loadavg() },
      maxExpansions,
      solved: { astar: solved('astar'), gbfs: solved('gbfs'), of: rows.length },
      tasks: rows,
    },
    null,
    1,
  )}\n`,
);
console.log(`wrote ${out}`);
