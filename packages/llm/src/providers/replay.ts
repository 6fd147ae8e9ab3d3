import { appendFileSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { err, ok, type Result } from '@groundplan/scene-graph';
import { z } from 'zod';
import type { Completion, CompletionRequest, LlmFailure, LlmProvider } from '../provider.js';
import { canonicalJson, requestHash } from './request-hash.js';

const CassetteEntrySchema = z.object({
  hash: z.string(),
  request: z.object({
    schemaName: z.string(),
    messages: z.array(z.object({ role: z.string(), content: z.string() })),
  }),
  response: z.object({
    text: z.string(),
    usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }),
    latencyMs: z.number(),
    provider: z.string(),
    model: z.string(),
  }),
});
export type CassetteEntry = z.infer<typeof CassetteEntrySchema>;

export const CassetteSchema = z.object({
  format: z.literal('groundplan.llm-cassette'),
  version: z.literal(1),
  entries: z.array(CassetteEntrySchema),
});
export type Cassette = z.infer<typeof CassetteSchema>;

export type ReplayConfig = {
  /** Cassette file written by a recording provider. */
  cassettePath: string;
  /** Added to every answer, to stand in for a real model's latency in scaling benchmarks. */
  latencyMs?: number;
  /**
   * Appends `asked <hash>` when a request arrives and `served <hash>` when its answer goes out,
   * one per line, so tests can see calls in flight and count calls across processes.
   */
  hitLogPath?: string;
};

/** Reads a cassette file, or says why it cannot be used. */
export function readCassette(path: string): Result<Cassette, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return err(`cannot read cassette ${path}: ${(error as Error).message}`);
  }
  const parsed = CassetteSchema.safeParse(safeJson(text));
  return parsed.success
    ? ok(parsed.data)
    : err(`${path} is not a groundplan LLM cassette: ${z.prettifyError(parsed.error)}`);
}

/**
 * A provider that answers from a cassette: deterministic, offline and free. A request nobody
 * recorded is a bad-config failure naming its hash, since replaying it again cannot help.
 */
export function replayProvider(config: ReplayConfig): LlmProvider {
  const cassette = readCassette(config.cassettePath);
  const answers = new Map(
    cassette.ok ? cassette.value.entries.map((entry) => [entry.hash, entry.response]) : [],
  );
  return {
    name: 'replay',
    model: cassette.ok ? (cassette.value.entries[0]?.response.model ?? 'empty-cassette') : 'no-cassette',
    async complete(request: CompletionRequest): Promise<Result<Completion, LlmFailure>> {
      if (!cassette.ok) return err({ kind: 'bad-config', message: cassette.error });
      const hash = requestHash(request);
      const recorded = answers.get(hash);
      if (!recorded)
        return err({
          kind: 'bad-config',
          message: `no recorded answer for request ${hash} (${request.schemaName}) in ${config.cassettePath}; re-record the cassette with GROUNDPLAN_LLM_RECORD`,
        });
      if (config.hitLogPath) appendFileSync(config.hitLogPath, `asked ${hash}\n`);
      if (config.latencyMs) await sleep(config.latencyMs);
      if (config.hitLogPath) appendFileSync(config.hitLogPath, `served ${hash}\n`);
      const report = {
        usage: recorded.usage,
        latencyMs: config.latencyMs ?? 0,
        provider: 'replay',
        model: recorded.model,
        attempts: 1,
      };
      try {
        return ok({ ...report, text: recorded.text, json: JSON.parse(recorded.text) as unknown });
      } catch (error) {
        // Recorded invalid answers replay as invalid, so retry behaviour replays too.
        return err({
          kind: 'invalid-output',
          message: `the answer is not valid JSON (${(error as Error).message})`,
          text: recorded.text,
          report,
        });
      }
    },
  };
}

export type RecordingProvider = LlmProvider & {
  /** Resolves once every answer seen so far is on disk. */
  saved(): Promise<void>;
};

/**
 * Wraps any provider and records its answers, valid or not, for replayProvider. The cassette is
 * rewritten (atomically, merged with what it held) after every answer, so a crash loses nothing.
 */
export function recordingProvider(inner: LlmProvider, cassettePath: string): RecordingProvider {
  let writes: Promise<void> = Promise.resolve();
  const existing = readCassette(cassettePath);
  const entries = new Map<string, CassetteEntry>(
    existing.ok ? existing.value.entries.map((entry) => [entry.hash, entry]) : [],
  );
  return {
    name: inner.name,
    model: inner.model,
    ...(inner.warmUp ? { warmUp: inner.warmUp.bind(inner) } : {}),
    ...(inner.structuredOutput ? { structuredOutput: inner.structuredOutput.bind(inner) } : {}),
    async complete(request) {
      const result = await inner.complete(request);
      const answer = result.ok
        ? result.value
        : result.error.kind === 'invalid-output'
          ? { ...result.error.report, text: result.error.text }
          : undefined;
      if (answer) {
        const hash = requestHash(request);
        const { usage, latencyMs, provider, model, text } = answer;
        entries.set(hash, {
          hash,
          request: { schemaName: request.schemaName, messages: request.messages },
          response: { text, usage, latencyMs, provider, model },
        });
        writes = writes.then(write);
        await writes;
      }
      return result;
    },
    saved: () => writes,
  };

  async function write(): Promise<void> {
    const cassette: Cassette = {
      format: 'groundplan.llm-cassette',
      version: 1,
      entries: [...entries.values()].sort((a, b) => (a.hash < b.hash ? -1 : 1)),
    };
    await mkdir(dirname(cassettePath), { recursive: true });
    const partial = `${cassettePath}.partial`;
    await writeFile(partial, `${JSON.stringify(JSON.parse(canonicalJson(cassette)), null, 1)}\n`);
    await rename(partial, cassettePath);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
