// Records the event history of every groundplan workflow (planTask, executePlan, planAndExecute
// and planAndExecute's two children) on a real (test) Temporal server, for the replay test that
// checks the current workflow code still replays them. Re-record only when a change to a
// workflow is meant to break old histories (and then version it with patched()).
//   npx tsx --conditions=@groundplan/source packages/workflows/scripts/record-histories.ts
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createLlmActivities, replayProvider } from '@groundplan/llm';
import { createRobotActivities, createSimulatedRobot } from '@groundplan/robot';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { createSimActivities } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import type { WorkflowHandle } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import {
  LLM_TASK_QUEUE,
  PLANNER_TASK_QUEUE,
  robotTaskQueue,
  SIM_TASK_QUEUE,
} from '../src/activity-options.js';
import { startPlanAndExecute, startPlanTask } from '../src/client.js';
import { executePlan } from '../src/execute-plan.js';
import { createPlannerWorker } from '../src/worker.js';

const repo = (path: string) => new URL(`../../../${path}`, import.meta.url).pathname;
const cassettePath = repo('datasets/cassettes/close-jasons-cabinet.cassette.json');
const instruction = "Close Jason's cabinet.";
const outDir = new URL('../fixtures/histories/', import.meta.url).pathname;

const loaded = await loadSceneFile(repo('datasets/office.json'));
if (!loaded.ok) throw new Error('datasets/office.json does not load');
const office = loaded.value;
const dataDir = mkdtempSync(`${tmpdir()}/groundplan-histories-`);
const scenes = fileSceneStore(`${dataDir}/scenes`);
const sceneRef = await scenes.put(office);
const sceneName = office.getAttribute('name');
// Two robots, so each run starts from the recorded scene (a robot keeps its world between runs).
const robotIds = ['history-robot-1', 'history-robot-2'];

const env = await createTestEnvironment();
const connection = env.nativeConnection;
const namespace = env.namespace ?? 'default';
const workers = await Promise.all([
  createPlannerWorker(connection, { namespace }),
  Worker.create({
    connection,
    namespace,
    taskQueue: LLM_TASK_QUEUE,
    activities: createLlmActivities({
      provider: replayProvider({ cassettePath }),
      loadScene: async (ref) => {
        const scene = await scenes.get(ref);
        if (!scene.ok) throw new Error(scene.error);
        return scene.value;
      },
    }),
  }),
  Worker.create({
    connection,
    namespace,
    taskQueue: SIM_TASK_QUEUE,
    activities: createSimActivities(scenes),
  }),
  ...robotIds.map((robotId) =>
    Worker.create({
      connection,
      namespace,
      taskQueue: robotTaskQueue(robotId),
      activities: createRobotActivities(
        createSimulatedRobot({ robotId, scenes, dataDir, speedMps: 1, timeScale: 0.001, tickMs: 5 }),
      ),
    }),
  ),
]);

// Histories do not hold the workflow id, and the workflows derive child and step ids from it,
// so each fixture keeps the id beside the history (in the JSON form other Temporal tools use).
async function save(name: string, handle: Pick<WorkflowHandle, 'workflowId' | 'fetchHistory'>) {
  const history = JSON.parse(historyToJSON(await handle.fetchHistory())) as unknown;
  writeFileSync(
    `${outDir}${name}.json`,
    `${JSON.stringify({ workflowId: handle.workflowId, history }, null, 1)}\n`,
  );
  console.log(`${name}: ${handle.workflowId} -> ${outDir}${name}.json`);
}

async function record(): Promise<void> {
  const planning = await startPlanTask(env.client, sceneName, { sceneRef, instruction });
  const plan = await planning.result();
  if (plan.status !== 'verified') throw new Error(`planTask ended ${plan.status}: ${plan.reason}`);
  await save('planTask', planning);

  const execution = await env.client.workflow.start(executePlan, {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId: `execute-${planning.workflowId}`,
    args: [{ sceneRef, plan: plan.expandedPlan, robotId: robotIds[0]! }],
  });
  const executed = await execution.result();
  if (executed.status !== 'completed') throw new Error(`executePlan ended ${executed.status}`);
  await save('executePlan', execution);

  const run = await startPlanAndExecute(env.client, sceneName, {
    sceneRef,
    instruction,
    robotId: robotIds[1]!,
  });
  const outcome = await run.result();
  if (outcome.status !== 'completed') throw new Error(`planAndExecute ended ${outcome.status}`);
  await save('planAndExecute', run);
  // The children's ids follow from the parent's (see planAndExecute).
  await save('planAndExecute.child-planTask', env.client.workflow.getHandle(`${run.workflowId}-plan-1`));
  await save(
    'planAndExecute.child-executePlan',
    env.client.workflow.getHandle(`${run.workflowId}-execute-1`),
  );
}

mkdirSync(outDir, { recursive: true });
const [planner, ...rest] = workers;
const running = rest.map((w) => w.run());
try {
  await planner!.runUntil(record());
} finally {
  for (const w of rest) w.shutdown();
  await Promise.all(running);
  await env.teardown();
  rmSync(dataDir, { recursive: true, force: true });
}
