import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadSceneFile } from '@groundplan/scene-graph';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { startWorkerProcess, type WorkerProcess } from '@groundplan/worker';
import { GROUNDPLAN_SEARCH_ATTRIBUTES, progressQuery } from '@groundplan/workflows/contract';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

const root = new URL('../../../', import.meta.url).pathname;
const office = `${root}datasets/office.json`;
const instruction = "Close Jason's cabinet.";

describe('the groundplan CLI against a real server and worker', { timeout: 240_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-cli-commands-`);
  let env: TestWorkflowEnvironment;
  let worker: WorkerProcess;
  let cliEnv: Record<string, string>;
  // The cassette holds sayplan's answers: every plan names the planner (the default follows the provider).
  const cli = (...args: string[]) =>
    runCli(args[0] === 'plan' ? ['plan', '--planner', 'sayplan', ...args.slice(1)] : args, cliEnv);

  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    cliEnv = { TEMPORAL_ADDRESS: env.address, GROUNDPLAN_SCENE_STORE: `${dir}/scenes` };
    worker = await startWorkerProcess(['--roles', 'planner,llm,sim,robot', '--robot-id', 'sim-1'], {
      ...cliEnv,
      GROUNDPLAN_DATA_DIR: dir,
      GROUNDPLAN_LLM_PROVIDER: 'replay',
      GROUNDPLAN_CASSETTE: `${root}datasets/cassettes/close-jasons-cabinet.cassette.json`,
      GROUNDPLAN_ROBOT_TIME_SCALE: '0.005',
    });
  }, 240_000);
  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    await worker?.exited;
    await env?.teardown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plan --plan-only follows the progress of the run and prints the verified plan', async () => {
    const run = await cli('plan', '--scene', office, '--plan-only', instruction);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Verified plan (sayplan, 2 attempt(s))');
    expect(run.stdout).toContain('close(cabinet_3)');
    expect(run.stdout).toMatch(/attempt 1 rejected: .*coke_can/);
    expect(run.stdout).toMatch(/\[(searching|planning|verifying|done)\]/);
  });

  it('plan exits 2 when no plan is verified, saying why', async () => {
    const run = await cli('plan', '--scene', office, '--plan-only', '--max-replans', '0', instruction);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('No verified plan (sayplan)');
  });

  it('plan --no-wait, status and result --json for scripts', async () => {
    const started = await cli('plan', '--scene', office, '--plan-only', '--no-wait', '--json', instruction);
    expect(started.code).toBe(0);
    const { runId } = JSON.parse(started.stdout) as { runId: string };
    expect(runId).toMatch(/^plan-office-close-jason-s-cabinet-[0-9a-f]{8}$/);
    const result = await cli('result', runId, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).result.status).toBe('verified');
    const status = await cli('status', runId);
    expect(status.stdout).toContain(`${runId}: COMPLETED (planTask), outcome verified`);
  });

  it('plan --max-search-steps puts the search budget into the run', async () => {
    const flags = ['--scene', office, '--plan-only', '--max-search-steps', '3', '--no-wait', '--json'];
    const started = await cli('plan', ...flags, 'Find me a stapler.');
    expect(started.stderr).toBe('');
    const { runId } = JSON.parse(started.stdout) as { runId: string };
    const history = await env.client.workflow.getHandle(runId).fetchHistory();
    const payload = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
    const input = JSON.parse(Buffer.from(payload.data!).toString('utf8'));
    expect(input.options).toMatchObject({ maxSearchSteps: 3 });
    // The cassette has no answers for this instruction: stop the run if it is still trying.
    await env.client.workflow
      .getHandle(runId)
      .terminate('the test needed only its input')
      .catch(() => undefined);
  });

  it('result --json and exit code 2 for a run whose workflow failed with no verified plan', async () => {
    const flags = ['--scene', office, '--plan-only', '--max-replans', '0', '--no-wait', '--json'];
    const started = await cli('plan', ...flags, instruction);
    const { runId } = JSON.parse(started.stdout) as { runId: string };
    const result = await cli('result', runId, '--json');
    expect(result.code).toBe(2);
    const { result: planning } = JSON.parse(result.stdout);
    expect(planning.status).toBe('failed');
    expect(planning.reason).toMatch(/^no verified plan after 1 attempt; last feedback: /);
    expect((await cli('status', runId)).stdout).toContain(`${runId}: FAILED (planTask), outcome plan-failed`);
    const rows = JSON.parse((await cli('list', '--json')).stdout) as Array<Record<string, string>>;
    expect(rows.find((r) => r.runId === runId)).toMatchObject({ status: 'FAILED', outcome: 'plan-failed' });
  });

  // A run that stops for approval before execution, started without waiting for it. Each robot
  // plans from its own belief, so a robot that has executed a plan sees another world (and the
  // cassette holds answers for the scene as stored): each test sends its run to its own robot.
  const startAwaitingApproval = async (robot: string): Promise<string> => {
    const started = await cli(
      'plan',
      '--scene',
      office,
      '--robot',
      robot,
      '--require-approval',
      '--no-wait',
      '--json',
      instruction,
    );
    return (JSON.parse(started.stdout) as { runId: string }).runId;
  };

  it('approve lets a run that waits for approval execute on the robot', async () => {
    const runId = await startAwaitingApproval('sim-1');
    const handle = env.client.workflow.getHandle(runId);
    while ((await handle.query(progressQuery)).stage !== 'awaiting-approval')
      await new Promise((r) => setTimeout(r, 200));
    expect((await cli('approve', runId)).code).toBe(0);
    const result = await cli('result', runId);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Executed all');
    expect(result.stdout).toContain('Status: completed');
  });

  it('a task for a robot deployed in another scene: one line naming both scenes and the ways out', async () => {
    const home = `${root}datasets/home.json`;
    const run = await cli('plan', '--scene', home, '--robot', 'sim-1', 'Find me a banana.');
    expect(run.code).toBe(1);
    const line = run.stderr.trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(
      /^groundplan: robot sim-1 is deployed in scene office \(sha256:[0-9a-f]{64}\), not home \(sha256:[0-9a-f]{64}\)/,
    );
    expect(line).toContain('--robot <new-id>');
    expect(line).toContain('--plan-only');
  });

  it('result of a run that is not a task (a robot) is one line, exit 1', async () => {
    const run = await cli('result', 'robot-sim-1');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('robot-sim-1 is a robotEntity run');
  });

  it('robot status, belief and history show what the robot did and believes now', async () => {
    const status = await cli('robot', 'status', 'sim-1');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /^robot sim-1 in scene sha256:[0-9a-f]{64}\n {2}belief: sha256:[0-9a-f]{64} \(version \d+\)/,
    );
    expect(status.stdout).toContain('running: nothing');
    expect(status.stdout).toMatch(
      /done: 1 task\(s\), last sim-1-office-close-jason-s-cabinet-[0-9a-f]{8} completed/,
    );
    const belief = await cli('robot', 'belief', 'sim-1', '-o', `${dir}/belief.json`);
    expect(belief.code).toBe(0);
    const written = await loadSceneFile(`${dir}/belief.json`);
    if (!written.ok) throw new Error('the belief file does not load');
    // The robot closed the cabinet: its belief says so, the scene file it started from does not.
    expect(written.value.getNodeAttribute('cabinet_3', 'state')?.door).toBe('closed');
    const history = await cli('robot', 'history', 'sim-1', '--json');
    const { versions, history: entries } = JSON.parse(history.stdout) as {
      versions: number;
      history: Array<{ cause: string }>;
    };
    expect(entries).toHaveLength(versions);
    expect(entries[0]!.cause).toBe('deployed');
    expect(entries.at(-1)!.cause).toMatch(/close\(cabinet_3\)$/);
    const unknown = await cli('robot', 'status', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      'groundplan: robot nobody has had no task yet (send one with `groundplan plan --robot nobody` or `groundplan explore --robot nobody`)',
    );
    const badId = await cli('robot', 'belief', 'bad/id');
    expect(badId.code).toBe(1);
    expect(badId.stderr.trim()).toBe("groundplan: robot id 'bad/id': a robot id is 1-64 of A-Z a-z 0-9 _ -");
  });

  it('cancel stops a run, and list shows the runs', async () => {
    const runId = await startAwaitingApproval('sim-2');
    expect((await cli('cancel', runId)).code).toBe(0);
    const handle = env.client.workflow.getHandle(runId);
    await expect(handle.result()).rejects.toThrow();
    expect((await handle.describe()).status.name).toBe('CANCELLED');
    const list = await cli('list', '--json');
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout) as Array<Record<string, unknown>>;
    // A closed run shows how it ended, not the stage and status it had when it stopped.
    expect(rows.find((r) => r.runId === runId)).toMatchObject({
      status: 'CANCELLED',
      outcome: 'cancelled',
      stage: '',
      scene: 'office',
      planner: 'sayplan',
      robot: 'sim-2',
    });
    expect(rows.every((r) => !(r.runId as string).includes('-plan-1'))).toBe(true);
    for (const row of rows) {
      expect(Date.parse(row.started as string)).not.toBeNaN();
      expect(row.durationSeconds).toBeGreaterThanOrEqual(0);
    }
    const text = await cli('list');
    expect(text.stdout.split('\n')[0]).toMatch(
      /^run +status +outcome +planner +robot +scene +started +duration +instruction$/,
    );
    const line = text.stdout.split('\n').find((l) => l.startsWith(runId))!;
    expect(line).toMatch(
      / CANCELLED +cancelled +sayplan +sim-2 +office +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +[\d.]+ (s|min)/,
    );
    expect(line).not.toMatch(/running|searching|awaiting-approval/);
    expect((await cli('status', runId)).stdout).toContain(
      `${runId}: CANCELLED (planAndExecute), outcome cancelled`,
    );
  });

  // A run that asks which of three staplers is meant, answered (and not) as a script would;
  // grounded-prior asks no model.
  const askingPlan = (...args: string[]) =>
    runCli(
      [
        'plan',
        '--planner',
        'grounded-prior',
        '--scene',
        office,
        '--plan-only',
        ...args,
        'Bring me the stapler.',
      ],
      cliEnv,
    );
  /** Waits until the run asks, and returns its question as its progress shows it. */
  const untilAsked = async (runId: string) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const progress = await env.client.workflow.getHandle(runId).query(progressQuery);
      if (progress.stage === 'awaiting-answer') return progress.question;
      if (Date.now() > deadline) throw new Error(`run ${runId} never asked: ${progress.stage}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('answer refuses a choice that is no option in one line, then the run plans for the one chosen', async () => {
    const started = await askingPlan('--no-wait', '--json');
    expect(started.stderr).toBe('');
    const { runId } = JSON.parse(started.stdout) as { runId: string };
    expect(await untilAsked(runId)).toEqual({
      phrase: 'stapler',
      options: ['stapler', 'stapler_2', 'stapler_3'],
    });

    const refused = await cli('answer', runId, 'jasons_keyboard');
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/refused the answer: .*choose one of stapler, stapler_2, stapler_3/);

    const answered = await cli('answer', runId, 'stapler_2');
    expect([answered.code, answered.stdout.trim()]).toEqual([
      0,
      `answered ${runId}: the stapler is stapler_2`,
    ]);
    const result = await cli('result', runId, '--json');
    const { result: outcome } = JSON.parse(result.stdout) as {
      result: { status: string; question: unknown; attempts: { goals?: string[] }[] };
    };
    expect(outcome.status).toBe('verified');
    expect(outcome.question).toEqual({
      phrase: 'stapler',
      options: ['stapler', 'stapler_2', 'stapler_3'],
      answer: 'stapler_2',
    });
    expect(outcome.attempts.at(-1)?.goals?.join(' ')).toContain('stapler_2');

    // Once answered, the run asks nothing: a second answer is one line, exit 1.
    const again = await cli('answer', runId, 'stapler_3');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/is not asking anything now$/);
  });

  it('plan --no-ask fails at once with the question, exit 2, and plans nothing', async () => {
    const run = await askingPlan('--no-ask', '--json');
    expect(run.code).toBe(2);
    const printed = JSON.parse(run.stdout) as { result?: { question?: unknown; plan?: unknown[] } };
    expect(printed.result?.question).toEqual({
      phrase: 'stapler',
      options: ['stapler', 'stapler_2', 'stapler_3'],
    });
    expect(printed.result?.plan ?? []).toEqual([]);
  });
});
