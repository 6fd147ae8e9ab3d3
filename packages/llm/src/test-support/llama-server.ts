import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const buildScript = fileURLToPath(new URL('../../scripts/build-llama-server.sh', import.meta.url));

/**
 * The path of llama.cpp's llama-server, built once per machine by scripts/build-llama-server.sh
 * (minutes on two cores, in ${XDG_CACHE_HOME:-~/.cache}/groundplan; npm test runs it before the
 * tests). Never builds: a machine without the build fails at once with the command to run.
 */
export function llamaServerBinary(): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('bash', [buildScript, '--installed'], (error, stdout, stderr) =>
      error ? reject(new Error(stderr.trim() || error.message)) : resolve(stdout.trim()),
    ),
  );
}

export type LlamaServer = {
  /** The OpenAI-compatible base URL, http://127.0.0.1:<port>/v1. */
  baseURL: string;
  /** The server's origin, for its own endpoints (/health, /metrics). */
  origin: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
  close: () => Promise<void>;
};

export type LlamaServerOptions = {
  binary: string;
  modelPath: string;
  /** Context length per request; default 8192 (SmolLM2's). */
  contextSize?: number;
  /** Most tokens one answer may generate, the server's own cap; default 1024. */
  maxAnswerTokens?: number;
  threads?: number;
  /** How long loading the model may take; default 120 s. */
  readyTimeoutMs?: number;
  /** More llama-server arguments, after the others (e.g. --batch-size, --flash-attn). */
  extraArgs?: readonly string[];
};

/**
 * Starts llama-server on a free 127.0.0.1 port with one slot and its /metrics endpoint, and
 * resolves once /health says the model is loaded; a server that exits or is not ready in time
 * is killed and the error holds its output.
 */
export async function startLlamaServer(options: LlamaServerOptions): Promise<LlamaServer> {
  const port = await freePort();
  const child = spawn(
    options.binary,
    [
      ...['--model', options.modelPath, '--host', '127.0.0.1', '--port', String(port)],
      ...['--ctx-size', String(options.contextSize ?? 8192), '--parallel', '1'],
      ...['--n-predict', String(options.maxAnswerTokens ?? 1024), '--metrics'],
      ...(options.threads ? ['--threads', String(options.threads)] : []),
      ...(options.extraArgs ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`llama-server exited before it was ready:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      await close();
      throw new Error(
        `llama-server not ready in ${options.readyTimeoutMs ?? 120_000} ms:\n${output.slice(-4000)}`,
      );
    }
    const health = await fetch(`${origin}/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL: `${origin}/v1`, origin, child, output: () => output, close };
}

/** Counters from llama-server's Prometheus /metrics, e.g. `llamacpp:tokens_predicted_total`. */
export async function llamaServerMetrics(server: LlamaServer): Promise<Record<string, number>> {
  const text = await (await fetch(`${server.origin}/metrics`)).text();
  const metrics: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\s+([0-9.e+-]+)$/i.exec(line.trim());
    if (match) metrics[match[1]!] = Number(match[2]);
  }
  return metrics;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
