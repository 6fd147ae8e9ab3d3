import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago, for servers that tests start. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
