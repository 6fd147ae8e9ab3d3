import { existsSync, readFileSync } from 'node:fs';

/** The recorded answers of the office task "Close Jason's cabinet." that replay LLM workers serve. */
export const CLOSE_JASONS_CABINET_CASSETTE = new URL(
  '../../../../datasets/cassettes/close-jasons-cabinet.cassette.json',
  import.meta.url,
).pathname;

/**
 * The environment of a worker process whose llm role answers from a cassette, `latencyMs` late
 * (as a slow model would be), noting each request received and answered in `hitLog`.
 */
export function replayLlmEnv(options: {
  cassette?: string;
  latencyMs: number;
  hitLog: string;
  concurrency?: number;
}): Record<string, string> {
  return {
    GROUNDPLAN_LLM_PROVIDER: 'replay',
    GROUNDPLAN_CASSETTE: options.cassette ?? CLOSE_JASONS_CABINET_CASSETTE,
    GROUNDPLAN_REPLAY_LATENCY_MS: String(options.latencyMs),
    GROUNDPLAN_REPLAY_HIT_LOG: options.hitLog,
    ...(options.concurrency === undefined ? {} : { GROUNDPLAN_LLM_CONCURRENCY: String(options.concurrency) }),
  };
}

/** The request hashes a replay worker has answered so far, in order. */
export function servedAnswers(hitLog: string): string[] {
  return logged(hitLog, 'served');
}

/** The request hashes a replay worker has received so far, answered or still in the model's hands. */
export function askedRequests(hitLog: string): string[] {
  return logged(hitLog, 'asked');
}

function logged(hitLog: string, event: 'asked' | 'served'): string[] {
  if (!existsSync(hitLog)) return [];
  const prefix = `${event} `;
  return readFileSync(hitLog, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length));
}
