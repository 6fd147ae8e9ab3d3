import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connectClient, temporalConfigFromEnv } from '@groundplan/temporal-runtime';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRow } from '../run-row.js';
import { runCli } from '../test-support/run-cli.js';
import { replayingWorker, startViewStack, type ViewStack } from '../test-support/view-stack.js';
import type { RunData } from './view-data.js';

// The web view as a user meets it, in Debian's Chromium against a real Temporal dev server, a
// real worker (the grounded-prior planner asks no model) and `groundplan view`: the runs at `/`,
// the home's three floors apart, a node clicked, a question answered and a plan approved from the page.
const root = new URL('../../../../', import.meta.url).pathname;
const office = `${root}datasets/office.json`;
const home = `${root}datasets/home.json`;
const TIMEOUT_MS = 30_000;

type SceneFileJson = {
  nodes: { id: string; kind: string }[];
  edges: { kind: string; source: string; target: string }[];
};
const homeFile = JSON.parse(readFileSync(home, 'utf8')) as SceneFileJson;
/** The home's rooms by floor, read from the file's floor -> room edges. */
const roomsByFloor = new Map<string, string[]>();
for (const edge of homeFile.edges)
  if (edge.kind === 'hierarchy' && edge.source.startsWith('floor'))
    roomsByFloor.set(edge.source, [...(roomsByFloor.get(edge.source) ?? []), edge.target]);

describe('the web view: runs, floors, nodes, steering', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-run-page-`);
  // GROUNDPLAN_SCREENSHOTS_DIR=$PWD/src/view/screenshots (from apps/cli) refreshes the README's screenshots.
  const shots = process.env.GROUNDPLAN_SCREENSHOTS_DIR ?? `${dir}/screenshots`;
  let env: Record<string, string>;
  let stack: ViewStack;
  let page: Page;
  let base: string;
  const runs: Record<'approve' | 'question' | 'home', string> = { approve: '', question: '', home: '' };

  const plan = async (...args: string[]) => {
    const cli = await runCli(['plan', '--planner', 'grounded-prior', '--no-wait', '--json', ...args], env);
    expect(cli.stderr).toBe('');
    return (JSON.parse(cli.stdout) as { runId: string }).runId;
  };
  const temporalConfig = () => {
    const config = temporalConfigFromEnv(env);
    if (!config.ok) throw new Error(config.error);
    return config.value;
  };
  const runData = async (runId: string) =>
    (await (await fetch(`${base}/api/runs/${encodeURIComponent(runId)}`)).json()) as RunData;
  const untilRun = async (runId: string, done: (run: RunData) => boolean) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const run = await runData(runId);
      if (done(run)) return run;
      if (Date.now() > deadline)
        throw new Error(`run ${runId} never got there: ${JSON.stringify(run.progress)}`);
      await new Promise((wait) => setTimeout(wait, 250));
    }
  };
  const open = async (path: string) => {
    await page.goto(`${base}${path}`);
    await page.waitForSelector('body[data-ready]');
  };

  beforeAll(async () => {
    stack = await startViewStack(dir, {
      workers: [
        replayingWorker(['--roles', 'planner,llm,sim,robot', '--robot-id', 'sim-1'], {
          GROUNDPLAN_ROBOT_TIME_SCALE: '0.01',
        }),
        // The robot that explores the home: its own robot worker, as every robot has.
        {
          args: ['--roles', 'robot', '--robot-id', 'explorer-1'],
          env: { GROUNDPLAN_ROBOT_TIME_SCALE: '0.01' },
        },
      ],
      timeoutMs: TIMEOUT_MS,
    });
    ({ env, page, base } = stack);
    mkdirSync(shots, { recursive: true });
    runs.approve = await plan(
      '--scene',
      office,
      '--robot',
      'sim-1',
      '--require-approval',
      "Close Jason's cabinet.",
    );
    runs.question = await plan('--scene', office, '--plan-only', 'Bring me the stapler.');
    runs.home = await plan('--scene', home, '--plan-only', 'Bring me a banana.');
  }, 600_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('lists the runs at /: instruction, outcome, robot, planner, time; a filter narrows them; each links to its page', async () => {
    await untilRun(runs.home, (run) => run.status !== 'RUNNING');
    const listed = (await (await fetch(`${base}/api/runs`)).json()) as { runs: RunRow[] };
    await open('/');
    const rows = page.locator('#runs tbody tr');
    expect(await rows.count()).toBe(listed.runs.length);
    for (const runId of Object.values(runs)) {
      const row = page.locator(`#runs tbody tr[data-run-id="${runId}"]`);
      const cells = await row.locator('td').allTextContents();
      const known = listed.runs.find((r) => r.runId === runId)!;
      expect(cells[0]).toBe(known.instruction);
      expect(cells[2]).toBe(known.robot || '-');
      expect(cells[3]).toBe('grounded-prior');
      expect(cells[5]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(cells[6]).toMatch(/ s$/);
    }
    const homeRow = await page.locator(`#runs tbody tr[data-run-id="${runs.home}"] td`).allTextContents();
    expect(homeRow[1]).toBe((await runData(runs.home)).outcome);
    expect(homeRow[4]).toBe('home');
    await page.screenshot({ path: `${shots}/web-view-runs.png` });

    await page.locator('#runs-filter').fill('stapler');
    expect(await page.locator('#runs tbody tr:not([hidden])').count()).toBe(1);
    await expect(page.locator('#runs-count').textContent()).resolves.toBe(`1 of ${listed.runs.length} runs`);
    await page.locator('#runs-filter').fill('grounded-prior home');
    const shown = page.locator('#runs tbody tr:not([hidden])');
    expect(await shown.getAttribute('data-run-id')).toBe(runs.home);
    await shown.locator('a').click();
    await page.waitForSelector('body[data-ready]');
    expect(page.url()).toBe(`${base}/runs/${runs.home}`);
    await expect(page.locator('#status').textContent()).resolves.toContain('Bring me a banana.');
  });

  it('refreshes the run list by itself: a run started while / is open appears without a reload', async () => {
    await open('/');
    const before = await page.locator('#runs tbody tr').count();
    // A reload would lose this mark.
    await page.evaluate(() => {
      document.body.dataset.stayed = 'yes';
    });
    const runId = await plan('--scene', office, '--plan-only', "Close Jason's cabinet.");
    await page.locator(`#runs tbody tr[data-run-id="${runId}"]`).waitFor();
    expect(await page.locator('#runs tbody tr').count()).toBe(before + 1);
    expect(await page.evaluate(() => document.body.dataset.stayed)).toBe('yes');
    // The filter typed before a refresh still narrows the rows after it.
    await page.locator('#runs-filter').fill('banana');
    await untilRun(runId, (run) => run.status !== 'RUNNING');
    // The next refresh shows its outcome in place of its stage.
    await page.waitForFunction((id) => {
      const outcome = document.querySelector(`#runs tbody tr[data-run-id="${id}"] td:nth-child(2)`);
      return outcome?.textContent !== null && !outcome?.textContent?.startsWith('running');
    }, runId);
    expect(await page.locator(`#runs tbody tr[data-run-id="${runId}"]`).isHidden()).toBe(true);
    expect(await page.locator(`#runs tbody tr[data-run-id="${runs.home}"]`).isVisible()).toBe(true);
  });

  it("draws the home's three floors apart, and each floor alone from above", async () => {
    await open(`/runs/${runs.home}`);
    expect(roomsByFloor.size).toBe(3);
    const drawnRooms = () =>
      page.evaluate(() => {
        const renderer = window.groundplanView!.drawing.renderer;
        const rooms: Record<string, { x: number; y: number }> = {};
        renderer.getGraph().forEachNode((id, attributes) => {
          const data = renderer.getNodeDisplayData(id);
          if (attributes.kind === 'room' && data && !data.hidden)
            rooms[id] = renderer.framedGraphToViewport({ x: data.x, y: data.y });
        });
        return rooms;
      });
    // By layer: each floor's rooms in a column of their own, no room of one floor among another's.
    const layered = await drawnRooms();
    expect(Object.keys(layered).length).toBe(28);
    const spans = [...roomsByFloor.entries()].map(([floor, rooms]) => {
      const xs = rooms.map((room) => layered[room]!.x);
      return { floor, from: Math.min(...xs), to: Math.max(...xs) };
    });
    spans.sort((a, b) => a.from - b.from);
    expect(spans.map((s) => s.floor)).toEqual(['floor0', 'floor1', 'floor2']);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.from).toBeGreaterThan(spans[i - 1]!.to);
    const options = await page.locator('#floor option').allTextContents();
    expect(options).toEqual([
      'all floors, by layer',
      'floor0, from above',
      'floor1, from above',
      'floor2, from above',
    ]);
    await page.screenshot({ path: `${shots}/web-view-floors-by-layer.png` });

    for (const [floor, rooms] of roomsByFloor) {
      await page.locator('#floor').selectOption(floor);
      const top = await drawnRooms();
      expect(Object.keys(top).sort()).toEqual([...rooms].sort());
      // From above no two rooms of a floor share a place.
      const places = new Set(Object.values(top).map((p) => `${Math.round(p.x)},${Math.round(p.y)}`));
      expect(places.size).toBe(rooms.length);
    }
    await page.locator('#floor').selectOption('floor0');
    await page.screenshot({ path: `${shots}/web-view-floor0.png` });
  });

  it('shows a clicked node: kind, state, parents, the search step that revealed it; the search box finds one', async () => {
    const run = await untilRun(runs.question, (r) => r.stage === 'awaiting-answer' || r.status !== 'RUNNING');
    await open(`/runs/${runs.question}`);
    // The first room a search step revealed, clicked where sigma drew it.
    const step = run.search.find((s) => s.command === 'expand' && !s.error)!;
    const room = step.node;
    expect(run.revealed[room]).toBeDefined();
    const at = await page.evaluate((id) => {
      const renderer = window.groundplanView!.drawing.renderer;
      const data = renderer.getNodeDisplayData(id)!;
      return renderer.framedGraphToViewport({ x: data.x, y: data.y });
    }, room);
    const box = (await page.locator('#graph').boundingBox())!;
    await page.mouse.move(box.x + at.x, box.y + at.y);
    await page.mouse.down();
    await page.mouse.up();
    await expect(page.locator('#node-id').textContent()).resolves.toBe(room);
    await expect(page.locator('#node-facts dd[data-fact="kind"]').textContent()).resolves.toBe('room');
    await expect(page.locator('#node-facts dd[data-fact="parents"]').textContent()).resolves.toBe('floor0');
    const revealed = run.revealed[room] === 0 ? 'in the first view' : `search step ${run.revealed[room]}`;
    await expect(page.locator('#node-facts dd[data-fact="revealed"]').textContent()).resolves.toContain(
      revealed,
    );

    // The search box: an object's id, with its state and the chain up to the building.
    await page.locator('#find').fill('stapler_2');
    await page.locator('#find').press('Enter');
    await expect(page.locator('#node-id').textContent()).resolves.toBe('stapler_2');
    const parents = (await page.locator('#node-facts dd[data-fact="parents"]').textContent()) ?? '';
    expect(parents).toMatch(/^inside \w+ → \w+ → floor0$/);
    await expect(page.locator('#node-facts dd[data-fact="state"]').textContent()).resolves.toBeTruthy();
  });

  it("answers the run's question from the page: the run plans for the thing chosen", async () => {
    await untilRun(runs.question, (r) => r.stage === 'awaiting-answer');
    await open(`/runs/${runs.question}`);
    await expect(page.locator('#steer-title').textContent()).resolves.toBe('Which stapler did you mean?');
    expect(await page.locator('#steer-buttons button').allTextContents()).toEqual([
      'stapler',
      'stapler_2',
      'stapler_3',
    ]);
    await expect(page.locator('#reading').textContent()).resolves.toContain('asked which stapler');
    await page.screenshot({ path: `${shots}/web-view-question.png` });
    await page.locator('#answer-stapler_2').click();
    const done = await untilRun(runs.question, (r) => r.status !== 'RUNNING');
    expect([done.outcome, done.question?.answer]).toEqual(['verified', 'stapler_2']);
    expect(done.goals.join(' ')).toContain('stapler_2');
    await page.waitForFunction(() => document.getElementById('goals')!.textContent!.includes('stapler_2'));
    expect(await page.locator('#steer').isHidden()).toBe(true);
    await expect(page.locator('#reading').textContent()).resolves.toMatch(
      /^Read by the rules as a request: .*stapler.* · answered stapler_2$/,
    );
  });

  it('approves a plan from the page: the robot executes it, and the page tells what it did step by step', async () => {
    const waiting = await untilRun(runs.approve, (r) => r.stage === 'awaiting-approval');
    await open(`/runs/${runs.approve}`);
    await expect(page.locator('#steer-title').textContent()).resolves.toBe(
      'The plan waits for your approval',
    );
    expect(waiting.plan.length).toBeGreaterThan(0);
    expect(await page.locator('#plan-steps li').count()).toBe(waiting.plan.length);
    // The objects the plan acts on are marked in the plan and drawn in the touched colour.
    expect(waiting.touched).toContain('cabinet_3');
    expect(await page.locator('#plan-steps li.touched').count()).toBeGreaterThan(0);
    const colour = await page.evaluate(
      () => window.groundplanView!.drawing.renderer.getNodeDisplayData('cabinet_3')?.color,
    );
    expect(colour).toBe('#f2b705');
    await expect(page.locator('#legend [data-legend="touched"]').textContent()).resolves.toBe(
      'touched by the plan',
    );
    await page.screenshot({ path: `${shots}/web-view-approval.png` });
    await page.locator('#approve').click();
    const done = await untilRun(runs.approve, (r) => r.status !== 'RUNNING');
    expect(done.outcome).toBe('completed');
    await page.waitForFunction(
      (count) => document.querySelectorAll('#did-steps li.done').length === count,
      done.plan.length,
    );
    expect(await page.locator('#did-steps li').first().textContent()).toContain(done.plan[0]!);
    // What moved: the belief's changes after execution, where the robot went and the door it closed.
    await page.locator('#moved').waitFor();
    const changes = await page.locator('#changes li').allTextContents();
    expect(changes).toEqual(done.changes);
    expect(changes).toContain('cabinet_3 door: open -> closed');
    expect(changes).toContainEqual(expect.stringMatching(/^agent moved from pose_s0 to \S+$/));
    await page.screenshot({ path: `${shots}/web-view-approved.png` });

    // In the Temporal UI each skill's belief update says which skill it follows (its activity summary).
    const client = await connectClient(temporalConfig());
    const history = await client.workflow.getHandle(`${runs.approve}-execute-1`).fetchHistory();
    const converter = client.options.loadedDataConverter.payloadConverter;
    const summaries = (history.events ?? []).flatMap((event) => {
      const scheduled = event.activityTaskScheduledEventAttributes;
      if (scheduled?.activityType?.name !== 'advanceBelief') return [];
      const summary = event.userMetadata?.summary;
      return [summary ? converter.fromPayload<string>(summary) : ''];
    });
    await client.connection.close();
    expect(summaries).toEqual(
      done.plan.map((step, i) => `belief after skill ${i + 1}/${done.plan.length} ${step}`),
    );
  });

  it('draws an exploration: the rooms it looked around in order, what it found, from the run list', async () => {
    const explore = await runCli(
      ['explore', '--targets', 'banana', '--explorer', 'frontier', '--robot', 'explorer-1', '--json', home],
      env,
    );
    expect(explore.stderr).toBe('');
    const { runId } = JSON.parse(explore.stdout) as { runId: string };
    await open('/');
    const row = page.locator(`#runs tbody tr[data-run-id="${runId}"]`);
    expect((await row.locator('td').allTextContents()).slice(0, 4)).toEqual([
      'find banana',
      'found',
      'explorer-1',
      'frontier',
    ]);
    await row.locator('a').click();
    await page.waitForSelector('body[data-ready]');
    const run = await runData(runId);
    expect(run.outcome).toBe('found');
    expect(run.explored?.length).toBeGreaterThan(0);
    expect(run.touched).toEqual(['banana']);
    await expect(page.locator('#status').textContent()).resolves.toBe(
      `"find banana" · scene home · completed · found`,
    );
    expect(await page.locator('#did-steps li').allTextContents()).toEqual(
      run.explored!.map((room) => `looked around ${room}`),
    );
    const colours = await page.evaluate((rooms) => {
      const renderer = window.groundplanView!.drawing.renderer;
      return [...rooms, 'banana'].map((id) => renderer.getNodeDisplayData(id)?.color);
    }, run.explored!);
    expect(colours).toEqual([...run.explored!.map(() => '#e76f51'), '#f2b705']);
    await page.screenshot({ path: `${shots}/web-view-exploration.png` });
  });

  it('refuses a steer from another site and a malformed one, in one line', async () => {
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${base}/api/runs/${runs.approve}/steer`, { method: 'POST', body, headers });
    const foreign = await post('{"action":"approve"}', {
      'content-type': 'application/json',
      origin: 'http://example.com',
    });
    expect(foreign.status).toBe(403);
    const malformed = await post('{"action":"launch"}', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toMatch(/^groundplan: send /);
    const notAsking = await post('{"action":"answer","choice":"stapler"}', {
      'content-type': 'application/json',
    });
    expect(((await notAsking.json()) as { error: string }).error).toBe(
      `groundplan: run '${runs.approve}' is not asking anything now`,
    );
  });
});
