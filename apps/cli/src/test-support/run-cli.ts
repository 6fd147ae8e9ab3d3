import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

export type CliRun = { code: number; stdout: string; stderr: string };

/** Runs the groundplan CLI from source in a child process, as a user would from a shell. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--conditions=@groundplan/source', '--import', 'tsx', main, ...args],
      { env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
