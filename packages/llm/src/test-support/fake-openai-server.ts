import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake endpoint does with the next request it receives. */
export type ScriptedAnswer =
  | { kind: 'json'; value: unknown; usage?: Usage }
  | { kind: 'text'; content: string }
  | { kind: 'status'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'slow'; delayMs: number; answer: ScriptedAnswer };

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
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
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
    const answer = queue.shift() ?? {
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
    case 'json':
      sendCompletion(response, body, JSON.stringify(answer.value), answer.usage);
      return;
    case 'text':
      sendCompletion(response, body, answer.content, undefined);
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

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
