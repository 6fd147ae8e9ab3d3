import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
const messages = [
  { role: 'system' as const, content: 'You guide a robot.' },
  { role: 'user' as const, content: 'Find a mug.' },
];
type SentMessage = { role: string; content: string };
const formatOf = (body: Record<string, unknown>) =>
  (body.response_format as { type?: string } | undefined)?.type ?? 'none';

let server: FakeOpenAiServer;
/** Takes only what llama-cpp-python's server takes: text and json_object. */
let llamaCppPython: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
  llamaCppPython = await startFakeOpenAiServer({
    responseFormats: ['text', 'json_object'],
    answer: () => ({ kind: 'json', value: good, usage: { prompt_tokens: 40, completion_tokens: 12 } }),
  });
});
afterAll(async () => {
  await server.close();
  await llamaCppPython.close();
});
beforeEach(() => {
  server.received.length = 0;
  llamaCppPython.received.length = 0;
});

const provider = (at: FakeOpenAiServer, overrides: Partial<OpenAiCompatibleConfig> = {}) =>
  openAiCompatibleProvider({ baseURL: at.baseURL, apiKey: 'k', model: 'small-model', ...overrides });
const ask = (p: ReturnType<typeof provider>) =>
  askStructured(p, { messages, contract, schemaName: 'semantic_search_step' });

describe('structured-output modes', () => {
  it('json_object sends the schema in response_format and at the end of the last user message', async () => {
    server.script({ kind: 'json', value: good });
    const result = await ask(provider(server, { structuredOutput: 'json_object' }));
    expect(result.ok && result.value.value).toEqual(good);
    const sent = server.received[0]!.body;
    const format = sent.response_format as {
      type: string;
      schema: { properties: { node: { enum: string[] } } };
    };
    expect(format.type).toBe('json_object');
    expect(format.schema.properties.node.enum).toEqual(['kitchen', 'office_a']);
    const sentMessages = sent.messages as SentMessage[];
    expect(sentMessages[0]).toEqual(messages[0]);
    expect(sentMessages[1]!.content).toMatch(
      /^Find a mug\.\n\nAnswer with one JSON object .*JSON Schema:\n\{/s,
    );
    expect(sentMessages[1]!.content).toContain('"office_a"');
  });

  it('prompt sends no response_format, finds the JSON in a chatty answer, and re-asks a contract violation with the schema again', async () => {
    server.script(
      {
        kind: 'text',
        content: `Sure! Here it is:\n\`\`\`json\n${JSON.stringify({ ...good, node: 'garage' })}\n\`\`\``,
      },
      { kind: 'text', content: `My answer: ${JSON.stringify(good)} Hope that helps.` },
    );
    const result = await ask(provider(server, { structuredOutput: 'prompt' }));
    expect(result.ok && result.value.value).toEqual(good);
    expect(result.ok && result.value.calls).toHaveLength(2);
    expect(server.received.map((r) => formatOf(r.body))).toEqual(['none', 'none']);
    const retry = server.received[1]!.body.messages as SentMessage[];
    expect(retry.at(-1)!.content).toMatch(/^Your answer was rejected: .*node.*kitchen/s);
    expect(retry.at(-1)!.content).toMatch(/JSON Schema:\n\{/);
  });

  it('prompt shows the model an answer with no JSON in it as a parse error', async () => {
    server.script({ kind: 'text', content: 'I would look in the kitchen.' }, { kind: 'json', value: good });
    const result = await ask(provider(server, { structuredOutput: 'prompt' }));
    expect(result.ok && result.value.value).toEqual(good);
    const retry = server.received[1]!.body.messages as SentMessage[];
    expect(retry.at(-1)!.content).toMatch(/not valid JSON/);
  });
});

describe('a server that refuses json_schema as llama-cpp-python does', () => {
  it('answers json_schema with the 500 and the validation message llama-cpp-python sends', async () => {
    const response = await fetch(`${llamaCppPython.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages, response_format: { type: 'json_schema', json_schema: {} } }),
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('internal_server_error');
    expect(body.error.message).toMatch(
      /^1 validation error:\n {2}\{'type': 'literal_error', 'loc': \('body', 'response_format', 'type'\), 'msg': "Input should be 'text' or 'json_object'", 'input': 'json_schema'/,
    );
  });

  it('with an explicit json_schema fails at once, not retried, in one line naming the setting', async () => {
    const result = await ask(provider(llamaCppPython, { structuredOutput: 'json_schema', maxRetries: 2 }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('bad-config');
    expect(result.error.message).not.toContain('\n');
    expect(result.error.message).toMatch(
      /refused the request \(500: 1 validation error: .*Input should be 'text' or 'json_object'/,
    );
    expect(result.error.message).toMatch(/set GROUNDPLAN_STRUCTURED_OUTPUT=json_object, prompt or auto$/);
    // The openai client retries a 500 unless told not to: it was told.
    expect(llamaCppPython.received).toHaveLength(1);
    expect(result.error.report?.attempts).toBe(1);
  });

  it('with auto probes once, settles on json_object without retrying the refusal, and keeps it', async () => {
    const p = provider(llamaCppPython, { structuredOutput: 'auto', maxRetries: 2 });
    const chosen = await p.structuredOutput!();
    expect(chosen.ok && chosen.value).toMatchObject({
      mode: 'json_object',
      setting: 'auto',
      probes: [
        { mode: 'json_schema', accepted: false, status: 500 },
        { mode: 'json_object', accepted: true },
      ],
    });
    for (const _ of [1, 2, 3]) {
      const result = await ask(p);
      expect(result.ok && result.value.report.attempts).toBe(1);
    }
    expect(llamaCppPython.received.map((r) => formatOf(r.body))).toEqual([
      'json_schema',
      'json_object',
      'json_object',
      'json_object',
      'json_object',
    ]);
  });
});

describe('the auto probe', () => {
  it('keeps json_schema where the endpoint takes it, after one tiny request', async () => {
    server.script({ kind: 'json', value: { ok: true } }, { kind: 'json', value: good });
    const p = provider(server);
    const result = await ask(p);
    expect(result.ok && result.value.value).toEqual(good);
    expect(server.received.map((r) => formatOf(r.body))).toEqual(['json_schema', 'json_schema']);
    expect((server.received[0]!.body.messages as SentMessage[])[0]!.content).toMatch(/\{"ok": true\}/);
    const chosen = await p.structuredOutput!();
    expect(chosen.ok && chosen.value.mode).toBe('json_schema');
    expect(server.received).toHaveLength(2);
  });

  it('falls back to prompt when the endpoint refuses both response formats with 400', async () => {
    server.script(
      { kind: 'status', status: 400, message: "response_format type 'json_schema' is not supported" },
      { kind: 'status', status: 400, message: "response_format type 'json_object' is not supported" },
      { kind: 'text', content: '{"ok": true}' },
      { kind: 'json', value: good },
    );
    const result = await ask(provider(server));
    expect(result.ok && result.value.value).toEqual(good);
    expect(server.received.map((r) => formatOf(r.body))).toEqual([
      'json_schema',
      'json_object',
      'none',
      'none',
    ]);
  });

  it('stops at a bad key instead of trying other modes, and says which setting to fix', async () => {
    server.script({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
    const chosen = await provider(server).structuredOutput!();
    expect(!chosen.ok && chosen.error.kind).toBe('bad-config');
    expect(!chosen.ok && chosen.error.message).toMatch(/OPENAI_API_KEY/);
    expect(server.received).toHaveLength(1);
  });

  it('probes again later when the endpoint was unavailable, since that may pass', async () => {
    server.script(
      { kind: 'status', status: 503, message: 'loading model' },
      { kind: 'json', value: { ok: true } },
      { kind: 'json', value: good },
    );
    const p = provider(server, { maxRetries: 0 });
    const first = await p.structuredOutput!();
    expect(!first.ok && first.error.kind).toBe('unavailable');
    const result = await ask(p);
    expect(result.ok && result.value.value).toEqual(good);
    expect(server.received.map((r) => formatOf(r.body))).toEqual([
      'json_schema',
      'json_schema',
      'json_schema',
    ]);
  });
});

describe('what is a configuration error', () => {
  it.each([
    [400, "This model's maximum context length is 2048 tokens", 'bad-config', /GROUNDPLAN_MODEL/],
    [422, "Input should be 'text' or 'json_object'", 'bad-config', /GROUNDPLAN_STRUCTURED_OUTPUT/],
    [
      500,
      'response_format type must be one of "text" or "json_object", but got: json_schema',
      'bad-config',
      /GROUNDPLAN_STRUCTURED_OUTPUT/,
    ],
    [500, 'CUDA error: out of memory', 'unavailable', /try again later/],
    [502, 'Bad Gateway', 'unavailable', /try again later/],
  ])('%i "%s" is %s', async (status, message, kind, fix) => {
    server.script({ kind: 'status', status, message });
    const result = await ask(provider(server, { structuredOutput: 'json_schema', maxRetries: 0 }));
    expect(!result.ok && result.error.kind).toBe(kind);
    expect(!result.ok && result.error.message).toMatch(fix);
  });
});
