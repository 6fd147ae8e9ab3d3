import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cassette } from '../providers/replay.js';

/** What the fake endpoint does with the next request it receives. */
export type ScriptedAnswer =
  | { kind: 'json'; value: unknown; usage?: Usage }
  | { kind: 'text'; content: string; usage?: Usage }
  | { kind: 'status'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'slow'; delayMs: number; answer: ScriptedAnswer }
  /** A 200 with this body as JSON, whatever its shape (e.g. an empty `choices` list). */
  | { kind: 'body'; body: unknown }
  /** A 200 whose body stops halfway: the connection is reset mid-answer. */
  | { kind: 'cut' };

type Usage = {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens: number };
};

export type ReceivedRequest = {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** performance.now() when the request arrived. */
  at: number;
};

export type FakeServerOptions = {
  /**
   * The response_format types the server takes (a request without one always passes). A request
   * with another type is refused as llama-cpp-python's server (0.3.x) refuses it: HTTP 500, its
   * OpenAI-style error body of type internal_server_error holding FastAPI's request-validation
   * message. Default: every type.
   */
  responseFormats?: readonly string[];
  /** Answers a request when no scripted answer is queued; undefined falls through to a 500. */
  answer?: (body: Record<string, unknown>) => ScriptedAnswer | undefined;
};

export type FakeOpenAiServer = {
  baseURL: string;
  /** Every request received, in order. */
  received: ReceivedRequest[];
  /** Queues answers; a request that finds the queue empty gets a 500 naming the problem. */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
};

/**
 * A real HTTP server on 127.0.0.1 speaking the chat-completions API, answering each request as
 * scripted, so provider tests exercise the real openai client, its retries and its timeouts.
 */
export async function startFakeOpenAiServer(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  const queue: ScriptedAnswer[] = [];
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer(async (request, response) => {
    const body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
    received.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body,
      at: performance.now(),
    });
    const format = (body.response_format as { type?: unknown } | undefined)?.type;
    if (options.responseFormats && typeof format === 'string' && !options.responseFormats.includes(format)) {
      refuseAsLlamaCppPython(response, format, options.responseFormats);
      return;
    }
    const answer = queue.shift() ??
      options.answer?.(body) ?? {
        kind: 'status',
        status: 500,
        message: 'the fake server has no scripted answer left',
      };
    answerWith(answer, body, response, timers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    received,
    script: (...answers) => queue.push(...answers),
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerWith(
  answer: ScriptedAnswer,
  body: Record<string, unknown>,
  response: ServerResponse,
  timers: Set<NodeJS.Timeout>,
): void {
  switch (answer.kind) {
    case 'slow': {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) answerWith(answer.answer, body, response, timers);
      }, answer.delayMs);
      timers.add(timer);
      return;
    }
    case 'status':
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(
        JSON.stringify({ error: { message: answer.message ?? `status ${answer.status}`, type: 'fake' } }),
      );
      return;
    case 'cut':
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
      response.write('{"id":"chatcmpl-fake","object":"chat.completion","choices":[{"index":0,');
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    case 'body':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
      return;
    case 'json':
      sendCompletion(response, body, JSON.stringify(answer.value), answer.usage);
      return;
    case 'text':
      sendCompletion(response, body, answer.content, answer.usage);
      return;
  }
}

function sendCompletion(
  response: ServerResponse,
  request: Record<string, unknown>,
  content: string,
  usage: Usage | undefined,
): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 0,
      model: request.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    }),
  );
}

/**
 * llama-cpp-python validates the body against a pydantic model whose response_format.type is
 * Literal["text", "json_object"]; its route handler turns FastAPI's RequestValidationError into
 * a 500 whose message is the error's str(): the count line, each error as a Python dict, then
 * the endpoint.
 */
function refuseAsLlamaCppPython(response: ServerResponse, type: string, accepted: readonly string[]): void {
  const quoted = accepted.map((t) => `'${t}'`);
  const expected =
    quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : `${quoted[0]}`;
  const message = [
    '1 validation error:',
    `  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': "Input should be ${expected}", 'input': '${type}', 'ctx': {'expected': "${expected}"}}`,
    '  File "/usr/local/lib/python3.12/site-packages/llama_cpp/server/app.py", line 513, in create_chat_completion',
    '    POST /v1/chat/completions',
  ].join('\n');
  response.writeHead(500, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({ error: { message, type: 'internal_server_error', param: null, code: null } }),
  );
}

/**
 * Answers chat requests with a cassette's recorded answers: the entry whose messages each begin
 * the request's (a structured-output mode may append the schema to a message), with its usage.
 */
export function answersFromCassette(
  cassette: Cassette,
): (body: Record<string, unknown>) => ScriptedAnswer | undefined {
  return (body) => {
    const messages = (body.messages ?? []) as { role: string; content: string }[];
    const entry = cassette.entries.find(
      (e) =>
        e.request.messages.length === messages.length &&
        e.request.messages.every(
          (m, i) => messages[i]!.role === m.role && messages[i]!.content.startsWith(m.content),
        ),
    );
    if (!entry) return undefined;
    return {
      kind: 'text',
      content: entry.response.text,
      usage: {
        prompt_tokens: entry.response.usage.promptTokens,
        completion_tokens: entry.response.usage.completionTokens,
      },
    };
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
