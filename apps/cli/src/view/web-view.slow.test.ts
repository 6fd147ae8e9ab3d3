import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connectClient, temporalConfigFromEnv, workflowUiUrl } from '@groundplan/temporal-runtime';
import type { PlannedRunResult } from '@groundplan/workflows/contract';
import { progressQuery } from '@groundplan/workflows/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';
import { startView, type ViewProcess } from '../test-support/view-process.js';
import { replayingWorker, startViewStack, type ViewStack } from '../test-support/view-stack.js';
import type { RunData } from './view-data.js';

// `groundplan view` as a user runs it, and its page in a real (headless) Chromium: a run followed
// while the simulated robot executes it, the same run once finished, a plain scene file, bad input.
const root = new URL('../../../../', import.meta.url).pathname;
const office = `${root}datasets/office.json`;
const instruction = "Close Jason's cabinet.";
const TIMEOUT_MS = 30_000;

type SceneFileJson = {
  nodes: { id: string; kind: string }[];
  edges: { kind: string; source: string; target: string }[];
};
const officeFile = JSON.parse(readFileSync(office, 'utf8')) as SceneFileJson;

/** The office's node counts per layer of the view, counted from the file, not from the page. */
function layersOfFile(file: SceneFileJson): Record<string, number> {
  const layer: Record<string, string> = {
    campus: 'building',
    building: 'building',
    floor: 'building',
    room: 'room',
    pose: 'navigation',
    agent: 'navigation',
    asset: 'asset',
    object: 'object',
  };
  const counts: Record<string, number> = {};
  for (const node of file.nodes) counts[layer[node.kind]!] = (counts[layer[node.kind]!] ?? 0) + 1;
  return counts;
}

/** What sigma draws, read from its renderer: nodes per layer, highlighted nodes, edges drawn in the route's red. */
function drawn(page: Page) {
  return page.evaluate(() => {
    const view = window.groundplanView!;
    const renderer = view.drawing.renderer;
    const graph = renderer.getGraph();
    const layers: Record<string, number> = {};
    const highlighted: string[] = [];
    const faded: string[] = [];
    const reached: string[] = [];
    const ahead: string[] = [];
    graph.forEachNode((id) => {
      const data = renderer.getNodeDisplayData(id) as
        | (ReturnType<typeof renderer.getNodeDisplayData> & { layer: string })
        | undefined;
      if (!data || data.hidden) return;
      layers[data.layer] = (layers[data.layer] ?? 0) + 1;
      if (data.highlighted) highlighted.push(id);
      if (data.color === '#dcdcdc') faded.push(id);
      if (data.color === '#d62828') reached.push(id);
      if (data.color === '#f4a3a3') ahead.push(id);
    });
    const routeColors = ['#d62828', '#f4a3a3'];
    const routeEdges = graph.filterEdges((edge) =>
      routeColors.includes(renderer.getEdgeDisplayData(edge)?.color ?? ''),
    );
    const reachedEdges = routeEdges.filter((edge) => renderer.getEdgeDisplayData(edge)?.color === '#d62828');
    return {
      layers,
      highlighted,
      faded,
      reached,
      ahead,
      routeEdges: routeEdges.map((e) => graph.extremities(e).sort().join(' ')),
      reachedEdges: reachedEdges.length,
    };
  });
}

describe('the web view of runs and scenes, in a real browser', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-web-view-`);
  // GROUNDPLAN_SCREENSHOTS_DIR=$PWD/src/view/screenshots (from apps/cli) refreshes the README's screenshots.
  const shots = process.env.GROUNDPLAN_SCREENSHOTS_DIR ?? `${dir}/screenshots`;
  let env: Record<string, string>;
  let stack: ViewStack;
  let view: ViewProcess;
  let page: Page;
  let runId: string;

  beforeAll(async () => {
    stack = await startViewStack(dir, {
      workers: [
        replayingWorker(['--roles', 'planner,llm,sim,robot', '--robot-id', 'sim-1'], {
          // A model 1.2 s slow, so the page sees the search grow step by step.
          GROUNDPLAN_REPLAY_LATENCY_MS: '1200',
          GROUNDPLAN_ROBOT_TIME_SCALE: '0.1',
        }),
      ],
      viewUrlInEnv: true,
      timeoutMs: TIMEOUT_MS,
    });
    ({ env, view, page } = stack);
    mkdirSync(shots, { recursive: true });
    const cli = await runCli(
      ['plan', '--planner', 'sayplan', '--scene', office, '--no-wait', '--json', instruction],
      env,
    );
    expect(cli.code).toBe(0);
    runId = (JSON.parse(cli.stdout) as { runId: string }).runId;
  }, 600_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('follows a live run: the search grows, then the progress text changes while the robot executes, until it completes', async () => {
    expect(view.url).toBe(`${env.GROUNDPLAN_VIEW_URL}/`);
    await page.goto(`${env.GROUNDPLAN_VIEW_URL}/runs/${runId}`);
    await page.waitForSelector('body[data-ready]');
    const seen: string[] = [];
    const searchSteps = new Set<number>();
    let shotLive = false;
    let midway: Awaited<ReturnType<typeof drawn>> | undefined;
    const deadline = Date.now() + 120_000;
    let status = '';
    while (Date.now() < deadline) {
      const progress = (await page.locator('#progress').textContent()) ?? '';
      if (seen.at(-1) !== progress) seen.push(progress);
      if (progress.startsWith('[searching]')) searchSteps.add(await page.locator('#search-steps li').count());
      if (/executed [2-9]\//.test(progress) && !shotLive) {
        await page.screenshot({ path: `${shots}/web-view-live.png` });
        midway = await drawn(page);
        shotLive = true;
      }
      status = (await page.locator('#status').textContent()) ?? '';
      if (status.includes('completed')) break;
      await page.waitForTimeout(200);
    }
    expect(status).toContain('completed');
    // While it searched, the page drew the steps so far (from planTask's progress query), more of them as they came.
    expect([...searchSteps].filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
    const executing = seen.filter((text) => /\[executing\] .*executed \d+\/\d+ steps/.test(text));
    // At least two different counts of executed steps were shown while the robot moved.
    expect(new Set(executing.map((text) => /executed (\d+)\//.exec(text)![1])).size).toBeGreaterThanOrEqual(
      2,
    );
    expect(seen.at(-1)).toMatch(/^executed (\d+)\/\1 steps$/);
    // Midway, the route is red as far as the robot has got and light red beyond.
    expect(midway?.reached.length).toBeGreaterThan(0);
    expect(midway?.ahead.length).toBeGreaterThan(0);
    expect(midway?.reachedEdges).toBeLessThan(midway?.routeEdges.length ?? 0);
  });

  it('draws the finished run: the scene by layers, its search steps, the route and the links both ways', async () => {
    const cli = await runCli(['result', runId, '--json'], env);
    const result = (JSON.parse(cli.stdout) as { result: PlannedRunResult }).result;
    expect(result.status).toBe('completed');
    await page.goto(`${env.GROUNDPLAN_VIEW_URL}/runs/${runId}`);
    await page.waitForSelector('body[data-ready]');

    const onPage = await drawn(page);
    expect(onPage.layers).toEqual(layersOfFile(officeFile));
    // The route: where the agent stands, then each goto of the executed plan, on the navigation layer.
    const start = officeFile.edges.find((e) => e.kind === 'at')!.target;
    const route = [start];
    for (const step of result.planning.expandedPlan)
      if (step.action === 'goto' && step.args[0] !== route.at(-1)) route.push(step.args[0]!);
    expect(route.length).toBeGreaterThan(2);
    for (const id of route) expect(onPage.highlighted).toContain(id);
    expect([onPage.reached.sort(), onPage.ahead]).toEqual([[...route].sort(), []]);
    const routeEdges = route.slice(1).map((id, i) => [route[i]!, id].sort().join(' '));
    expect(onPage.routeEdges.sort()).toEqual([...new Set(routeEdges)].sort());
    expect(onPage.reachedEdges).toBe(onPage.routeEdges.length);

    // The search steps, one per entry of the run's trace; the last step's view fades what it hid.
    const steps = page.locator('#search-steps li');
    expect(await steps.count()).toBe(result.planning.searchTrace.length);
    const first = result.planning.searchTrace[0]!;
    await expect(steps.first().textContent()).resolves.toContain(`${first.command}(${first.node})`);
    expect(onPage.faded.length).toBeGreaterThan(0);
    for (const expanded of result.planning.explored.expanded) expect(onPage.faded).not.toContain(expanded);
    expect(await page.locator('#plan-steps li.done').count()).toBe(result.planning.expandedPlan.length);

    // Both ways: the page links to the run in the Temporal UI, the run's memo and details to the page.
    const config = temporalConfigFromEnv(env);
    if (!config.ok) throw new Error(config.error);
    expect(await page.locator('#temporal-ui').getAttribute('href')).toBe(workflowUiUrl(config.value, runId));
    const client = await connectClient(config.value);
    const description = await client.workflow.getHandle(runId).describe();
    expect(description.memo?.view).toBe(page.url());
    expect(await description.staticDetails()).toContain(`[${page.url()}](${page.url()})`);
    // The planning child's progress query carries the search the view draws while it runs.
    const planning = await client.workflow.getHandle(`${runId}-plan-1`).query(progressQuery);
    expect(planning.searchTrace).toEqual(result.planning.searchTrace);
    await client.connection.close();
    await page.screenshot({ path: `${shots}/web-view-run.png` });

    // Back to the step that expanded a node the search later contracted: what that expand
    // revealed is drawn in colour there, and faded again at the last step.
    const index = result.planning.searchTrace.findIndex(
      (entry, i, trace) =>
        entry.command === 'expand' &&
        trace.slice(i + 1).some((later) => later.command === 'contract' && later.node === entry.node),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const node = result.planning.searchTrace[index]!.node;
    const revealed = officeFile.edges
      .filter((e) => e.kind === 'hierarchy' && e.source === node)
      .map((e) => e.target);
    expect(revealed.length).toBeGreaterThan(0);
    for (const id of revealed) expect(onPage.faded).toContain(id);
    await page.locator('#search-step').fill(String(index + 1));
    const then = await drawn(page);
    for (const id of revealed) expect(then.faded).not.toContain(id);
    expect(then.highlighted).toContain(node);
  });

  it('draws a plan-only run: the verified plan and its route, none of it executed', async () => {
    const cli = await runCli(
      ['plan', '--planner', 'sayplan', '--plan-only', '--scene', office, '--json', instruction],
      env,
    );
    expect(cli.code).toBe(0);
    const { runId: planOnly } = JSON.parse(cli.stdout) as { runId: string };
    await page.goto(`${env.GROUNDPLAN_VIEW_URL}/runs/${planOnly}`);
    await page.waitForSelector('body[data-ready]');
    await expect(page.locator('#status').textContent()).resolves.toContain('completed · verified');
    const onPage = await drawn(page);
    expect(onPage.layers).toEqual(layersOfFile(officeFile));
    const { route } = (await (
      await fetch(`${env.GROUNDPLAN_VIEW_URL}/api/runs/${planOnly}`)
    ).json()) as RunData;
    expect(route.length).toBeGreaterThan(2);
    expect([onPage.ahead.sort(), onPage.reached]).toEqual([[...route].sort(), []]);
    expect([onPage.routeEdges.length, onPage.reachedEdges]).toEqual([route.length - 1, 0]);
    expect(await page.locator('#plan-steps li').count()).toBeGreaterThan(0);
    expect(await page.locator('#plan-steps li.done').count()).toBe(0);
  });

  it('draws a plain scene file by layers, without Temporal', async () => {
    const scene = await startView(['--port', '0', office], { TEMPORAL_PORT: '1' });
    try {
      await page.goto(scene.url);
      await page.waitForSelector('body[data-ready]');
      expect((await drawn(page)).layers).toEqual(layersOfFile(officeFile));
      await expect(page.locator('#status').textContent()).resolves.toBe(
        `${officeFile.nodes.length} nodes, ${officeFile.edges.length} edges`,
      );
      await page.screenshot({ path: `${shots}/web-view-scene.png` });
    } finally {
      await scene.stop();
    }
  });

  it('says in one line that a run does not exist, on the page and in the CLI (exit 1)', async () => {
    await page.goto(`${env.GROUNDPLAN_VIEW_URL}/runs/no-such-run`);
    await page.waitForSelector('body[data-ready]');
    await expect(page.locator('#error').textContent()).resolves.toBe(
      "groundplan: no run with id 'no-such-run' (see `groundplan list`)",
    );
    const cli = await runCli(['view', '--port', '0', '--run', 'no-such-run'], env);
    expect(cli).toEqual({
      code: 1,
      stdout: '',
      stderr: "groundplan: no run with id 'no-such-run' (see `groundplan list`)\n",
    });
  });

  it('refuses a truncated or malformed scene file in one line, exit 1, serving and writing nothing', async () => {
    const bad = `${dir}/bad`;
    mkdirSync(bad);
    writeFileSync(`${bad}/truncated.json`, readFileSync(office, 'utf8').slice(0, 700));
    writeFileSync(`${bad}/not-a-scene.json`, '{"format": "something else", "nodes": 3}');
    for (const [file, says] of [
      ['truncated.json', /\S*truncated\.json is not valid JSON at line \d+, column \d+/],
      ['not-a-scene.json', /\S*not-a-scene\.json: /],
    ] as const) {
      const cli = await runCli(['view', '--port', '0', `${bad}/${file}`], env);
      expect(cli.code).toBe(1);
      expect(cli.stdout).toBe('');
      expect(cli.stderr.split('\n')).toHaveLength(2);
      expect(cli.stderr).toMatch(new RegExp(`^groundplan: ${says.source}`));
    }
    expect(readdirSync(bad).sort()).toEqual(['not-a-scene.json', 'truncated.json']);
  });
});
