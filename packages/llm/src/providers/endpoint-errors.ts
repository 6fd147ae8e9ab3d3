import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { LlmFailure } from '../provider.js';
import type { StructuredOutputMode } from '../structured-output.js';

/** What an error message needs to know about the endpoint and the request that failed. */
export type EndpointContext = {
  baseURL: string;
  model: string;
  timeoutMs?: number;
  /** The structured-output mode of the refused request, to name the setting that fixes it. */
  mode?: StructuredOutputMode;
};

// Words servers use when the request itself is wrong: pydantic/FastAPI ("1 validation error",
// "Input should be"), llama.cpp ("must be one of"), OpenAI and vLLM ("invalid_request_error",
// "BadRequestError"), and any mention of the field that differs between servers.
const REQUEST_INVALID =
  /validation error|input should be|must be one of|invalid_request_error|badrequesterror|not supported|unsupported|unrecognized|extra (inputs|fields)|invalid (request|parameter|argument|value|type)|response_format|json_schema/i;

const CONTEXT_TOO_LONG =
  /context length|context window|context size|maximum context|exceeds? the (available )?context/i;

/**
 * Whether an HTTP answer says the request itself is invalid, so sending it again cannot help:
 * any 4xx but 401, 403, 404 (credentials, model), 408, 409 and 429 (transient), or a 5xx whose
 * body is a request-validation error (llama-cpp-python answers an unsupported response_format
 * with 500 and pydantic's validation message).
 */
export function isRequestRefusal(status: number, body: string): boolean {
  if (status >= 500) return REQUEST_INVALID.test(body);
  return status >= 400 && ![401, 403, 404, 408, 409, 429].includes(status);
}

/**
 * The fetch the openai client uses, made to not retry a refused request: the client retries
 * every 5xx unless the answer says `x-should-retry: false`, which is added to refusals here.
 */
export function withRefusalsFinal(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status < 500) return response;
    const body = await response.text();
    const headers = new Headers(response.headers);
    if (isRequestRefusal(response.status, body)) headers.set('x-should-retry', 'false');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** One line saying what went wrong and which setting to change, classified as worth retrying or not. */
export function classifyProviderError(
  error: unknown,
  context: EndpointContext,
): Extract<LlmFailure, { kind: 'unavailable' | 'bad-config' }> {
  const at = context.baseURL;
  if (error instanceof APIConnectionTimeoutError)
    return {
      kind: 'unavailable',
      message: `${at} did not answer within ${context.timeoutMs ?? 120_000} ms; raise GROUNDPLAN_LLM_TIMEOUT_MS or check the endpoint's load`,
    };
  if (error instanceof APIConnectionError)
    return {
      kind: 'unavailable',
      message: `cannot reach ${at} (${error.cause instanceof Error ? error.cause.message : error.message}); check OPENAI_BASE_URL and that the server is up`,
    };
  if (isCutMidAnswer(error))
    return {
      kind: 'unavailable',
      message: `${at} closed the connection in the middle of its answer (${oneLine(causeOf(error))}); try again later`,
    };
  if (!(error instanceof APIError))
    return {
      kind: 'unavailable',
      message: `calling ${at} failed: ${oneLine((error as Error)?.message ?? String(error))}`,
    };

  const status = error.status ?? 0;
  const body = serverDetail(error);
  const detail = body ? `${status}: ${body.slice(0, 200)}` : String(status);
  if (status === 401 || status === 403)
    return {
      kind: 'bad-config',
      message: `${at} rejected the API key (${detail}); set OPENAI_API_KEY to a valid key for this endpoint`,
    };
  if (status === 404)
    return {
      kind: 'bad-config',
      message: `${at} does not serve model "${context.model}" (${detail}); set GROUNDPLAN_MODEL to a model it serves, or fix OPENAI_BASE_URL`,
    };
  if (isRequestRefusal(status, body)) {
    if (CONTEXT_TOO_LONG.test(body))
      return {
        kind: 'bad-config',
        message: `the prompt does not fit the context of "${context.model}" at ${at} (${detail}); serve it with a longer context or set GROUNDPLAN_MODEL to a model that has one`,
      };
    return {
      kind: 'bad-config',
      message: `${at} refused the request (${detail}); ${settingFor(context.mode)}`,
    };
  }
  const retryAfterMs = retryAfter(error.headers);
  return {
    kind: 'unavailable',
    message: `${at} is unavailable (${detail}); try again later`,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}

/**
 * Whether the answer's body stopped halfway: Node's fetch (undici) rejects the body read with a
 * bare TypeError "terminated" whose cause is the socket error, which alone tells a user nothing.
 */
function isCutMidAnswer(error: unknown): error is Error {
  return error instanceof TypeError && error.message === 'terminated';
}

function causeOf(error: Error): string {
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  const text = [cause?.code, cause?.message].filter((part) => typeof part === 'string' && part).join(': ');
  return text || error.message;
}

// Past this a retry-after is not a pause but an outage: the step's deadline and tries decide.
const MAX_RETRY_AFTER_MS = 300_000;

/** A retry-after (seconds or an HTTP date) in milliseconds; undefined when absent, unreadable or in the past. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after-ms') ?? undefined;
  if (value !== undefined && Number.isFinite(Number(value))) return clamp(Number(value));
  const header = headers?.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return clamp(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : clamp(date - Date.now());
}

function clamp(ms: number): number | undefined {
  return ms > 0 ? Math.min(Math.round(ms), MAX_RETRY_AFTER_MS) : undefined;
}

function settingFor(mode: StructuredOutputMode | undefined): string {
  switch (mode) {
    case 'json_schema':
      return 'it does not take json_schema structured output: set GROUNDPLAN_STRUCTURED_OUTPUT=json_object, prompt or auto';
    case 'json_object':
      return 'it does not take json_object output: set GROUNDPLAN_STRUCTURED_OUTPUT=prompt or auto';
    default:
      return 'it refuses even a plain chat-completions request: check GROUNDPLAN_MODEL and OPENAI_BASE_URL';
  }
}

/** The server's own words, on one line: `error.message` of an OpenAI-style body, else the body. */
function serverDetail(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (typeof body?.message === 'string') return oneLine(body.message);
  if (body !== undefined && body !== null) return oneLine(JSON.stringify(body));
  // No JSON body: the client's message is "<status> <text>".
  return oneLine(error.message.replace(/^\d+\s*/, '').replace(/^status code \(no body\)$/, ''));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
