/// <reference lib="dom" />
// The view's page: draws the scene of the address (`/`: the scene file, `/runs/<id>`: the run's
// scene, search, route and progress) and, while a run runs, polls it every second.
import { buildSceneGraph, type SceneGraph } from '@groundplan/scene-graph/model';
import type { RunData, SceneData, ViewError } from '../view-data.js';
import { LAYERS, layerOf } from './layered-layout.js';
import { showError, showRun } from './run-panel.js';
import { drawScene, LAYER_COLORS, type Overlay, type SceneDrawing } from './scene-drawing.js';

const POLL_MS = 1_000;

/** What the page exposes for the browser tests and for anyone poking at it in the console. */
export type ViewHandle = {
  scene: SceneGraph;
  drawing: SceneDrawing;
  layerOf: typeof layerOf;
  run?: RunData;
};

declare global {
  interface Window {
    groundplanView?: ViewHandle;
  }
}

async function fetchJson<T extends object>(path: string): Promise<T | ViewError> {
  try {
    const response = await fetch(path);
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

function legend(scene: SceneGraph): void {
  const counts = new Map<string, number>();
  scene.forEachNode((_id, attributes) => {
    const layer = layerOf(attributes.kind);
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
  });
  const entries = LAYERS.map((layer) => {
    const span = document.createElement('span');
    span.dataset.layer = layer;
    const dot = document.createElement('i');
    dot.style.background = LAYER_COLORS[layer];
    span.append(dot, `${layer} ${counts.get(layer) ?? 0}`);
    return span;
  });
  document.getElementById('legend')!.replaceChildren(...entries);
}

async function draw(scenePath: string): Promise<ViewHandle | undefined> {
  const data = await fetchJson<SceneData>(scenePath);
  if (isError(data)) {
    showError(data.error);
    ready();
    return undefined;
  }
  const scene = buildSceneGraph(data.scene);
  const drawing = drawScene(document.getElementById('graph')!, scene);
  legend(scene);
  const handle: ViewHandle = { scene, drawing, layerOf };
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
  const handle = await draw(`${path}/scene`);
  if (!handle) return;
  let run = first;
  // The search step shown: the latest, until the reader picks one with the slider.
  let picked: number | undefined;
  const render = () => {
    const step = picked ?? run.search.length;
    handle.run = run;
    showRun(run, step);
    handle.drawing.show(overlay(run, step));
  };
  document.getElementById('search-step')!.addEventListener('input', (event) => {
    picked = Number((event.target as HTMLInputElement).value);
    render();
  });
  render();
  ready();
  while (run.status === 'RUNNING') {
    await new Promise((wait) => setTimeout(wait, POLL_MS));
    const next = await fetchJson<RunData>(path);
    if (isError(next)) {
      showError(next.error);
      continue;
    }
    run = next;
    render();
  }
}

async function showScene(): Promise<void> {
  const handle = await draw('/api/scene');
  if (!handle) return;
  document.getElementById('status')!.textContent = `${handle.scene.order} nodes, ${handle.scene.size} edges`;
  handle.drawing.show({ route: [], reached: 0 });
  ready();
}

const run = /^\/runs\/([^/]+)$/.exec(location.pathname)?.[1];
await (run === undefined ? showScene() : followRun(decodeURIComponent(run)));
