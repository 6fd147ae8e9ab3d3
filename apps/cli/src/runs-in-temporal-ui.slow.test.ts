import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { freePort, startDevServer, stopDevServer } from '@groundplan/temporal-runtime';
import { startWorkerProcess, type WorkerProcess } from '@groundplan/worker';
import type { PlannedRunResult } from '@groundplan/workflows/contract';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import { Client, Connection } from '@temporalio/client';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './test-support/chromium.js';
import { runCli } from './test-support/run-cli.js';

// Three runs as a user would start them, then the dev server's Web UI in a real (headless)
// Chromium: failed runs are red with their reason, the completed run's timeline reads as its story.
const root = new URL('../../../', import.meta.url).pathname;
const office = `${root}datasets/office.json`;
const instruction = "Close Jason's cabinet.";
const UI_TIMEOUT_MS = 30_000;
/** Where the runs say `groundplan view` serves them. */
const view = 'http://127.0.0.1:4310';

/** Waits until some frame of the page (markdown is rendered in iframes) shows the text. */
async function textInSomeFrame(page: Page, text: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const body = await frame
        .locator('body')
        .textContent({ timeout: 1_000 })
        .catch(() => '');
      if (body?.includes(text)) return;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no frame of ${page.url()} shows "${text}" within ${UI_TIMEOUT_MS} ms`);
}

type Run = { runId: string; code: number; result: PlannedRunResult };

describe('runs in the Temporal UI, seen in a real browser', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-temporal-ui-`);
  // GROUNDPLAN_SCREENSHOTS_DIR=docs refreshes the README's screenshots.
  const shots = process.env.GROUNDPLAN_SCREENSHOTS_DIR ?? `${dir}/screenshots`;
  let server: { port: number; uiPort: number; dataDir: string };
  let ui: string;
  let client: Client;
  let exploration: { runId: string; code: number; status: string };
  let worker: WorkerProcess;
  let movedRobot: WorkerProcess;
  let browser: Browser;
  let page: Page;
  const runs: Record<'completed' | 'executionFailed' | 'planFailed', Run> = {} as never;

  beforeAll(async () => {
    const executablePath = await chromiumPath();
    server = { port: await freePort(), uiPort: await freePort(), dataDir: `${dir}/server` };
    const started = await startDevServer({ ...server, searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    if (!started.ok) throw new Error(started.error);
    ui = started.value.uiUrl;
    const env = {
      TEMPORAL_ADDRESS: started.value.address,
      GROUNDPLAN_SCENE_STORE: `${dir}/scenes`,
      GROUNDPLAN_VIEW_URL: view,
    };
    worker = await startWorkerProcess(['--roles', 'planner,llm,sim,robot', '--robot-id', 'sim-1'], {
      ...env,
      GROUNDPLAN_DATA_DIR: dir,
      GROUNDPLAN_LLM_PROVIDER: 'replay',
      GROUNDPLAN_CASSETTE: `${root}datasets/cassettes/close-jasons-cabinet.cassette.json`,
      GROUNDPLAN_ROBOT_TIME_SCALE: '0.005',
    });
    const plan = async (...extra: string[]): Promise<Run> => {
      const cli = await runCli(
        ['plan', '--planner', 'sayplan', '--scene', office, '--json', ...extra, instruction],
        env,
      );
      const { runId, result } = JSON.parse(cli.stdout) as Omit<Run, 'code'>;
      return { runId, code: cli.code, result };
    };
    // A second robot whose true world differs from the scene it is told: it stands in Jason's
    // office, not where the scene says, so the plan verified on the scene fails at its first step.
    const moved = JSON.parse(readFileSync(office, 'utf8')) as {
      edges: Array<{ kind: string; source: string; target: string }>;
    };
    for (const edge of moved.edges) if (edge.kind === 'at') edge.target = 'jasons_office';
    writeFileSync(`${dir}/office-moved-robot.json`, JSON.stringify(moved));
    movedRobot = await startWorkerProcess(['--roles', 'robot', '--robot-id', 'sim-moved'], {
      ...env,
      GROUNDPLAN_DATA_DIR: dir,
      GROUNDPLAN_ROBOT_TIME_SCALE: '0.005',
      GROUNDPLAN_ROBOT_TRUE_WORLD: `${dir}/office-moved-robot.json`,
    });
    runs.completed = await plan();
    runs.executionFailed = await plan('--robot', 'sim-moved', '--max-execution-replans', '0');
    // Each robot plans from its own belief: a fresh robot plans from the scene (the cassette's world).
    runs.planFailed = await plan('--robot', 'sim-unplanned', '--max-replans', '0');
    // An exploration on the robot the completed run moved: a task of the robot like the plans.
    const explored = await runCli(
      [
        'explore',
        '--targets',
        'jasons_keyboard',
        '--explorer',
        'frontier',
        '--robot',
        'sim-1',
        '--json',
        office,
      ],
      env,
    );
    const { runId, result } = JSON.parse(explored.stdout) as { runId: string; result: { status: string } };
    exploration = { runId, code: explored.code, status: result.status };
    client = new Client({ connection: await Connection.connect({ address: started.value.address }) });
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    mkdirSync(shots, { recursive: true });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await client?.connection.close();
    worker?.child.kill('SIGTERM');
    movedRobot?.child.kill('SIGTERM');
    await worker?.exited;
    await movedRobot?.exited;
    if (server) await stopDevServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  const workflows = (query: string) =>
    `${ui}/namespaces/default/workflows?query=${encodeURIComponent(query)}`;
  const workflow = (id: string, tab = '') => `${ui}/namespaces/default/workflows/${id}${tab}`;
  const row = (runId: string) => page.getByRole('row').filter({ hasText: runId });

  it('ended the runs as the CLI reports them: exit 0 for completed, 2 for either failure', () => {
    expect([runs.completed.code, runs.completed.result.status]).toEqual([0, 'completed']);
    expect([runs.executionFailed.code, runs.executionFailed.result.status]).toEqual([2, 'execution-failed']);
    expect([runs.planFailed.code, runs.planFailed.result.status]).toEqual([2, 'plan-failed']);
    expect([exploration.code, exploration.status]).toEqual([0, 'found']);
  });

  it('gives every activity, timer and child workflow of every run a summary for its timeline row', async () => {
    const missing: string[] = [];
    const kinds = new Set<string>();
    for await (const execution of client.workflow.list()) {
      const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
      for (const event of history.events ?? []) {
        // The events that schedule what the timeline draws as a row. (A signal to another workflow
        // cannot carry one: the SDK's signal command has no user metadata.)
        const type = event.activityTaskScheduledEventAttributes
          ? `activity ${event.activityTaskScheduledEventAttributes.activityType?.name}`
          : event.timerStartedEventAttributes
            ? 'timer'
            : event.startChildWorkflowExecutionInitiatedEventAttributes
              ? `child ${event.startChildWorkflowExecutionInitiatedEventAttributes.workflowType?.name}`
              : undefined;
        if (type === undefined) continue;
        kinds.add(type.split(' ')[0]!);
        if (!event.userMetadata?.summary?.data?.length) missing.push(`${execution.workflowId}: ${type}`);
      }
    }
    expect([...kinds].sort()).toEqual(['activity', 'child']);
    expect(missing).toEqual([]);
  });

  it('lists the failed runs as failed and the completed one as completed', async () => {
    // The runs: a robot's tasks are children of its entity, so the list asks for their type.
    await page.goto(workflows("WorkflowType = 'planAndExecute'"));
    for (const [name, status] of [
      ['completed', /^completed$/i],
      ['executionFailed', /^failed$/i],
      ['planFailed', /^failed$/i],
    ] as const) {
      await row(runs[name].runId).getByText(status).first().waitFor();
    }
    await page.screenshot({ path: `${shots}/temporal-ui-list.png` });
    // The red count beside the title filters on ExecutionStatus = "Failed": both failed runs,
    // not the completed one. (The "Failures" quick filter is for running workflows whose
    // workflow tasks fail, i.e. broken workflow code, and rightly stays at 0.)
    await page
      .getByText(/^\d+ failed$/i)
      .first()
      .click();
    await page.waitForURL(/ExecutionStatus/);
    await row(runs.executionFailed.runId).first().waitFor();
    await row(runs.planFailed.runId).first().waitFor();
    expect(await row(runs.completed.runId).count()).toBe(0);
    // The README's filter finds exactly the run that failed on the robot.
    await page.goto(workflows('GroundplanStatus = "execution-failed" AND WorkflowType = "planAndExecute"'));
    await row(runs.executionFailed.runId).waitFor();
    expect(await page.getByRole('row').filter({ hasText: '-office-' }).count()).toBe(1);
  });

  it('shows each failed run with its one-line reason', async () => {
    const failures = [
      [runs.executionFailed, runs.executionFailed.result.execution?.reason, 'execution-failed'],
      [runs.planFailed, runs.planFailed.result.planning.reason, 'plan-failed'],
    ] as const;
    for (const [failed, reason, name] of failures) {
      expect(reason).toBeTruthy();
      await page.goto(workflow(failed.runId));
      await page
        .getByText(/^failed$/i)
        .first()
        .waitFor();
      await page.getByText(reason!, { exact: false }).first().waitFor();
      await page.screenshot({ path: `${shots}/temporal-ui-${name}.png` });
    }
  });

  it("tells the completed run's story in its timelines with the activity summaries", async () => {
    const { runId, result } = runs.completed;
    await page.goto(workflow(`${runId}-plan-1`));
    for (const summary of [
      'collapse the scene graph',
      'search step 1 (view',
      'search step 2 after expand(jasons_office)',
      'plan attempt 1',
      'plan attempt 2 after: step',
      'verify attempt 2',
    ])
      await page.getByText(summary, { exact: false }).first().waitFor();
    await page.screenshot({ path: `${shots}/temporal-ui-planning-timeline.png` });

    await page.goto(workflow(`${runId}-execute-1`));
    const total = result.planning.expandedPlan.length;
    const last = result.planning.expandedPlan.at(-1)!;
    // Each skill is followed by its belief update (summarised with the skill it follows) and a
    // signal to the robot entity; the timeline shows the newest rows: the last skill, and the
    // belief update after it.
    const lastSkill = `skill ${total}/${total} ${last.action}(${last.args.join(', ')})`;
    await page.getByText(`belief after ${lastSkill}`, { exact: false }).first().waitFor();
    await page.getByText(lastSkill, { exact: false }).first().waitFor();
    await page.screenshot({ path: `${shots}/temporal-ui-execution-timeline.png` });

    // The run's own summary and details, as the client set them at start. The UI renders them as
    // markdown in sandboxed frames, with typographic quotes around the instruction.
    await page.goto(workflow(runId));
    await page.getByText('User Metadata', { exact: true }).click();
    await textInSomeFrame(page, 'scene office · robot sim-1');
    await textInSomeFrame(page, 'max replans');
    // The link back to the run's page in `groundplan view`.
    await textInSomeFrame(page, `${view}/runs/${runId}`);
    await page.screenshot({ path: `${shots}/temporal-ui-user-metadata.png` });
  });

  it("tells an exploration's story in its timeline: where it starts, each room and each look", async () => {
    await page.goto(workflow(exploration.runId));
    for (const summary of [
      'what the robot knows of the building, standing where its belief puts it',
      'found yet? rooms to explore after 0 room(s)',
      'what to look at next in',
    ])
      await page.getByText(summary, { exact: false }).first().waitFor();
    await page.screenshot({ path: `${shots}/temporal-ui-exploration-timeline.png` });
  });
});
