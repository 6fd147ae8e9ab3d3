/// <reference lib="dom" />
// The view's page: `/` lists the runs, asking again every 2 s (or draws the scene file given at
// start); `/runs/<id>` draws the run's scene, search, route and story and, while the run runs,
// polls it every second.
import { buildSceneGraph, type SceneGraph } from '@groundplan/scene-graph/model';
import { shownByRun } from '../run-shown.js';
import type {
  GroupedScene,
  RunData,
  RunListData,
  SceneData,
  SteerReply,
  SteerRequest,
} from '../view-data.js';
import { fetchJson, isError } from './fetch-json.js';
import { findBox } from './find-box.js';
import { type GroupParts, groupParts } from './group-parts.js';
import { layerOf } from './layered-layout.js';
import { showLegend } from './legend.js';
import { showGroup, showNode } from './node-panel.js';
import { showError, showRun, showSteer } from './run-panel.js';
import { showRunList } from './runs-list.js';
import { drawScene, type Overlay, type SceneDrawing } from './scene-drawing.js';

const POLL_MS = 1_000;

/** What the page exposes for the browser tests and for anyone poking at it in the console. */
export type ViewHandle = {
  scene: SceneGraph;
  drawing: SceneDrawing;
  layerOf: typeof layerOf;
  run?: RunData;
  /** Picks a node as a click on it does. */
  pick(id: string): void;
  /** A large building's top (absent for one drawn whole). */
  grouped?: GroupedScene;
  /** Opens or closes a group of rooms as a click on it does (a large building's). */
  toggle(id: string): Promise<void>;
  /** A large building's groups: opened on demand, and what a live run names added as it names it. */
  parts?: GroupParts;
};

declare global {
  interface Window {
    groundplanView?: ViewHandle;
  }
}

/** Marks the page as drawn (or as showing its error), for whoever waits on it. */
function ready(): void {
  document.body.dataset.ready = 'true';
}

async function draw(scenePath: string, run: () => RunData | undefined): Promise<ViewHandle | undefined> {
  const data = await fetchJson<SceneData>(scenePath);
  if (isError(data)) {
    showError(data.error);
    ready();
    return undefined;
  }
  const scene = buildSceneGraph(data.scene);
  const { grouped } = data;
  const drawing = drawScene(document.getElementById('graph')!, scene, grouped);
  for (const part of grouped?.opened ?? []) {
    drawing.addPart(part);
    drawing.setOpen(part.group, true);
  }
  const legend = () => showLegend(scene, drawing.plan.floors.length, drawing.groups().length);
  legend();
  const floorSelect = document.getElementById('floor') as HTMLSelectElement;
  floorSelect.append(
    ...drawing.plan.floors.map((floor) => {
      const option = document.createElement('option');
      option.value = floor;
      option.textContent = `${floor}, from above`;
      return option;
    }),
  );
  const setFloor = (floor: string) => {
    floorSelect.value = floor;
    drawing.setMode(floor ? { kind: 'floor', floor } : { kind: 'layers' });
  };
  floorSelect.addEventListener('change', () => setFloor(floorSelect.value));

  const pick = (id: string) => {
    const floor = drawing.plan.floorOf.get(id);
    const group = drawing.group(id);
    // A node on another floor than the one shown: show its floor.
    const mode = drawing.mode();
    if (mode.kind === 'floor' && floor !== undefined && floor !== mode.floor) setFloor(floor);
    drawing.select(id);
    if (group) showGroup(group, drawing, run());
    else showNode(scene, id, floor, run());
  };
  const parts = grouped && groupParts(drawing, grouped, legend);
  /** A group of rooms opens (its part fetched the first time) or closes. */
  const toggle = async (id: string) => {
    if (!parts || !drawing.group(id)) return;
    const error = await parts.toggle(id);
    if (error !== undefined) return showError(error);
    pick(id);
  };
  drawing.renderer.on('clickNode', ({ node }) => (drawing.group(node) ? void toggle(node) : pick(node)));
  drawing.renderer.on('clickStage', () => drawing.select(undefined));
  findBox(document.getElementById('find') as HTMLInputElement, {
    scene,
    drawing,
    pick,
    ...(grouped && parts ? { grouped: { scene: grouped, parts } } : {}),
  });
  document.getElementById('fit')!.addEventListener('click', () => drawing.fit());

  const handle: ViewHandle = {
    scene,
    drawing,
    layerOf,
    pick,
    toggle,
    ...(grouped && parts ? { grouped, parts } : {}),
  };
  window.groundplanView = handle;
  return handle;
}

/** The route nodes the robot has reached: where it started, then one per goto it executed. */
function reached(run: RunData): number {
  if (run.route.length === 0 || run.executed === 0) return 0;
  return 1 + run.plan.slice(0, run.executed).filter((step) => step.startsWith('goto(')).length;
}

function overlay(run: RunData, step: number): Overlay {
  const searched = run.search[step - 1];
  return {
    route: run.route,
    reached: reached(run),
    touched: new Set(run.touched),
    ...(run.explored ? { explored: new Set(run.explored) } : {}),
    ...(searched ? { visible: new Set(searched.visible), expanded: new Set(searched.expanded) } : {}),
  };
}

async function followRun(runId: string): Promise<void> {
  const path = `/api/runs/${encodeURIComponent(runId)}`;
  const first = await fetchJson<RunData>(path);
  if (isError(first)) {
    showError(first.error);
    return ready();
  }
  let run = first;
  const handle = await draw(`${path}/scene`, () => run);
  if (!handle) return;
  // The search step shown: the latest, until the reader picks one with the slider.
  let picked: number | undefined;
  const send = async (request: SteerRequest): Promise<string | undefined> => {
    const reply = await fetchJson<SteerReply>(`${path}/steer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (isError(reply)) return reply.error;
    await refresh();
    return undefined;
  };
  const render = () => {
    const step = picked ?? run.search.length;
    handle.run = run;
    showRun(run, step);
    showSteer(run, send);
    handle.drawing.show(overlay(run, step));
  };
  // A large building: what a live run names as it goes (a search step's rooms, the route, what the
  // plan touches) may lie in groups not drawn yet. The run's scene from the server then says which
  // to add and open: asked once per name, the names of the first drawing already drawn.
  const asked = new Set<string>();
  const named = () => {
    const shown = shownByRun(run);
    return [...shown.nodes, ...shown.open];
  };
  for (const id of named()) asked.add(id);
  const drawNamed = async () => {
    if (!handle.parts) return;
    const missing = named().filter(
      (id) => !asked.has(id) && !handle.scene.hasNode(id) && !handle.drawing.group(id),
    );
    if (missing.length === 0) return;
    for (const id of missing) asked.add(id);
    const data = await fetchJson<SceneData>(`${path}/scene`);
    if (isError(data)) return showError(data.error);
    handle.parts.merge(data);
  };
  const refresh = async () => {
    const next = await fetchJson<RunData>(path);
    if (isError(next)) return showError(next.error);
    run = next;
    await drawNamed();
    render();
  };
  document.getElementById('search-step')!.addEventListener('input', (event) => {
    picked = Number((event.target as HTMLInputElement).value);
    render();
  });
  render();
  ready();
  // Polls while the run runs; a steer that set a finished run going again is followed too.
  for (;;) {
    await new Promise((wait) => setTimeout(wait, POLL_MS));
    if (run.status === 'RUNNING') await refresh();
  }
}

async function showScene(): Promise<void> {
  const handle = await draw('/api/scene', () => undefined);
  if (!handle) return;
  const groups = handle.drawing.groups().length;
  document.getElementById('status')!.textContent =
    groups === 0
      ? `${handle.scene.order} nodes, ${handle.scene.size} edges`
      : `${handle.grouped!.rooms} rooms, ${handle.grouped!.nodes} nodes: drawn by the search's groups of rooms; click a group to open or close it`;
  handle.drawing.show({ route: [], reached: 0 });
  ready();
}

async function listRuns(): Promise<void> {
  await showRunList(() => fetchJson<RunListData>('/api/runs'));
  ready();
}

const page = document.body.dataset.page;
const run = /^\/runs\/([^/]+)$/.exec(location.pathname)?.[1];
await (page === 'runs' ? listRuns() : run === undefined ? showScene() : followRun(decodeURIComponent(run)));
