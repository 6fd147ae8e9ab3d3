import { DefaultLogger, type LogLevel, Runtime } from '@temporalio/worker';

/** Structured logs: one JSON object per line on stdout, for the worker and the Temporal SDK alike. */
export function installJsonLogger(level: LogLevel): void {
  Runtime.install({
    logger: new DefaultLogger(level, ({ level, message, meta, timestampNanos }) => {
      const time = new Date(Number(timestampNanos / 1_000_000n)).toISOString();
      process.stdout.write(`${JSON.stringify({ time, level, message, ...meta })}\n`);
    }),
  });
}

/** A log line from the worker itself, in the same format. */
export function log(level: LogLevel, message: string, meta: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...meta })}\n`);
}
