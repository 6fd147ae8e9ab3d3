import { type SceneGraph, sceneToFile } from '@groundplan/scene-graph';
import { UserError } from '../user-error.js';
import { pageHtml } from './page-html.js';
import type { RunReader } from './run-data.js';
import type { SceneData, ViewError } from './view-data.js';

/** A response: status, content type and body. */
export type Reply = { status: number; type: string; body: string };

/** What the routes serve: the page's bundle, the scene file given at start (if any), runs from Temporal. */
export type ViewSources = { script: string; scene?: SceneGraph; runs: RunReader };

const json = (status: number, value: SceneData | ViewError | object): Reply => ({
  status,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});
const html = (title: string): Reply => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  body: pageHtml(title),
});
const notFound = (path: string): Reply => json(404, { error: `groundplan: nothing at ${path}` });

/**
 * The view's routes, all GET: `/` (the scene file), `/runs/<id>` (a run), the page's script, and
 * the JSON the page reads. Errors are one line in `{ error }`, prefixed like the CLI's.
 */
export async function route(path: string, sources: ViewSources): Promise<Reply> {
  if (path === '/page.js')
    return { status: 200, type: 'text/javascript; charset=utf-8', body: sources.script };
  if (path === '/favicon.ico') return { status: 204, type: 'image/x-icon', body: '' };
  if (path === '/')
    return html(sources.scene ? `scene ${sources.scene.getAttribute('name')}` : 'groundplan view');
  if (path === '/api/scene')
    return sources.scene
      ? json(200, { scene: sceneToFile(sources.scene) })
      : json(404, {
          error: 'groundplan: no scene file was given; open /runs/<run-id> (see `groundplan list`)',
        });
  const run = /^\/(api\/)?runs\/([^/]+)(\/scene)?$/.exec(path);
  if (!run) return notFound(path);
  const [, api, encoded, scene] = run;
  let runId: string;
  try {
    runId = decodeURIComponent(encoded!);
  } catch {
    return notFound(path);
  }
  if (!api) return scene ? notFound(path) : html(`run ${runId}`);
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

/** A user-facing failure (Temporal unreachable, ...) is one line; anything else too, marked unexpected. */
async function answer(work: () => Promise<Reply>): Promise<Reply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserError) return json(502, { error: `groundplan: ${error.message}` });
    return json(500, { error: `groundplan: unexpected error: ${(error as Error)?.message ?? error}` });
  }
}
