import { devServerStatus, startDevServer, stopDevServer } from '@groundplan/temporal-runtime';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '@groundplan/workflows/contract';
import type { CliConfig } from '../config.js';
import { EXIT, UserError } from '../user-error.js';

/**
 * `groundplan server start|status|stop`: the local Temporal dev server (SQLite history under
 * .data/temporal, Web UI), started with groundplan's search attributes registered.
 */
export async function serverCommand(action: string, config: CliConfig): Promise<number> {
  const ports = {
    port: Number(config.temporal.address.split(':').at(-1)),
    uiPort: Number(process.env.TEMPORAL_UI_PORT ?? 8233),
  };
  switch (action) {
    case 'start': {
      if (config.temporal.external)
        throw new UserError(
          `TEMPORAL_ADDRESS is set (${config.temporal.address}): not starting a local server`,
        );
      const started = await startDevServer({ ...ports, searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
      if (!started.ok) throw new UserError(started.error);
      console.log(`Temporal dev server running at ${started.value.address}; Web UI ${started.value.uiUrl}`);
      console.log(`  history: ${started.value.dbFile}; log: ${started.value.logFile}`);
      return EXIT.ok;
    }
    case 'status': {
      const status = await devServerStatus(ports);
      console.log(
        status.running
          ? `running at ${status.address} (pid ${status.pid}); Web UI ${status.uiUrl}`
          : 'not running',
      );
      return EXIT.ok;
    }
    case 'stop':
      await stopDevServer(ports);
      console.log('Temporal dev server stopped');
      return EXIT.ok;
    default:
      throw new UserError(`unknown server action '${action}'; use start, status or stop`);
  }
}
