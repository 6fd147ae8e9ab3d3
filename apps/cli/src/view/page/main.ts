/// <reference lib="dom" />
// The view's page: `/` lists the runs, asking again every 2 s (or draws the scene file given at
// start); `/runs/<id>` draws the run's scene, search, route and story and, while the run runs,
// polls it every second.
import { buildSceneGraph, type SceneGraph } from '@groundplan/scene-graph/model';
import type {
  GroupedScene,
  RunData,
  RunListData,
  SceneData,
  ScenePart,
  SteerReply,
  SteerRequest,
  ViewError,
} from '../view-data.js';
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
};

declare global {
  interface Window {
    groundplanView?: ViewHandle;
  }
}

async function fetchJson<T extends object>(path: string, init?: RequestInit): Promise<T | ViewError> {
  try {
    const response = await fetch(path, init);
    return (await response.json()) as T | ViewError;
  } catch (error) {
    return { error: `groundplan: the view server did not answer ${path}: ${(error as Error).message}` };
  }
}

const isError = (value: object): value is ViewError => 'error' in value;

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
  showLegend(scene, drawing.plan.floors.length, drawing.groups().length);
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
  /** A group of rooms opens (its part fetched the first time) or closes. */
  const toggle = async (id: string) => {
    if (!grouped || !drawing.group(id)) return;
    if (drawing.isOpen(id)) drawing.setOpen(id, false);
    else {
      if (!drawing.hasPart(id)) {
        const part = await fetchJson<ScenePart>(
          `/api/scene/${encodeURIComponent(grouped.ref)}/group/${encodeURIComponent(id)}`,
        );
        if (isError(part)) return showError(part.error);
        drawing.addPart(part);
        showLegend(scene, drawing.plan.floors.length, drawing.groups().length);
      }
      drawing.setOpen(id, true);
    }
    pick(id);
  };
  drawing.renderer.on('clickNode', ({ node }) => (drawing.group(node) ? void toggle(node) : pick(node)));
  drawing.renderer.on('clickStage', () => drawing.select(undefined));

  // What can be found: the nodes drawn so far, and a large building's groups.
  let ids: string[] = [];
  const listIds = () => {
    ids = [...scene.nodes(), ...drawing.groups().map((group) => group.id)].sort();
    document.getElementById('node-ids')!.replaceChildren(
      ...ids.map((id) => {
        const option = document.createElement('option');
        option.value = id;
        return option;
      }),
    );
  };
  listIds();
  const find = document.getElementById('find') as HTMLInputElement;
  find.addEventListener('focus', () => {
    if (ids.length !== scene.order + drawing.groups().length) listIds();
  });
  const findNode = () => {
    const wanted = find.value.trim().toLowerCase();
    if (!wanted) return;
    const found =
      ids.find((id) => id.toLowerCase() === wanted) ??
      ids.find((id) => id.toLowerCase().includes(wanted)) ??
      ids.find((id) =>
        JSON.stringify((scene.hasNode(id) && scene.getNodeAttribute(id, 'attributes')) || {})
          .toLowerCase()
          .includes(wanted),
      );
    find.setCustomValidity(found ? '' : `no node matches '${find.value}'`);
    find.reportValidity();
    if (!found) return;
    pick(found);
    drawing.focus(found);
  };
  find.addEventListener('change', findNode);
  find.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') findNode();
  });
  document.getElementById('fit')!.addEventListener('click', () => drawing.fit());

  const handle: ViewHandle = { scene, drawing, layerOf, pick, toggle, ...(grouped ? { grouped } : {}) };
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
  const refresh = async () => {
    const next = await fetchJson<RunData>(path);
    if (isError(next)) return showError(next.error);
    run = next;
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
