import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

/** `groundplan view` running as a user starts it, and the address it printed. */
export type ViewProcess = { child: ChildProcess; url: string; stop(): Promise<void> };

/** Starts `groundplan view <args>` from source and waits for its one line with the address. */
export function startView(args: string[], env: Record<string, string> = {}): Promise<ViewProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=@groundplan/source', '--import', 'tsx', main, 'view', ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\S*/.exec(stdout)?.[0];
      if (url)
        resolve({
          child,
          url,
          async stop() {
            child.kill('SIGTERM');
            await exited;
          },
        });
    });
    child.once('exit', (code) => reject(new Error(`groundplan view exited with ${code}: ${stderr.trim()}`)));
  });
}
