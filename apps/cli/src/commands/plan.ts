import { fileSceneStore, loadSceneFile, type SceneStore } from '@groundplan/scene-graph';
import { workflowUiUrl } from '@groundplan/temporal-runtime';
import { InvalidRunInput, robotState, startPlanTask, submitRobotTask } from '@groundplan/workflows/client';
import {
  PLANNER_VARIANTS,
  type PlannerVariant,
  type Progress,
  progressQuery,
  type Question,
  type Reader,
} from '@groundplan/workflows/contract';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { chooseOnTerminal } from '../choose-on-terminal.js';
import type { CliConfig } from '../config.js';
import { connect, runResult } from '../connect.js';
import { followRun } from '../follow-run.js';
import { planningReport, progressLine, runReport } from '../render.js';
import { sceneFileError } from '../scene-file-error.js';
import { EXIT, UserError } from '../user-error.js';
import { answerRun } from './control.js';

export type PlanFlags = {
  scene: string;
  robot?: string;
  /** Absent: the planner the README recommends for the configured model (CliConfig.planner). */
  planner?: PlannerVariant;
  planOnly?: boolean;
  requireApproval?: boolean;
  /** false with --no-ask: fail with the question instead of waiting for `groundplan answer`. */
  ask?: boolean;
  answerTimeout?: number;
  /** Who reads the instruction (PlanOptions.reader); absent: the rules. */
  reader?: Reader;
  wait: boolean;
  json?: boolean;
  maxReplans?: number;
  maxSearchSteps?: number;
  llmAttempts?: number;
  llmDeadline?: number;
  skillStartTimeout?: number;
  maxExecutionReplans?: number;
};

/** `groundplan plan`: registers the scene, starts the run, follows it, prints the plan. Returns the exit code. */
export async function planCommand(
  instructionWords: string[],
  flags: PlanFlags,
  config: CliConfig,
): Promise<number> {
  const instruction = instructionWords.join(' ').trim();
  if (!instruction)
    throw new UserError(
      'the instruction is empty: say what the robot should do, e.g. "Close Jason\'s cabinet."',
    );
  const planner = flags.planner ?? config.planner;
  if (!(PLANNER_VARIANTS as readonly string[]).includes(planner))
    throw new UserError(`unknown planner '${planner}'; use ${PLANNER_VARIANTS.join(', ')}`);
  const scene = await loadSceneFile(flags.scene);
  if (!scene.ok) {
    throw sceneFileError(flags.scene, scene.error);
  }
  const sceneName = scene.value.getAttribute('name');
  const store = fileSceneStore(config.sceneStoreDir);
  const sceneRef = await store.put(scene.value);
  const client = await connect(config);
  const robotId = flags.robot ?? config.robotId;
  const links = { view: config.viewUrl };
  const options = {
    planner,
    ...(flags.maxReplans === undefined ? {} : { maxReplans: flags.maxReplans }),
    ...(flags.maxSearchSteps === undefined ? {} : { maxSearchSteps: flags.maxSearchSteps }),
    ...(flags.llmAttempts === undefined ? {} : { llmMaxAttempts: flags.llmAttempts }),
    ...(flags.llmDeadline === undefined ? {} : { llmStepDeadlineSeconds: flags.llmDeadline }),
    ...(flags.ask === false ? { ask: false } : {}),
    ...(flags.reader === undefined ? {} : { reader: flags.reader }),
    ...(flags.answerTimeout === undefined ? {} : { answerTimeoutSeconds: flags.answerTimeout }),
  };
  // In an async function, so a refusal the client throws at once (plan-only with lookplangraph) is caught too.
  const handle: WorkflowHandle = await (async () =>
    flags.planOnly
      ? startPlanTask(client, sceneName, { sceneRef, instruction, options }, links)
      : submitRobotTask(
          client,
          sceneName,
          {
            sceneRef,
            instruction,
            options,
            robotId,
            ...(flags.maxExecutionReplans === undefined
              ? {}
              : { maxExecutionReplans: flags.maxExecutionReplans }),
            ...(flags.skillStartTimeout === undefined
              ? {}
              : { skillScheduleToStartTimeoutSeconds: flags.skillStartTimeout }),
            ...(flags.requireApproval ? { requireApproval: true } : {}),
          },
          links,
        ))().catch(async (error: unknown) => {
    if (!(error instanceof InvalidRunInput)) throw error;
    const elsewhere = flags.planOnly ? undefined : await deployedElsewhere(client, store, robotId, sceneRef);
    throw new UserError(
      elsewhere
        ? `robot ${robotId} is deployed in scene ${elsewhere}, not ${sceneName} (${sceneRef}): send it tasks in its own scene, ` +
            'or send this one to a new robot (--robot <new-id>) or plan it without executing (--plan-only)'
        : error.message,
    );
  });
  const ui = workflowUiUrl(config.temporal, handle.workflowId);
  if (!flags.wait) {
    if (flags.json) console.log(JSON.stringify({ runId: handle.workflowId, ui }));
    else console.log(`Started ${handle.workflowId}${ui ? `\nTemporal UI: ${ui}` : ''}`);
    return EXIT.ok;
  }
  if (!flags.json) console.log(`Run ${handle.workflowId}${ui ? `\nTemporal UI: ${ui}` : ''}`);
  // A person at a terminal is asked "which stapler?" there; otherwise `groundplan answer` answers.
  const interactive = Boolean(process.stdin.isTTY) && flags.ask !== false;
  const result = await follow(client, handle, !flags.json, interactive);
  if (flags.json) {
    console.log(JSON.stringify({ runId: handle.workflowId, ui, result }));
  } else {
    console.log(flags.planOnly ? planningReport(result) : runReport(result));
    if (ui) console.log(`Temporal UI: ${ui}`);
  }
  // An answered question succeeded: the answer is the outcome.
  const ok = flags.planOnly
    ? result.status === 'verified' || result.status === 'answered'
    : ['completed', 'planned', 'answered'].includes(result.status);
  return ok ? EXIT.ok : EXIT.planFailed;
}

/** The scene a robot is deployed in ("office (sha256:...)"), when it is not `sceneRef`: why it refused the task. */
async function deployedElsewhere(
  client: Client,
  store: SceneStore,
  robotId: string,
  sceneRef: string,
): Promise<string | undefined> {
  const deployed = (await robotState(client, robotId).catch(() => undefined))?.sceneRef;
  if (!deployed || deployed === sceneRef) return undefined;
  const scene = await store.get(deployed);
  return scene.ok ? `${scene.value.getAttribute('name')} (${deployed})` : deployed;
}

/** Waits for the result, printing a line whenever the run's progress changes. */
// biome-ignore lint/suspicious/noExplicitAny: the result type depends on the workflow started
function follow(client: Client, handle: WorkflowHandle, show: boolean, ask: boolean): Promise<any> {
  const result = runResult(handle);
  if (!show) return result;
  let asked = false;
  const ended = new AbortController();
  result.finally(() => ended.abort()).catch(() => undefined);
  return followRun(result, async () => {
    const progress = await currentProgress(client, handle);
    // At a terminal, the person who started the run answers its question here, once.
    if (ask && !asked && progress.question) {
      asked = true;
      await askAtTerminal(client, handle.workflowId, progress.question, ended.signal);
    }
    return progressLine(progress);
  });
}

async function askAtTerminal(
  client: Client,
  runId: string,
  question: Question,
  signal: AbortSignal,
): Promise<void> {
  const choice = await chooseOnTerminal(question, { input: process.stdin, output: process.stdout, signal });
  if (signal.aborted) return;
  if (choice === undefined) {
    console.log(`Left for later: groundplan answer ${runId} <choice>`);
    return;
  }
  await answerRun(client, runId, choice);
  console.log(`Answered: the ${question.phrase} is ${choice}`);
}

async function currentProgress(client: Client, handle: WorkflowHandle): Promise<Progress> {
  const progress: Progress = await handle.query(progressQuery);
  if (!progress.currentChild) return progress;
  return client.workflow.getHandle(progress.currentChild).query(progressQuery);
}
