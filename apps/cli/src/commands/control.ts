import {
  answerUpdate,
  approveSignal,
  progressQuery,
  type Question,
  rejectSignal,
} from '@groundplan/workflows/contract';
import { type Client, WorkflowUpdateFailedError } from '@temporalio/client';
import type { CliConfig } from '../config.js';
import { connect, forRun } from '../connect.js';
import { EXIT, UserError } from '../user-error.js';

/** `groundplan cancel <run>`: cancels the run; a robot mid-skill stops where it is. */
export async function cancelCommand(runId: string, config: CliConfig): Promise<number> {
  const client = await connect(config);
  await forRun(runId, () => client.workflow.getHandle(runId).cancel());
  console.log(`cancellation requested for ${runId}`);
  return EXIT.ok;
}

/** `groundplan approve <run>` / `reject <run>`: answers a run waiting for approval of its plan. */
export async function approveCommand(
  runId: string,
  approve: boolean,
  config: CliConfig,
  reason?: string,
): Promise<number> {
  console.log(await sendApproval(await connect(config), runId, approve, reason));
  return EXIT.ok;
}

/** Approves or rejects a run's plan (the CLI's and the web view's one way to); says what it did. */
export async function sendApproval(
  client: Client,
  runId: string,
  approve: boolean,
  reason?: string,
): Promise<string> {
  const handle = client.workflow.getHandle(runId);
  await forRun(runId, () =>
    approve ? handle.signal(approveSignal) : handle.signal(rejectSignal, reason ? { reason } : {}),
  );
  return `${approve ? 'approved' : 'rejected'} the plan of ${runId}`;
}

/**
 * `groundplan answer <run> <choice>`: answers the question a run asks ("which stapler?"). The
 * question is asked by the planning run: the run itself, or the current child of a run that plans
 * and executes. A run asking nothing, or a choice that is not an option, is one line.
 */
export async function answerCommand(runId: string, choice: string, config: CliConfig): Promise<number> {
  const client = await connect(config);
  const question = await answerRun(client, runId, choice);
  console.log(`answered ${runId}: the ${question.phrase} is ${choice}`);
  return EXIT.ok;
}

/** Sends `choice` to the planning run that asks (the run, or its current child); the question it answered. */
export async function answerRun(client: Client, runId: string, choice: string): Promise<Question> {
  const progress = await forRun(runId, () => client.workflow.getHandle(runId).query(progressQuery));
  const asking =
    progress.stage !== 'awaiting-answer' && progress.currentChild ? progress.currentChild : runId;
  const handle = client.workflow.getHandle(asking);
  const question = asking === runId ? progress.question : (await handle.query(progressQuery)).question;
  if (question === undefined) throw new UserError(`run '${runId}' is not asking anything now`);
  try {
    await handle.executeUpdate(answerUpdate, { args: [{ choice }] });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError)
      throw new UserError(
        `run '${runId}' refused the answer: ${(error.cause as Error)?.message ?? error.message}`,
      );
    throw error;
  }
  return question;
}
