import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semanticSearchAnswerSchema } from '../contracts/semantic-search-answer.js';
import { askStructured } from '../structured-call.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../test-support/fake-openai-server.js';
import { localModelProvider } from './local-model.js';
import { openAiCompatibleProvider } from './openai-compatible.js';
import { recordingProvider, replayProvider } from './replay.js';
import { requestHash } from './request-hash.js';

const contract = semanticSearchAnswerSchema({ expand: ['kitchen', 'office_a'], contract: [], done: [] });
const good = {
  chain_of_thought: 'mugs are in kitchens',
  reasoning: 'expand it',
  command: 'expand',
  node: 'kitchen',
};
const call = (instruction: string) => ({
  messages: [{ role: 'user' as const, content: instruction }],
  contract,
  schemaName: 'semantic_search_step',
});

let server: FakeOpenAiServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
  dir = await mkdtemp(join(tmpdir(), 'groundplan-cassette-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('recording and replaying a cassette', () => {
  it('replays what was recorded, retries included, without the endpoint', async () => {
    const cassette = join(dir, 'round-trip.json');
    const live = openAiCompatibleProvider({
      baseURL: server.baseURL,
      apiKey: 'k',
      model: 'recorded-model',
      structuredOutput: 'json_schema',
    });
    const recorder = recordingProvider(live, cassette);
    server.script(
      { kind: 'text', content: 'not json' },
      { kind: 'json', value: good, usage: { prompt_tokens: 50, completion_tokens: 20 } },
    );
    const recorded = await askStructured(recorder, call('Find a mug.'));
    expect(recorded.ok).toBe(true);
    const received = server.received.length;

    const replayed = await askStructured(replayProvider({ cassettePath: cassette }), call('Find a mug.'));
    expect(server.received).toHaveLength(received);
    expect(replayed.ok && replayed.value.value).toEqual(good);
    expect(replayed.ok && replayed.value.calls).toHaveLength(2);
    expect(replayed.ok && replayed.value.report).toMatchObject({
      provider: 'replay',
      model: 'recorded-model',
    });
    // The recorded usage replays: 50 + 20 reported for the valid answer, plus the counted invalid one.
    expect(replayed.ok && replayed.value.report.usage.promptTokens).toBeGreaterThan(50);
    const file = JSON.parse(await readFile(cassette, 'utf8')) as { entries: unknown[] };
    expect(file.entries).toHaveLength(2);
  });

  it('warms up the provider it records, so recording a local model keeps the fast first step', async () => {
    const recorder = recordingProvider(
      localModelProvider({ modelPath: join(dir, 'missing.gguf') }),
      join(dir, 'w.json'),
    );
    const warm = await recorder.warmUp?.([{ role: 'system', content: 'Answer in JSON.' }]);
    expect(warm).toEqual({
      ok: false,
      error: { kind: 'bad-config', message: expect.stringMatching(/missing\.gguf/) },
    });
  });

  it('names the hash of a request that was never recorded', async () => {
    const cassette = join(dir, 'empty.json');
    await writeFile(cassette, JSON.stringify({ format: 'groundplan.llm-cassette', version: 1, entries: [] }));
    const result = await askStructured(replayProvider({ cassettePath: cassette }), call('Find a sofa.'));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('bad-config');
    expect(!result.ok && result.error.message).toMatch(/no recorded answer for request sha256:[0-9a-f]{64}/);
  });

  it('reports a missing cassette file as a configuration problem', async () => {
    const result = await askStructured(replayProvider({ cassettePath: join(dir, 'absent.json') }), call('x'));
    expect(!result.ok && result.error.kind).toBe('bad-config');
    expect(!result.ok && result.error.message).toMatch(/cannot read cassette/);
  });

  it('adds the injected latency to every replayed answer', async () => {
    const cassette = join(dir, 'latency.json');
    const recorder = recordingProvider(
      openAiCompatibleProvider({
        baseURL: server.baseURL,
        apiKey: 'k',
        model: 'm',
        structuredOutput: 'json_schema',
      }),
      cassette,
    );
    server.script({ kind: 'json', value: good });
    await askStructured(recorder, call('Find a kettle.'));
    const result = await askStructured(
      replayProvider({ cassettePath: cassette, latencyMs: 40 }),
      call('Find a kettle.'),
    );
    expect(result.ok && result.value.report.latencyMs).toBe(40);
  });
});

describe('the request hash', () => {
  const request = {
    messages: [{ role: 'user' as const, content: 'hi' }],
    schemaName: 's',
    schema: { type: 'object', required: ['a'] },
  };

  it('ignores key order and is stable', () => {
    const reordered = {
      schema: { required: ['a'], type: 'object' },
      schemaName: 's',
      messages: [{ content: 'hi', role: 'user' as const }],
    };
    expect(requestHash(reordered)).toBe(requestHash(request));
  });

  it('changes when the conversation or the schema changes', () => {
    expect(requestHash({ ...request, messages: [{ role: 'user', content: 'hello' }] })).not.toBe(
      requestHash(request),
    );
    expect(requestHash({ ...request, schema: { type: 'object', required: ['b'] } })).not.toBe(
      requestHash(request),
    );
  });
});
