import { type SceneGraph, sceneRef, sceneToFile } from '@groundplan/scene-graph';
import { z } from 'zod';
import { UserError } from '../user-error.js';
import { type PageKind, pageHtml } from './page-html.js';
import type { RunReader } from './run-data.js';
import { type Shown, shownByRun } from './run-shown.js';
import { drawnWhole, groupPart, sceneData } from './scene-parts.js';
import { searchScene } from './scene-search.js';
import type {
  RunListData,
  SceneData,
  ScenePart,
  SceneSearch,
  SteerReply,
  SteerRequest,
  ViewError,
} from './view-data.js';

/** A response: status, content type and body. */
export type Reply = { status: number; type: string; body: string };

/** What the routes serve: the page's bundle, the scene file given at start (if any), runs from Temporal. */
export type ViewSources = { script: string; scene?: SceneGraph; runs: RunReader };

/** How many runs `/` lists, newest first. */
export const LISTED_RUNS = 200;

const json = (
  status: number,
  value: SceneData | ScenePart | SceneSearch | RunListData | SteerReply | ViewError | object,
): Reply => ({
  status,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});
const html = (title: string, kind: PageKind): Reply => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  body: pageHtml(title, kind),
});
const notFound = (path: string): Reply => json(404, { error: `groundplan: nothing at ${path}` });

/** The body of a POST to `/api/runs/<id>/steer`: the same three things the CLI's commands send. */
const steerSchema: z.ZodType<SteerRequest> = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({ action: z.literal('reject'), reason: z.string().max(1_000).optional() }),
  z.object({ action: z.literal('answer'), choice: z.string().min(1).max(200) }),
]);

/**
 * The view's routes. GET: `/` (the runs, or the scene file given at start), `/runs/<id>` (a run),
 * the page's script, and the JSON the page reads (a large building's groups and its search under
 * `/api/scene/<ref>/`). POST `/api/runs/<id>/steer`: approve, reject or
 * answer a run. Errors are one line in `{ error }`, prefixed like the CLI's.
 */
export async function route(
  method: string,
  path: string,
  body: string,
  sources: ViewSources,
): Promise<Reply> {
  const steer = /^\/api\/runs\/([^/]+)\/steer$/.exec(path);
  if (method === 'POST' && steer) return steerRun(steer[1]!, body, sources);
  if (method !== 'GET')
    return { status: 405, type: 'text/plain; charset=utf-8', body: 'only GET, and POST to steer a run\n' };
  if (path === '/page.js')
    return { status: 200, type: 'text/javascript; charset=utf-8', body: sources.script };
  if (path === '/favicon.ico') return { status: 204, type: 'image/x-icon', body: '' };
  if (path === '/')
    return sources.scene
      ? html(`scene ${sources.scene.getAttribute('name')}`, 'scene')
      : html('groundplan runs', 'runs');
  if (path === '/api/scene')
    return sources.scene
      ? drawn(sources, sources.scene, () => fileRef(sources.scene!))
      : json(404, { error: 'groundplan: no scene file was given; the runs are at /' });
  const group = /^\/api\/scene\/([^/]+)\/group\/([^/]+)$/.exec(path);
  if (group) return openGroup(sources, group[1]!, group[2]!);
  const search = /^\/api\/scene\/([^/]+)\/search\/([^/]*)$/.exec(path);
  if (search) return searchDrawn(sources, search[1]!, search[2]!);
  if (path === '/api/runs')
    return answer(async () => json(200, { runs: await sources.runs.list(LISTED_RUNS) }));
  const run = /^\/(api\/)?runs\/([^/]+)(\/scene)?$/.exec(path);
  if (!run) return notFound(path);
  const [, api, encoded, scene] = run;
  const runId = decoded(encoded!);
  if (runId === undefined) return notFound(path);
  if (!api) return scene ? notFound(path) : html(`run ${runId}`, 'run');
  return answer(async () => {
    if (scene) {
      const graph = await sources.runs.scene(runId);
      if (!graph.ok) return json(404, { error: `groundplan: ${graph.error}` });
      if (drawnWhole(graph.value)) return json(200, { scene: sceneToFile(graph.value) });
      // A large building: its top, with the groups the run's search and route lie in opened.
      const data = await sources.runs.run(runId);
      if (!data.ok) return json(404, { error: `groundplan: ${data.error}` });
      return drawn(sources, graph.value, () => data.value.sceneRef, shownByRun(data.value));
    }
    const data = await sources.runs.run(runId);
    return data.ok ? json(200, data.value) : json(404, { error: `groundplan: ${data.error}` });
  });
}

async function steerRun(encoded: string, body: string, sources: ViewSources): Promise<Reply> {
  const runId = decoded(encoded);
  if (runId === undefined) return json(404, { error: `groundplan: no run with id '${encoded}'` });
  let request: SteerRequest;
  try {
    request = steerSchema.parse(JSON.parse(body));
  } catch {
    return json(400, {
      error:
        'groundplan: send {"action": "approve"}, {"action": "reject", "reason"?} or {"action": "answer", "choice"}',
    });
  }
  return answer(async () => json(200, { done: await sources.runs.steer(runId, request) }));
}

/** The scenes this view has drawn by groups, by reference: only theirs can have a group opened. */
const drawnScenes = new WeakMap<ViewSources, Map<string, SceneGraph>>();
const fileRefs = new WeakMap<SceneGraph, string>();

function fileRef(scene: SceneGraph): string {
  let ref = fileRefs.get(scene);
  if (ref === undefined) {
    ref = sceneRef(scene);
    fileRefs.set(scene, ref);
  }
  return ref;
}

/** A scene for the page: whole when the search sees it flat, else its top (scene-parts.ts), remembered by reference. */
function drawn(sources: ViewSources, graph: SceneGraph, ref: () => string, shown?: Shown): Reply {
  if (drawnWhole(graph)) return json(200, { scene: sceneToFile(graph) });
  const key = ref();
  const scenes = drawnScenes.get(sources) ?? new Map<string, SceneGraph>();
  drawnScenes.set(sources, scenes);
  scenes.set(key, graph);
  return json(200, sceneData(graph, key, shown));
}

const SCENE_REF = /^sha256:[0-9a-f]{64}$/;
const MAX_GROUP_ID = 200;

/** The scene this view drew by groups under a reference, or the reply refusing the reference. */
function drawnScene(sources: ViewSources, ref: string): { graph: SceneGraph } | { refused: Reply } {
  if (!SCENE_REF.test(ref))
    return {
      refused: json(400, {
        error: `groundplan: '${ref.slice(0, 80)}' is not a scene reference (sha256:<64 hex digits>)`,
      }),
    };
  const graph = drawnScenes.get(sources)?.get(ref);
  if (!graph)
    return {
      refused: json(404, { error: `groundplan: this view has drawn no scene ${ref}; reload the page` }),
    };
  return { graph };
}

/** GET `/api/scene/<ref>/group/<id>`: what opening the group adds; a bad or unknown ref or id is one line. */
function openGroup(sources: ViewSources, encodedRef: string, encodedId: string): Reply {
  const ref = decoded(encodedRef);
  const id = decoded(encodedId);
  if (ref === undefined || id === undefined)
    return json(400, { error: 'groundplan: the scene reference or group id is not valid percent-encoding' });
  const scene = drawnScene(sources, ref);
  if ('refused' in scene) return scene.refused;
  if (id.length > MAX_GROUP_ID)
    return json(400, { error: `groundplan: a group id is at most ${MAX_GROUP_ID} characters` });
  const part = groupPart(scene.graph, id);
  return part.ok ? json(200, part.value) : json(404, { error: `groundplan: ${part.error}` });
}

/** GET `/api/scene/<ref>/search/<text>`: the whole scene searched (see searchScene); an empty, long or unmatched text is one line (400, 404). */
function searchDrawn(sources: ViewSources, encodedRef: string, encodedText: string): Reply {
  const ref = decoded(encodedRef);
  const text = decoded(encodedText);
  if (ref === undefined || text === undefined)
    return json(400, {
      error: 'groundplan: the scene reference or search text is not valid percent-encoding',
    });
  const scene = drawnScene(sources, ref);
  if ('refused' in scene) return scene.refused;
  const found = searchScene(scene.graph, text);
  if (!found.ok) return json(400, { error: `groundplan: ${found.error}` });
  if (found.value.total === 0)
    return json(404, {
      error: `groundplan: no node matches '${found.value.query.slice(0, 80)}' in scene ${scene.graph.getAttribute('name')}`,
    });
  return json(200, found.value);
}

function decoded(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** A user-facing failure (Temporal unreachable, no such run, ...) is one line; anything else too, marked unexpected. */
async function answer(work: () => Promise<Reply>): Promise<Reply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserError) return json(502, { error: `groundplan: ${error.message}` });
    return json(500, { error: `groundplan: unexpected error: ${(error as Error)?.message ?? error}` });
  }
}
