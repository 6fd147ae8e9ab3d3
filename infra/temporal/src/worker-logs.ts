import { DefaultLogger, Runtime } from '@temporalio/worker';

let installed = false;

/** Workers in this process log at WARN and above (the SDK allows one runtime per process). */
export function quietWorkerLogs(): void {
  if (installed) return;
  installed = true;
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // A runtime was installed earlier in this process: keep its choice.
  }
}
