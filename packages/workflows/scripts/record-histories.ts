// Records the event history of every groundplan workflow (planTask, executePlan, planAndExecute
// and planAndExecute's two children, robotEntity and a task it ran, lookFor, exploreFor, a
// LookPlanGraph run and its lookPlanGraph child) on a real (test) Temporal server, for the replay test that
// checks the current workflow code still replays them, plus a run that fails on the robot (the
// failure path). Once runs are deployed, a change that breaks old histories is versioned with
// patched(); until then (nothing is deployed yet) such a change re-records them with this script.
//   npx tsx --conditions=@groundplan/source packages/workflows/scripts/record-histories.ts
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { NextActionOracle } from '@groundplan/grounding';
import { replayProvider } from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { createSimulatedRobot } from '@groundplan/robot';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { formatStep } from '@groundplan/scene-graph/plan-step';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import type { WorkflowHandle } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import {
  robotState,
  runOutcome,
  startPlanAndExecute,
  startPlanTask,
  submitRobotTask,
} from '../src/client.js';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, PLANNER_TASK_QUEUE, robotEntityId } from '../src/contract.js';
import { createRoleWorkers, runWorkersUntil } from '../src/worker.js';
import { executePlan, exploreFor, lookFor } from '../src/workflows.js';

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
// Two robots, so each run starts from the recorded scene (a robot keeps its world between runs),
// a third sent two tasks through its robot entity, and a fourth whose belief lacks Will's drone
// looks for it (lookFor) in a true world that has it, a fifth explores the office as an unknown (frontier-prior: the prior orders rooms and assets)
// building, and a sixth runs LookPlanGraph.
const robotIds = [
  'history-robot-1',
  'history-robot-2',
  'history-robot-3',
  'history-robot-4',
  'history-robot-5',
  'history-robot-6',
];
const withoutDrone = office.copy();
withoutDrone.dropNode('wills_drone');
const beliefRef = await scenes.put(withoutDrone);

// LookPlanGraph's choices for the recorded run, as a fixed script (the cassette holds no such
// answers): each action in turn once the belief offers it, then done.
const LOOKPLANGRAPH_SCRIPT = [
  'goto(jasons_office)',
  'look_on(cabinet_3)',
  'access(cabinet_3)',
  'release(coke_can)',
  'close(cabinet_3)',
];
const scriptedActions: NextActionOracle = async (input) => {
  const taken = new Set(input.history.map((line) => line.split(':')[0]));
  const next = LOOKPLANGRAPH_SCRIPT.find((label) => !taken.has(label));
  return input.steps.find((step) => formatStep(step) === next) ?? 'done';
};

async function retrieval() {
  const opened = await openRetrieval({ cacheDir: `${dataDir}/retrieval` });
  if (!opened.ok) throw new Error(opened.error);
  return opened.value;
}

const env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
const connection = env.nativeConnection;
const namespace = env.namespace ?? 'default';
const robot = (id: string) => ({
  id,
  executor: createSimulatedRobot({
    robotId: id,
    scenes,
    dataDir,
    speedMps: 1,
    timeScale: 0.001,
    tickMs: 5,
    trueWorld: (ref) => (ref === beliefRef ? sceneRef : undefined),
  }),
});
const workers = [
  ...(await createRoleWorkers(connection, {
    roles: ['planner', 'llm', 'sim', 'robot'],
    namespace,
    scenes,
    provider: replayProvider({ cassettePath }),
    retrieval: await retrieval(),
    actionOracle: scriptedActions,
    robot: robot(robotIds[0]!),
  })),
  ...(await createRoleWorkers(connection, { roles: ['robot'], namespace, robot: robot(robotIds[1]!) })),
  ...(await createRoleWorkers(connection, { roles: ['robot'], namespace, robot: robot(robotIds[2]!) })),
  ...(await createRoleWorkers(connection, { roles: ['robot'], namespace, robot: robot(robotIds[3]!) })),
  ...(await createRoleWorkers(connection, { roles: ['robot'], namespace, robot: robot(robotIds[4]!) })),
  ...(await createRoleWorkers(connection, { roles: ['robot'], namespace, robot: robot(robotIds[5]!) })),
];

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
  const plan = await runOutcome(planning);
  if (plan.status !== 'verified') throw new Error(`planTask ended ${plan.status}: ${plan.reason}`);
  await save('planTask', planning);

  const execution = await env.client.workflow.start(executePlan, {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId: `execute-${planning.workflowId}`,
    args: [{ sceneRef, plan: plan.expandedPlan, robotId: robotIds[0]! }],
  });
  const executed = await runOutcome(execution);
  if (executed.status !== 'completed') throw new Error(`executePlan ended ${executed.status}`);
  await save('executePlan', execution);

  const run = await startPlanAndExecute(env.client, sceneName, {
    sceneRef,
    instruction,
    robotId: robotIds[1]!,
  });
  const outcome = await runOutcome(run);
  if (outcome.status !== 'completed') throw new Error(`planAndExecute ended ${outcome.status}`);
  await save('planAndExecute', run);
  // The children's ids follow from the parent's (see planAndExecute).
  await save('planAndExecute.child-planTask', env.client.workflow.getHandle(`${run.workflowId}-plan-1`));
  await save(
    'planAndExecute.child-executePlan',
    env.client.workflow.getHandle(`${run.workflowId}-execute-1`),
  );

  // The first robot's world changed when it executed the plan: the same plan now fails on it.
  // No replan after the failure: the cassette holds no answer for the replanning round.
  const failing = await startPlanAndExecute(env.client, sceneName, {
    sceneRef,
    instruction,
    robotId: robotIds[0]!,
    maxExecutionReplans: 0,
  });
  const failed = await runOutcome(failing);
  if (failed.status !== 'execution-failed') throw new Error(`the failing run ended ${failed.status}`);
  await save('planAndExecute.execution-failed', failing);

  // A robot entity with two tasks, the second planned from the belief the first left.
  const entityRobot = robotIds[2]!;
  const tasks = [
    await submitRobotTask(env.client, sceneName, { sceneRef, instruction, robotId: entityRobot }),
    await submitRobotTask(env.client, sceneName, {
      sceneRef,
      instruction: "Place Will's drone on his desk.",
      robotId: entityRobot,
      options: { planner: 'grounded-prior' },
    }),
  ];
  for (const task of tasks) {
    const done = await runOutcome(task);
    if (done.status !== 'completed') throw new Error(`the robot's task ended ${done.status}`);
  }
  for (;;) {
    const state = await robotState(env.client, entityRobot);
    if (state?.tasksDone.length === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await save('robotEntity', env.client.workflow.getHandle(robotEntityId(entityRobot)));
  await save('robotEntity.child-planAndExecute', tasks[1]!);

  const looking = await env.client.workflow.start(lookFor, {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId: 'look-for-wills-drone',
    args: [
      {
        robotId: robotIds[3]!,
        sceneRef: beliefRef,
        belief: { ref: beliefRef, accessed: null },
        wanted: ['wills_drone'],
        maxRooms: 60,
      },
    ],
  });
  const looked = await looking.result();
  if (!looked.found) throw new Error(`lookFor did not find the drone in ${looked.looked.join(', ')}`);
  await save('lookFor', looking);

  // A fifth robot explores the office as a building it does not know until it sees the apple.
  const exploring = await env.client.workflow.start(exploreFor, {
    taskQueue: PLANNER_TASK_QUEUE,
    workflowId: 'explore-for-apple',
    args: [{ robotId: robotIds[4]!, sceneRef, explorer: 'frontier-prior', targets: ['apple'] }],
  });
  const explored = await exploring.result();
  if (explored.status !== 'found') throw new Error(`exploreFor ended ${explored.status}`);
  await save('exploreFor', exploring);

  // LookPlanGraph: planAndExecute dispatches to lookPlanGraph, which chooses one action at a time.
  const stepwise = await startPlanAndExecute(env.client, sceneName, {
    sceneRef,
    instruction,
    robotId: robotIds[5]!,
    options: { planner: 'lookplangraph' },
  });
  const stepped = await runOutcome(stepwise);
  if (stepped.status !== 'completed') throw new Error(`the lookplangraph run ended ${stepped.status}`);
  await save('planAndExecute.lookplangraph', stepwise);
  await save(
    'planAndExecute.child-lookPlanGraph',
    env.client.workflow.getHandle(`${stepwise.workflowId}-lookplangraph`),
  );
}

mkdirSync(outDir, { recursive: true });
try {
  await runWorkersUntil(workers, record());
} finally {
  await env.teardown();
  rmSync(dataDir, { recursive: true, force: true });
}
