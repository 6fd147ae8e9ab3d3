import { AsyncLocalStorage } from 'node:async_hooks';
import { runGroundplan } from '../program.js';
import type { CliRun } from './run-cli.js';

type Printed = { stdout: string; stderr: string };
const current = new AsyncLocalStorage<Printed>();
let routed = false;

/**
 * Sends what the CLI prints to the run it belongs to (console and process streams, by async
 * context), so many runs can go at once; output outside a run goes where it always went.
 */
function routeOutput(): void {
  if (routed) return;
  routed = true;
  const original = {
    log: console.log,
    error: console.error,
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
  };
  console.log = (...parts: unknown[]) => {
    const printed = current.getStore();
    if (printed) printed.stdout += `${parts.join(' ')}\n`;
    else original.log(...parts);
  };
  console.error = (...parts: unknown[]) => {
    const printed = current.getStore();
    if (printed) printed.stderr += `${parts.join(' ')}\n`;
    else original.error(...parts);
  };
  process.stdout.write = ((chunk: string, ...rest: never[]) => {
    const printed = current.getStore();
    if (!printed) return original.out(chunk, ...rest);
    printed.stdout += chunk;
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string, ...rest: never[]) => {
    const printed = current.getStore();
    if (!printed) return original.err(chunk, ...rest);
    printed.stderr += chunk;
    return true;
  }) as typeof process.stderr.write;
}

/** Runs the CLI in this process (no process start: fast enough to fuzz), collecting what it prints. */
export async function runInProcess(args: string[], env: Record<string, string>): Promise<CliRun> {
  routeOutput();
  const printed: Printed = { stdout: '', stderr: '' };
  const code = await current.run(printed, () => runGroundplan(args, env));
  return { code, ...printed };
}
