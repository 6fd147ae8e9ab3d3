import { createServer, type Server } from 'node:http';
import { type Reply, route, type ViewSources } from './routes.js';

export type ViewServer = { url: string; close(): Promise<void> };

/** Serves the view on 127.0.0.1 only (port 0: any free port); GET and HEAD, nothing is ever written. */
export function startViewServer(port: number, sources: ViewSources): Promise<ViewServer> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const reply: Promise<Reply> =
      request.method === 'GET' || request.method === 'HEAD'
        ? route(path, sources)
        : Promise.resolve({
            status: 405,
            type: 'text/plain; charset=utf-8',
            body: 'the view is read-only\n',
          });
    reply.then(({ status, type, body }) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${bound}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
