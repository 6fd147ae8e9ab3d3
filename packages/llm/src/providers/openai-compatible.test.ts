import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toApplicationFailure } from '../activities.js';
import { semanticSearchAnswerSchema } from '../contracts/semantic-search-answer.js';
import { askStructured } from '../structured-call.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../test-support/fake-openai-server.js';
import { type OpenAiCompatibleConfig, openAiCompatibleProvider } from './openai-compatible.js';

const contract = semanticSearchAnswerSchema({ expand: ['kitchen', 'office_a'], contract: [], done: [] });
const good = {
  chain_of_thought: 'mugs are kept in kitchens',
  reasoning: 'expand it',
  command: 'expand',
  node: 'kitchen',
};
const messages = [{ role: 'user' as const, content: 'Find a mug.' }];

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const provider = (overrides: Partial<OpenAiCompatibleConfig> = {}) =>
  openAiCompatibleProvider({
    baseURL: server.baseURL,
    apiKey: 'test-key',
    model: 'test-model',
    seed: 7,
    temperature: 0,
    structuredOutput: 'json_schema',
    ...overrides,
  });
const ask = (p = provider()) => askStructured(p, { messages, contract, schemaName: 'semantic_search_step' });

describe('the OpenAI-compatible provider', () => {
  it('sends the contract as strict json_schema structured output and returns the validated answer', async () => {
    server.script({ kind: 'json', value: good, usage: { prompt_tokens: 120, completion_tokens: 30 } });
    const result = await ask();
    expect(result.ok && result.value.value).toEqual(good);
    expect(result.ok && result.value.report).toMatchObject({
      usage: { promptTokens: 120, completionTokens: 30 },
      provider: 'openai',
      model: 'test-model',
      attempts: 1,
    });
    const sent = server.received[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer test-key');
    expect(sent.body).toMatchObject({
      model: 'test-model',
      seed: 7,
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'semantic_search_step', strict: true } },
    });
    const schema = (
      sent.body.response_format as { json_schema: { schema: { properties: { node: { enum: string[] } } } } }
    ).json_schema.schema;
    expect(schema.properties.node.enum).toEqual(['kitchen', 'office_a']);
  });

  it('reports the prompt tokens the endpoint says it reused', async () => {
    server.script({
      kind: 'json',
      value: good,
      usage: { prompt_tokens: 120, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 100 } },
    });
    const result = await ask();
    expect(result.ok && result.value.report.usage).toEqual({
      promptTokens: 120,
      completionTokens: 30,
      cachedPromptTokens: 100,
    });
  });

  it("sends a request's token cap only when told to, since reasoning models count hidden tokens against it", async () => {
    const capped = (p: ReturnType<typeof provider>) =>
      p.complete({ messages, schema: { type: 'object' }, schemaName: 's', maxTokens: 700 });
    server.script({ kind: 'json', value: good }, { kind: 'json', value: good });
    await capped(provider());
    await capped(provider({ sendMaxTokens: true }));
    expect(server.received.map((r) => r.body.max_completion_tokens)).toEqual([undefined, 700]);
  });

  it('counts tokens itself when the endpoint reports no usage', async () => {
    server.script({ kind: 'json', value: good });
    const result = await ask();
    expect(result.ok && result.value.report.usage.promptTokens).toBeGreaterThan(0);
    expect(result.ok && result.value.report.usage.completionTokens).toBeGreaterThan(10);
  });

  it('shows malformed JSON its parse error and accepts the corrected answer', async () => {
    server.script({ kind: 'text', content: '{"command": "expand", ' }, { kind: 'json', value: good });
    const result = await ask();
    expect(result.ok && result.value.value).toEqual(good);
    expect(result.ok && result.value.calls).toHaveLength(2);
    const retry = server.received[1]!.body.messages as { role: string; content: string }[];
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"command": "expand", ' });
    expect(retry.at(-1)?.content).toMatch(/not valid JSON/);
  });

  it('shows a non-existent node to the model as a validation error and never accepts it', async () => {
    server.script({ kind: 'json', value: { ...good, node: 'garage' } }, { kind: 'json', value: good });
    const result = await ask();
    expect(result.ok && result.value.value.node).toBe('kitchen');
    const retry = server.received[1]!.body.messages as { content: string }[];
    expect(retry.at(-1)?.content).toMatch(/node/);
    expect(retry.at(-1)?.content).toMatch(/kitchen/);
  });

  it('gives up on an answer in the wrong shape after two retries, with a typed failure and its cost', async () => {
    const wrong = {
      kind: 'json' as const,
      value: { answer: 'the kitchen' },
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    };
    server.script(wrong, wrong, wrong);
    const result = await ask();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-output');
    expect(result.error.message).toMatch(/no valid answer after 3 tries/);
    expect(result.error.calls).toHaveLength(3);
    expect(server.received).toHaveLength(3);
  });

  it("sends a request once by default: retrying is the workflow activity's job, the one retry layer", async () => {
    server.script({ kind: 'status', status: 503 });
    const result = await ask();
    expect(!result.ok && result.error).toMatchObject({ kind: 'unavailable', report: { attempts: 1 } });
    expect(!result.ok && result.error.message).toBe(
      `${server.baseURL} is unavailable (503: status 503); try again later`,
    );
    expect(server.received).toHaveLength(1);
  });

  it("passes a 429's retry-after on to the workflow's next try instead of waiting itself", async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '2' }, message: 'slow down' });
    const result = await ask();
    expect(!result.ok && result.error).toMatchObject({ kind: 'unavailable', retryAfterMs: 2000 });
    expect(server.received).toHaveLength(1);
    const failure = toApplicationFailure(!result.ok ? result.error : { kind: 'unavailable', message: '' });
    expect(failure).toMatchObject({ type: 'LlmUnavailable', nonRetryable: false, nextRetryDelay: 2000 });
  });

  it('blames an answer without choices on the endpoint (retryable), without re-asking the model', async () => {
    server.script({
      kind: 'body',
      body: { id: 'x', object: 'chat.completion', created: 0, model: 'test-model', choices: [] },
    });
    const result = await ask();
    expect(!result.ok && result.error.kind).toBe('unavailable');
    expect(!result.ok && result.error.message).toBe(
      `${server.baseURL} answered without any choices (an empty body or "choices" list); the endpoint failed, not the model`,
    );
    expect(server.received).toHaveLength(1);
  });

  it('says an answer cut off mid-body is the connection\'s fault (retryable), not a bare "terminated"', async () => {
    server.script({ kind: 'cut' });
    const result = await ask();
    expect(!result.ok && result.error.kind).toBe('unavailable');
    expect(!result.ok && result.error.message).toMatch(
      new RegExp(
        `^${server.baseURL} closed the connection in the middle of its answer \\(.+\\); try again later$`,
      ),
    );
  });

  it('waits as long as a 429 retry-after says, then retries, when told to retry', async () => {
    server.script(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'json', value: good },
    );
    const result = await ask(provider({ maxRetries: 1 }));
    expect(result.ok && result.value.report.attempts).toBe(2);
    expect(server.received[1]!.at - server.received[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a 500 and reports the endpoint unavailable once retries run out', async () => {
    server.script({ kind: 'status', status: 500 }, { kind: 'json', value: good });
    const recovered = await ask(provider({ maxRetries: 1 }));
    expect(recovered.ok && recovered.value.report.attempts).toBe(2);

    server.script({ kind: 'status', status: 503 }, { kind: 'status', status: 502 });
    const failed = await ask(provider({ maxRetries: 1 }));
    expect(!failed.ok && failed.error.kind).toBe('unavailable');
    expect(!failed.ok && failed.error.report?.attempts).toBe(2);
  });

  it('does not retry a bad key and says which setting to fix', async () => {
    server.script({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
    const result = await ask();
    expect(!result.ok && result.error.kind).toBe('bad-config');
    expect(!result.ok && result.error.message).toMatch(/OPENAI_API_KEY/);
    expect(server.received).toHaveLength(1);
  });

  it('does not retry an unknown model and says which setting to fix', async () => {
    server.script({ kind: 'status', status: 404, message: 'The model `test-model` does not exist' });
    const result = await ask();
    expect(!result.ok && result.error.kind).toBe('bad-config');
    expect(!result.ok && result.error.message).toMatch(/GROUNDPLAN_MODEL/);
    expect(server.received).toHaveLength(1);
  });

  it('does not retry another 4xx', async () => {
    server.script({ kind: 'status', status: 400, message: "response_format 'json_schema' is not supported" });
    const result = await ask();
    expect(!result.ok && result.error.kind).toBe('bad-config');
    expect(!result.ok && result.error.message).toMatch(/json_schema/);
    expect(server.received).toHaveLength(1);
  });

  it('retries an answer slower than the timeout, and reports a timeout that persists as unavailable', async () => {
    server.script(
      { kind: 'slow', delayMs: 2_000, answer: { kind: 'json', value: good } },
      { kind: 'json', value: good },
    );
    const recovered = await ask(provider({ timeoutMs: 300, maxRetries: 1 }));
    expect(recovered.ok && recovered.value.report.attempts).toBe(2);

    server.script({ kind: 'slow', delayMs: 2_000, answer: { kind: 'json', value: good } });
    const failed = await ask(provider({ timeoutMs: 300, maxRetries: 0 }));
    expect(!failed.ok && failed.error.kind).toBe('unavailable');
    expect(!failed.ok && failed.error.message).toMatch(/did not answer within 300 ms/);
  });

  it('reports an endpoint nobody listens on as unavailable', async () => {
    const nowhere = provider({ baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 });
    const result = await ask(nowhere);
    expect(!result.ok && result.error.kind).toBe('unavailable');
    expect(!result.ok && result.error.message).toMatch(/cannot reach/);
  });
});
