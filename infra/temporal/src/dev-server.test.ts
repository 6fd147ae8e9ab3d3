import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { afterAll, describe, expect, it } from 'vitest';
import { devServerStatus, startDevServer, stopDevServer } from './dev-server.js';
import { freePort } from './free-port.js';
import { runSmokeWorkflow } from './smoke/client.js';
import { createSmokeWorker } from './smoke/worker.js';

describe('the local Temporal dev server', () => {
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-dev-server-`);
  let options: { port: number; uiPort: number; dataDir: string };

  afterAll(async () => {
    if (options) await stopDevServer(options);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the Web UI, keeps history in SQLite across a restart, and stops', async () => {
    options = { port: await freePort(), uiPort: await freePort(), dataDir };
    const started = await startDevServer(options);
    expect(started).toMatchObject({ ok: true, value: { running: true } });
    if (!started.ok) return;

    const ui = await fetch(started.value.uiUrl);
    expect(ui.status).toBe(200);

    const again = await startDevServer(options);
    expect(again.ok && again.value.pid).toBe(started.value.pid);

    const workerConnection = await NativeConnection.connect({ address: started.value.address });
    const worker = await createSmokeWorker(workerConnection);
    let connection = await Connection.connect({ address: started.value.address });
    const { workflowId } = await worker.runUntil(runSmokeWorkflow(new Client({ connection }), 2));
    await connection.close();
    await workerConnection.close();

    await stopDevServer(options);
    expect((await devServerStatus(options)).running).toBe(false);

    const restarted = await startDevServer(options);
    expect(restarted.ok).toBe(true);
    connection = await Connection.connect({ address: started.value.address });
    const description = await new Client({ connection }).workflow.getHandle(workflowId).describe();
    await connection.close();
    expect(description.status.name).toBe('COMPLETED');
  });

  it('says which port is taken instead of failing obscurely', async () => {
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((done) => blocker.listen(port, '127.0.0.1', done));
    const otherDir = mkdtempSync(`${tmpdir()}/groundplan-dev-server-`);
    const result = await startDevServer({ port, uiPort: await freePort(), dataDir: otherDir });
    blocker.close();
    rmSync(otherDir, { recursive: true, force: true });
    expect(result).toEqual({
      ok: false,
      error: expect.stringContaining(`port ${port} on 127.0.0.1 is already taken`),
    });
  });
});
