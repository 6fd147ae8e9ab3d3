import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connection } from '@temporalio/client';
import type { SearchAttributeType } from '@temporalio/common';
import { temporalCliPath } from './cli-path.js';
import { devServerDataDir } from './repo-paths.js';

export type DevServerOptions = {
  port?: number;
  uiPort?: number;
  dataDir?: string;
  namespace?: string;
  /** Search attributes the server registers at start, so workflows can set and UIs filter on them. */
  searchAttributes?: readonly { name: string; type: SearchAttributeType }[];
  /** How long start waits for the health check. */
  startTimeoutMs?: number;
};

export type DevServerStatus = {
  running: boolean;
  pid: number | undefined;
  address: string;
  uiUrl: string;
  dbFile: string;
  logFile: string;
};

type Outcome = { ok: true; value: DevServerStatus } | { ok: false; error: string };

type Resolved = Required<Omit<DevServerOptions, 'startTimeoutMs' | 'searchAttributes'>> & {
  startTimeoutMs: number;
  searchAttributes: readonly { name: string; type: SearchAttributeType }[];
};

function resolve(options: DevServerOptions): Resolved {
  return {
    port: options.port ?? 7233,
    uiPort: options.uiPort ?? 8233,
    dataDir: options.dataDir ?? devServerDataDir(),
    namespace: options.namespace ?? 'default',
    startTimeoutMs: options.startTimeoutMs ?? 60_000,
    searchAttributes: options.searchAttributes ?? [],
  };
}

const files = (dataDir: string) => ({
  db: `${dataDir}/dev-server.sqlite`,
  log: `${dataDir}/dev-server.log`,
  pid: `${dataDir}/dev-server.pid`,
});

function describe(o: Resolved, pid: number | undefined, running: boolean): DevServerStatus {
  const f = files(o.dataDir);
  return {
    running,
    pid,
    address: `127.0.0.1:${o.port}`,
    uiUrl: `http://127.0.0.1:${o.uiPort}`,
    dbFile: f.db,
    logFile: f.log,
  };
}

function readPid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** True when a Temporal frontend answers its gRPC health check at the address. */
export async function isHealthy(address: string): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 1_000 });
    const response = await connection.healthService.check({});
    return response.status === 1; // SERVING
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** The dev server's state as recorded in its data folder and seen on its port. */
export async function devServerStatus(options: DevServerOptions = {}): Promise<DevServerStatus> {
  const o = resolve(options);
  const pid = readPid(files(o.dataDir).pid);
  return describe(o, pid, alive(pid) && (await isHealthy(`127.0.0.1:${o.port}`)));
}

/**
 * Starts `temporal server start-dev` in the background with SQLite persistence, the Web UI and
 * groundplan's search attributes; returns once it answers a health check. A no-op when ours runs.
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<Outcome> {
  const o = resolve(options);
  const f = files(o.dataDir);
  const current = await devServerStatus(o);
  if (current.running) return { ok: true, value: current };
  if (alive(current.pid)) await stopDevServer(o);
  for (const port of [o.port, o.uiPort]) {
    if (!(await portFree(port))) {
      return {
        ok: false,
        error: `port ${port} on 127.0.0.1 is already taken by another program; choose other ports (TEMPORAL_PORT, TEMPORAL_UI_PORT) or stop that program`,
      };
    }
  }
  let cli: string;
  try {
    cli = temporalCliPath();
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  mkdirSync(o.dataDir, { recursive: true });
  const log = openSync(f.log, 'a');
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(o.port),
    '--ui-port',
    String(o.uiPort),
    '--db-filename',
    f.db,
    '--namespace',
    o.namespace,
    '--log-level',
    'warn',
    ...searchAttributeFlags(o.searchAttributes),
  ];
  const child = spawn(cli, args, { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  child.unref();
  if (child.pid === undefined) return { ok: false, error: `could not start ${cli}` };
  writeFileSync(f.pid, String(child.pid));
  const deadline = Date.now() + o.startTimeoutMs;
  while (Date.now() < deadline) {
    if (!alive(child.pid)) {
      const tail = readFileSync(f.log, 'utf8').trim().split('\n').slice(-3).join(' | ');
      rmSync(f.pid, { force: true });
      return { ok: false, error: `the Temporal dev server exited during start-up: ${tail} (log: ${f.log})` };
    }
    if (await isHealthy(`127.0.0.1:${o.port}`)) return { ok: true, value: describe(o, child.pid, true) };
    await sleep(250);
  }
  return {
    ok: false,
    error: `the Temporal dev server did not answer within ${o.startTimeoutMs} ms (log: ${f.log})`,
  };
}

/** Stops the dev server started from this data folder (SIGTERM, then SIGKILL after 10 s). */
export async function stopDevServer(options: DevServerOptions = {}): Promise<Outcome> {
  const o = resolve(options);
  const f = files(o.dataDir);
  const pid = readPid(f.pid);
  if (pid !== undefined && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(f.pid, { force: true });
  return { ok: true, value: describe(o, undefined, false) };
}

/** `Name=Type` arguments for `temporal server start-dev --search-attribute`. */
function searchAttributeFlags(keys: readonly { name: string; type: SearchAttributeType }[]): string[] {
  const cliType: Record<string, string> = { KEYWORD: 'Keyword', TEXT: 'Text', INT: 'Int', BOOL: 'Bool' };
  return keys.flatMap((key) => ['--search-attribute', `${key.name}=${cliType[key.type] ?? key.type}`]);
}
