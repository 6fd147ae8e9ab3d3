import { type ChildProcess, spawn } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

// Built, run dist/main.js; from source (tests, tsx), run src/main.ts through tsx.
const fromSource = extname(fileURLToPath(import.meta.url)) === '.ts';
const main = fileURLToPath(new URL(`./main${fromSource ? '.ts' : '.js'}`, import.meta.url));
const nodeArgs = fromSource ? ['--conditions=@groundplan/source', '--import', 'tsx', main] : [main];

export type WorkerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts groundplan-worker as a child process and resolves once it reports ready. */
export async function startWorkerProcess(
  args: string[],
  env: Record<string, string>,
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    env: { ...process.env, GROUNDPLAN_LOG_LEVEL: 'WARN', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(() => failed(new Error(`worker not ready in 120 s:\n${output}`)), 120_000);
    const check = () => {
      if (output.includes('"worker ready"')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      failed(new Error(`worker exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { child, output: () => output, exited };
}
