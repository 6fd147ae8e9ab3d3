import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  fileSceneStore,
  generatePlanningTask,
  roomsOfGroup,
  type SceneGraph,
  type SearchTree,
  searchTree,
} from '@groundplan/scene-graph';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.js';
import { replayingWorker, startViewStack, type ViewStack } from '../test-support/view-stack.js';
import type { RunData } from './view-data.js';

// A run on a generated building of 2,000 rooms (10 floors of 200), followed live on its page in
// Debian's Chromium against a real Temporal dev server, a real worker (grounded-prior: the
// retrieval prior makes every choice, no model) and `groundplan view`. The page loads while the
// run is still searching, so the rooms its plan goes to are in groups not drawn then; the page
// must open them as the run names them. Then the search box finds a node in a group never opened.
const TIMEOUT_MS = 30_000;
/** How long the run may take: the retrieval index of ~4,000 node texts is made cold, on a shared 2-core machine. */
const RUN_BOUND_MS = 150_000;
const building = { seed: 27, floors: 10, roomsPerFloor: 200, assetsPerRoom: 1, objectsPerAsset: 0 };
const { scene: file, task } = generatePlanningTask(building);
// The scene as the run has it (the store keeps it canonical, in id order): its search tree groups the rooms.
let graph: SceneGraph;
let tree: SearchTree;

/** The groups of rooms holding a room, outermost first, as the search tree nests them. */
function groupsAbove(room: string): string[] {
  const above: string[] = [];
  for (let up = tree.parents.get(room); up !== undefined && tree.groups.has(up); up = tree.parents.get(up))
    above.unshift(up);
  return above;
}

/** How sigma draws each node: absent (not on the page), hidden, or its colour; and the groups open. */
function drawnState(page: Page, ids: readonly string[]) {
  return page.evaluate((nodes) => {
    const { drawing, scene } = window.groundplanView!;
    return {
      nodes: Object.fromEntries(
        nodes.map((id) => {
          const data = drawing.renderer.getNodeDisplayData(id);
          if (!scene.hasNode(id) && !drawing.group(id)) return [id, 'absent'];
          return [id, !data || data.hidden ? 'hidden' : data.color];
        }),
      ),
      open: drawing
        .groups()
        .filter((group) => drawing.isOpen(group.id))
        .map((group) => group.id),
    };
  }, ids);
}

describe('a run on a 2,000-room building in the web view', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-large-run-`);
  // GROUNDPLAN_SCREENSHOTS_DIR=$PWD/src/view/screenshots (from apps/cli) refreshes the README's screenshots.
  const shots = process.env.GROUNDPLAN_SCREENSHOTS_DIR ?? `${dir}/screenshots`;
  let stack: ViewStack;
  let page: Page;
  let base: string;
  let runId: string;

  const runData = async () =>
    (await (await fetch(`${base}/api/runs/${encodeURIComponent(runId)}`)).json()) as RunData;

  beforeAll(async () => {
    stack = await startViewStack(dir, {
      workers: [
        // grounded-prior asks no model.
        replayingWorker(['--roles', 'planner,llm,sim']),
      ],
      timeoutMs: TIMEOUT_MS,
    });
    ({ page, base } = stack);
    mkdirSync(shots, { recursive: true });
    writeFileSync(`${dir}/tower.json`, JSON.stringify(file));
    const cli = await runCli(
      [
        'plan',
        '--planner',
        'grounded-prior',
        '--scene',
        `${dir}/tower.json`,
        '--plan-only',
        '--no-wait',
        '--json',
        task.instruction,
      ],
      stack.env,
    );
    expect(cli.stderr).toBe('');
    runId = (JSON.parse(cli.stdout) as { runId: string }).runId;
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it("draws the plan's route and what it touches as the run names them, opening the groups they lie in", async () => {
    await page.goto(`${base}/runs/${runId}`);
    await page.waitForSelector('body[data-ready]');
    // A reload would lose this mark: what follows happens on the page as first loaded.
    await page.evaluate(() => {
      document.body.dataset.stayed = 'yes';
    });
    const first = await page.evaluate(() => window.groundplanView!.run!);
    expect([first.status, first.route]).toEqual(['RUNNING', []]);
    const rooms = [task.thingRoom, task.assetRoom];
    const before = await drawnState(page, rooms);
    expect(before.nodes).toEqual({ [task.thingRoom]: 'absent', [task.assetRoom]: 'absent' });

    await page.waitForFunction(() => window.groundplanView!.run?.status !== 'RUNNING', undefined, {
      timeout: RUN_BOUND_MS,
    });
    const run = await runData();
    expect(run.outcome).toBe('verified');
    const stored = await fileSceneStore(`${dir}/scenes`).get(run.sceneRef);
    if (!stored.ok) throw new Error(stored.error);
    graph = stored.value;
    tree = searchTree(graph);
    expect(tree.flat).toBe(false);
    expect(run.route).toEqual(expect.arrayContaining(rooms));
    expect(run.touched).toEqual(expect.arrayContaining([task.thing, task.asset]));
    expect(await page.evaluate(() => document.body.dataset.stayed)).toBe('yes');

    // Every node of the route drawn in the route's colour (a plan only: all of it still ahead),
    // every node the plan touches in the touched colour; the groups of the two rooms open.
    const after = await drawnState(page, [...run.route, ...run.touched]);
    for (const id of run.route.filter((id) => !run.touched.includes(id)))
      expect([id, after.nodes[id]]).toEqual([id, '#f4a3a3']);
    for (const id of run.touched) expect([id, after.nodes[id]]).toEqual([id, '#f2b705']);
    for (const room of rooms) expect(after.open).toEqual(expect.arrayContaining(groupsAbove(room)));
    await expect(page.locator('#plan-steps li').count()).resolves.toBe(run.plan.length);

    // The floor the plan ends on, from above, for the picture.
    const floor = await page.evaluate(
      (id) => window.groundplanView!.drawing.plan.floorOf.get(id),
      task.asset,
    );
    await page.locator('#floor').selectOption(floor!);
    // Closer in, for the picture: the piano's room among the corridor the route takes.
    await page.evaluate((id) => {
      const renderer = window.groundplanView!.drawing.renderer;
      const data = renderer.getNodeDisplayData(id)!;
      renderer.getCamera().setState({ x: data.x, y: data.y, ratio: 0.15, angle: 0 });
    }, task.asset);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/web-view-large-run.png` });
  });

  it('finds with the search box a node in a group never opened: the group opens, the node is picked and drawn', async () => {
    // An asset in the last room of floor 3's last group: nowhere near the run.
    const group = tree.children.get('floor_3')!.at(-1)!;
    const room = roomsOfGroup(graph, group).at(-1)!;
    const [asset] = graph.outNeighbors(room);
    const holding = groupsAbove(room);
    const before = await drawnState(page, [asset!]);
    expect(before.nodes[asset!]).toBe('absent');
    for (const id of holding) expect(before.open).not.toContain(id);

    // Typing alone suggests it: the server searches the whole building, a little after the keys stop.
    await page.locator('#find').fill(asset!);
    await page.waitForFunction(
      (id) =>
        Array.from(document.querySelectorAll('#node-ids option')).some(
          (option) => (option as HTMLOptionElement).value === id,
        ),
      asset,
    );
    await page.locator('#find').press('Enter');
    await page.waitForFunction((id) => document.getElementById('node-id')?.textContent === id, asset);
    const after = await drawnState(page, [asset!, room]);
    expect(after.nodes[asset!]).not.toMatch(/absent|hidden/);
    expect(after.nodes[room]).not.toMatch(/absent|hidden/);
    expect(after.open).toEqual(expect.arrayContaining(holding));
    // Picked: ringed and labelled, its floor shown from above (the floor of the run was).
    const picked = await page.evaluate((id) => {
      const data = window.groundplanView!.drawing.renderer.getNodeDisplayData(id)!;
      return {
        highlighted: data.highlighted,
        forceLabel: data.forceLabel,
        mode: window.groundplanView!.drawing.mode(),
      };
    }, asset!);
    expect(picked).toEqual({
      highlighted: true,
      forceLabel: true,
      mode: { kind: 'floor', floor: 'floor_3' },
    });
    await expect(page.locator('#node-facts dd[data-fact="kind"]').textContent()).resolves.toBe('asset');

    // Words of an id find a room too; a text no node has is said in the box.
    await page.locator('#find').fill(task.assetRoom.replaceAll('_', ' ').toUpperCase());
    await page.locator('#find').press('Enter');
    await page.waitForFunction(
      (id) => document.getElementById('node-id')?.textContent === id,
      task.assetRoom,
    );
    await page.locator('#find').fill('no such thing');
    await page.locator('#find').press('Enter');
    await page.waitForFunction(
      () => (document.getElementById('find') as HTMLInputElement).validationMessage !== '',
    );
    await expect(
      page.locator('#find').evaluate((input) => (input as HTMLInputElement).validationMessage),
    ).resolves.toBe(`no node matches 'no such thing' in scene ${file.name}`);
  });

  it('refuses a hostile search in one line of JSON', async () => {
    const ref = await page.evaluate(() => window.groundplanView!.grouped!.ref);
    for (const [text, status] of [
      ['__proto__', 404],
      ['x'.repeat(10_000), 400],
      ['%zz', 400],
    ] as const) {
      const reply = await page.evaluate(
        async (path) => {
          const response = await fetch(path);
          return { status: response.status, text: await response.text() };
        },
        `/api/scene/${encodeURIComponent(ref)}/search/${text === '%zz' ? text : encodeURIComponent(text)}`,
      );
      expect([text.slice(0, 20), reply.status]).toEqual([text.slice(0, 20), status]);
      expect(JSON.parse(reply.text).error).toMatch(/^groundplan: /);
      expect(reply.text.trim().split('\n')).toHaveLength(1);
    }
  });
});
