import {
  allHandlersFinished,
  CancelledFailure,
  ChildWorkflowFailure,
  type ChildWorkflowHandle,
  condition,
  continueAsNew,
  ParentClosePolicy,
  setHandler,
  startChild,
  TerminatedFailure,
  workflowInfo,
} from '@temporalio/workflow';
import {
  type Belief,
  type BeliefVersion,
  beliefAdvancedSignal,
  HISTORY_KEPT,
  MAX_ROBOT_QUEUE,
  ROBOT_ATTRIBUTE,
  type RobotEntityInput,
  type RobotState,
  type RobotTask,
  robotStateQuery,
  robotTurnSignal,
  SCENE_ATTRIBUTE,
  submitTaskUpdate,
  taskTarget,
} from '../contract.js';
import {
  explorationSummary,
  runDetails,
  runSearchAttributes,
  runSummary,
  viewLink,
} from '../run-description.js';
import { exploreFor } from './explore-for.js';
import { planAndExecute } from './plan-and-execute.js';
import { childOutcome } from './steps/outcome.js';

/** History events after which an idle robot continues as new, if the server has not suggested it sooner. */
const HISTORY_EVENTS_PER_RUN = 5_000;

type Queued = {
  taskId: string;
  child: ChildWorkflowHandle<typeof planAndExecute> | ChildWorkflowHandle<typeof exploreFor>;
};

/**
 * One robot, as a long-lived workflow (id robot-<robotId>): it owns the robot's belief (a scene
 * ref; every executed step makes the next version), takes tasks by update, runs them one at a
 * time as children (planAndExecute, or exploreFor for an exploration), each starting from the
 * belief the previous one left, and
 * answers the robotState query. A task whose scene is not the robot's, or beyond a full queue, is
 * refused with one line. When idle and its history grows long it continues as new with its state.
 */
export async function robotEntity(input: RobotEntityInput): Promise<never> {
  const { robotId, sceneRef } = input;
  let belief: Belief = input.belief ?? { ref: sceneRef, accessed: null };
  const history: BeliefVersion[] = input.history ?? [{ ...belief, cause: 'deployed' }];
  let versions = history.length;
  const tasksDone = input.tasksDone ?? [];
  const queue: Queued[] = [];
  const known = new Set<string>();
  let current: string | undefined;
  let tasksThisRun = 0;

  setHandler(
    robotStateQuery,
    (): RobotState => ({
      robotId,
      sceneRef,
      belief,
      ...(current === undefined ? {} : { current }),
      waiting: queue.map((task) => task.taskId),
      history,
      versions,
      tasksDone,
    }),
  );

  setHandler(beliefAdvancedSignal, ({ taskId, version }) => {
    // Only the running task moves the belief; a late signal from an earlier one is history, not news.
    if (taskId === current) belief = { ref: version.ref, accessed: version.accessed };
    record(version);
  });

  setHandler(
    submitTaskUpdate,
    async (task: RobotTask) => {
      known.add(task.taskId);
      const child = await startTask(task);
      queue.push({ taskId: task.taskId, child });
      return { taskId: task.taskId, ahead: queue.length - 1 + (current === undefined ? 0 : 1) };
    },
    {
      validator: (task: RobotTask) => {
        const target = taskTarget(task);
        if (target.sceneRef !== sceneRef)
          throw new Error(
            `robot ${robotId} is deployed in scene ${sceneRef}, not ${target.sceneRef}; send it tasks in its own scene`,
          );
        if (known.has(task.taskId)) throw new Error(`robot ${robotId} already has a task ${task.taskId}`);
        const holding = queue.length + (current === undefined ? 0 : 1);
        if (holding >= MAX_ROBOT_QUEUE)
          throw new Error(
            `robot ${robotId} already holds ${holding} tasks (the most it queues); try again later`,
          );
      },
    },
  );

  /** Starts a task as this robot's child; it waits for robotTurnSignal before it moves the robot. */
  function startTask(task: RobotTask): Promise<Queued['child']> {
    const entity = workflowInfo().workflowId;
    if (task.explore !== undefined) {
      const explore = { ...task.explore, robotId, sceneRef };
      return startChild(exploreFor, {
        workflowId: task.taskId,
        args: [{ ...explore, robotEntity: entity }],
        parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
        typedSearchAttributes: [
          { key: ROBOT_ATTRIBUTE, value: robotId },
          { key: SCENE_ATTRIBUTE, value: task.sceneName },
        ],
        memo: {
          scene: task.sceneName,
          targets: explore.targets,
          explorer: explore.explorer,
          ...(task.view ? { view: task.view } : {}),
        },
        staticSummary: explorationSummary(task.sceneName, explore),
        ...(task.view ? { staticDetails: viewLink(task.view) } : {}),
      });
    }
    const input = { ...task.input, robotId };
    return startChild(planAndExecute, {
      workflowId: task.taskId,
      args: [{ ...input, sceneRef, robotEntity: entity }],
      parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
      typedSearchAttributes: runSearchAttributes(task.sceneName, input),
      memo: {
        scene: task.sceneName,
        instruction: input.instruction,
        ...(task.view ? { view: task.view } : {}),
      },
      staticSummary: runSummary(task.sceneName, input),
      staticDetails: [runDetails({ ...input, sceneRef }), ...(task.view ? [viewLink(task.view)] : [])].join(
        '\n',
      ),
    });
  }

  for (;;) {
    await condition(() => queue.length > 0 || shouldContinueAsNew());
    if (queue.length === 0) {
      await condition(allHandlersFinished);
      if (queue.length === 0)
        return continueAsNew<typeof robotEntity>({
          ...input,
          belief,
          history: history.slice(-HISTORY_KEPT),
          tasksDone: tasksDone.slice(-HISTORY_KEPT),
        });
      continue;
    }
    const task = queue.shift()!;
    current = task.taskId;
    tasksThisRun++;
    const status = await runTask(task);
    tasksDone.push({ taskId: task.taskId, status });
    current = undefined;
  }

  async function runTask(task: Queued): Promise<string> {
    try {
      await task.child.signal(robotTurnSignal, { belief });
    } catch {
      return 'gone before its turn';
    }
    try {
      return (await task.child.result()).status;
    } catch (error) {
      // A failed run (plan-failed, execution-failed, cancelled, terminated) ends the task; the robot goes on.
      return childOutcome<{ status: string }>(error)?.status ?? failureName(error);
    }
  }

  function record(version: BeliefVersion): void {
    versions++;
    history.push(version);
    if (history.length > HISTORY_KEPT * 2) history.splice(0, history.length - HISTORY_KEPT);
  }

  function shouldContinueAsNew(): boolean {
    const info = workflowInfo();
    return (
      info.continueAsNewSuggested ||
      info.historyLength > HISTORY_EVENTS_PER_RUN ||
      (input.tasksPerRun !== undefined && tasksThisRun >= input.tasksPerRun)
    );
  }
}

function failureName(error: unknown): string {
  const cause = error instanceof ChildWorkflowFailure ? error.cause : undefined;
  if (cause instanceof CancelledFailure) return 'cancelled';
  if (cause instanceof TerminatedFailure) return 'terminated';
  return 'failed';
}
