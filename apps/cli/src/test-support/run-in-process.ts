import { runGroundplan } from '../program.js';
import type { CliRun } from './run-cli.js';

/** Runs the CLI in this process (no process start: fast enough to fuzz), collecting what it prints. */
export async function runInProcess(args: string[], env: Record<string, string>): Promise<CliRun> {
  let stderr = '';
  let stdout = '';
  const saved = {
    log: console.log,
    error: console.error,
    out: process.stdout.write,
    err: process.stderr.write,
  };
  console.log = (...parts: unknown[]) => {
    stdout += `${parts.join(' ')}\n`;
  };
  console.error = (...parts: unknown[]) => {
    stderr += `${parts.join(' ')}\n`;
  };
  process.stdout.write = ((chunk: string) => {
    stdout += chunk;
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => {
    stderr += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = await runGroundplan(args, env);
    return { code, stdout, stderr };
  } finally {
    console.log = saved.log;
    console.error = saved.error;
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
  }
}
