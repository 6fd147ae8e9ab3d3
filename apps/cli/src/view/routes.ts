import { type SceneGraph, sceneToFile } from '@groundplan/scene-graph';
import { z } from 'zod';
import { UserError } from '../user-error.js';
import { type PageKind, pageHtml } from './page-html.js';
import type { RunReader } from './run-data.js';
import type { RunListData, SceneData, SteerReply, SteerRequest, ViewError } from './view-data.js';

/** A response: status, content type and body. */
export type Reply = { status: number; type: string; body: string };

/** What the routes serve: the page's bundle, the scene file given at start (if any), runs from Temporal. */
export type ViewSources = { script: string; scene?: SceneGraph; runs: RunReader };

/** How many runs `/` lists, newest first. */
export const LISTED_RUNS = 200;

const json = (status: number, value: SceneData | RunListData | SteerReply | ViewError | object): Reply => ({
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
 * the page's script, and the JSON the page reads. POST `/api/runs/<id>/steer`: approve, reject or
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
      ? json(200, { scene: sceneToFile(sources.scene) })
      : json(404, { error: 'groundplan: no scene file was given; the runs are at /' });
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
      return graph.ok
        ? json(200, { scene: sceneToFile(graph.value) })
        : json(404, { error: `groundplan: ${graph.error}` });
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
