import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type Reply, route, type ViewSources } from './routes.js';

export type ViewServer = { url: string; close(): Promise<void> };

/** The largest body a POST may carry: a steer request is a few dozen bytes. */
const MAX_BODY = 16 * 1024;

const refused = (status: number, text: string): Reply => ({
  status,
  type: 'text/plain; charset=utf-8',
  body: `${text}\n`,
});

/**
 * Serves the view on 127.0.0.1 only (port 0: any free port). GET and HEAD read; a POST steers a
 * run, and only from the view's own page: JSON (which another site cannot send without asking
 * first) from this server's origin.
 */
export function startViewServer(port: number, sources: ViewSources): Promise<ViewServer> {
  // The page's own origins: the address printed, and the same port by the name localhost.
  let origins: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    reply(request, path).then(({ status, type, body }) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
  });

  async function reply(request: IncomingMessage, path: string): Promise<Reply> {
    const method = request.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD') return route('GET', path, '', sources);
    if (method !== 'POST') return refused(405, 'only GET, and POST to steer a run');
    if (request.headers.origin !== undefined && !origins.includes(request.headers.origin))
      return refused(403, 'the view takes steering only from its own page');
    if (!request.headers['content-type']?.startsWith('application/json')) return refused(415, 'send JSON');
    const body = await readBody(request);
    if (body === undefined) return refused(413, 'the body is too large');
    return route('POST', path, body, sources);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      origins = [`http://127.0.0.1:${bound}`, `http://localhost:${bound}`];
      resolve({
        url: origins[0]!,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
