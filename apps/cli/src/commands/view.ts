import { fileSceneStore, loadSceneFile, type SceneGraph } from '@groundplan/scene-graph';
import type { Client } from '@temporalio/client';
import type { CliConfig } from '../config.js';
import { connect } from '../connect.js';
import { sceneFileError } from '../scene-file-error.js';
import { EXIT, UserError } from '../user-error.js';
import { bundlePage } from '../view/bundle-page.js';
import { route } from '../view/routes.js';
import { runReader } from '../view/run-data.js';
import { startViewServer, type ViewServer } from '../view/server.js';

export type ViewFlags = { port: number; run?: string };

/**
 * `groundplan view [--port N] [--run <id>] [<scene-file>]`: serves the web view on 127.0.0.1 until
 * interrupted and prints its address in one line. A scene file is checked before anything is
 * served; so is a run given with --run.
 */
export async function viewCommand(
  file: string | undefined,
  flags: ViewFlags,
  config: CliConfig,
): Promise<number> {
  let scene: SceneGraph | undefined;
  if (file !== undefined) {
    const loaded = await loadSceneFile(file);
    if (!loaded.ok) throw sceneFileError(file, loaded.error);
    scene = loaded.value;
  }
  const runs = runReader(sharedClient(config), fileSceneStore(config.sceneStoreDir), config.temporal);
  if (flags.run !== undefined) {
    const run = await runs.run(flags.run);
    if (!run.ok) throw new UserError(run.error);
  }
  const script = await bundlePage();
  const sources = { script, runs, ...(scene ? { scene } : {}) };
  // A large scene's top (its search tree, layout and reference) is made before the address is
  // printed, so the first page loads as fast as the next.
  if (scene) await route('GET', '/api/scene', '', sources);
  const server = await startViewServer(flags.port, sources).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new UserError(`port ${flags.port} is in use on 127.0.0.1: pick another with --port`);
    throw error;
  });
  const page = flags.run === undefined ? '/' : `/runs/${encodeURIComponent(flags.run)}`;
  const what = scene ? `scene ${scene.getAttribute('name')}` : 'the runs at /';
  console.log(`groundplan view: ${server.url}${page} (${what}; Ctrl-C stops it)`);
  await untilInterrupted(server);
  return EXIT.ok;
}

/** One client for every request, connected when a run is first asked for; a failed connect is retried next time. */
function sharedClient(config: CliConfig): () => Promise<Client> {
  let client: Promise<Client> | undefined;
  return () => {
    client ??= connect(config).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
}

function untilInterrupted(server: ViewServer): Promise<void> {
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      server.close().then(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
