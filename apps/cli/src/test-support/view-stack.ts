import { rmSync } from 'node:fs';
import { freePort, startDevServer, stopDevServer } from '@groundplan/temporal-runtime';
import { startWorkerProcess, type WorkerProcess } from '@groundplan/worker';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';
import { startView, type ViewProcess } from './view-process.js';

/** What the browser tests run against: a Temporal dev server, worker processes, `groundplan view` and a page. */
export type ViewStack = {
  /** The environment a CLI command of the test needs to reach the same server, scene store and view. */
  env: Record<string, string>;
  workers: WorkerProcess[];
  view: ViewProcess;
  page: Page;
  /** The view's address, without the trailing slash. */
  base: string;
  /** Closes the browser, the view and the workers, stops the server and removes `dir`. */
  stop(): Promise<void>;
};

export type ViewStackOptions = {
  /** Each worker process: its arguments, and its environment beyond the stack's (data dir `dir`). */
  workers: { args: string[]; env?: Record<string, string> }[];
  /** The view on a port chosen first and named in the CLI's GROUNDPLAN_VIEW_URL, so `plan` prints it. */
  viewUrlInEnv?: boolean;
  /** How long a page waits for a selector or an action. */
  timeoutMs: number;
};

/**
 * Starts the stack in `dir` (the server's data, the scene store, the robots' worlds): the dev
 * server with groundplan's search attributes, the workers, the view, and Debian's Chromium at
 * 1600x1000. On a failure part way, what started is stopped before the error is thrown.
 */
export async function startViewStack(dir: string, options: ViewStackOptions): Promise<ViewStack> {
  const server = { port: await freePort(), uiPort: await freePort(), dataDir: `${dir}/server` };
  const workers: WorkerProcess[] = [];
  let view: ViewProcess | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await view?.stop();
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await stopDevServer(server);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const executablePath = await chromiumPath();
    const started = await startDevServer({ ...server, searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    if (!started.ok) throw new Error(started.error);
    const viewPort = options.viewUrlInEnv ? await freePort() : 0;
    const env: Record<string, string> = {
      TEMPORAL_PORT: String(server.port),
      TEMPORAL_UI_PORT: String(server.uiPort),
      GROUNDPLAN_SCENE_STORE: `${dir}/scenes`,
      ...(options.viewUrlInEnv ? { GROUNDPLAN_VIEW_URL: `http://127.0.0.1:${viewPort}` } : {}),
    };
    for (const worker of options.workers)
      workers.push(
        await startWorkerProcess(worker.args, { ...env, GROUNDPLAN_DATA_DIR: dir, ...worker.env }),
      );
    view = await startView(['--port', String(viewPort)], env);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.setDefaultTimeout(options.timeoutMs);
    return { env, workers, view, page, base: view.url.replace(/\/$/, ''), stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

const cassette = new URL('../../../../datasets/cassettes/close-jasons-cabinet.cassette.json', import.meta.url)
  .pathname;

/**
 * A worker whose model answers are replayed from the Jason's-cabinet cassette: the browser tests'
 * planners ask no model (grounded-prior) or the cassette's questions, and the llm role loads none.
 */
export function replayingWorker(
  args: string[],
  env: Record<string, string> = {},
): ViewStackOptions['workers'][number] {
  return { args, env: { GROUNDPLAN_LLM_PROVIDER: 'replay', GROUNDPLAN_CASSETTE: cassette, ...env } };
}
