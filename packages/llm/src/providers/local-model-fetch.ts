import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { err, ok, type Result } from '@groundplan/scene-graph';
import {
  type ChatHistoryItem,
  getLlama,
  type Llama,
  LlamaChatSession,
  type LlamaContext,
  type LlamaContextOptions,
  type LlamaContextSequence,
  LlamaLogLevel,
  type LlamaModel,
  type LlamaOptions,
} from 'node-llama-cpp';
import { missingLocalModel } from '../model-catalogue.js';
import type { ChatMessage, LlmFailure, WarmUpReport } from '../provider.js';
import { grammarSchema } from './grammar-schema.js';

export type LocalModelOptions = {
  /** A GGUF file, e.g. models/SmolLM2-135M-Instruct.Q4_1.gguf from install-model.sh. */
  modelPath: string;
  /** Tokens of context: the office collapsed view and the prompt take about 2,000. */
  contextSize?: number;
  /** Upper bound on generated tokens for requests that name none (max_completion_tokens, max_tokens). */
  maxTokens?: number;
  /** CPU threads; default: every core (see localModelThreads); 1 is faster beside other CPU-heavy work. */
  threads?: number;
};

// One sequence, kept between requests, so a shared prompt prefix is not evaluated twice.
type LoadedModel = { llama: Llama; model: LlamaModel; context: LlamaContext; sequence: LlamaContextSequence };

// Loading takes seconds and hundreds of MB: once per process and model file.
const loaded = new Map<string, Promise<LoadedModel>>();
// One context sequence per model, so requests to it (and the warm-up) take turns.
const queues = new Map<string, Promise<unknown>>();

type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  response_format?: { type: string; json_schema?: { schema?: object } };
  temperature?: number;
  seed?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
};

/**
 * A fetch that answers chat-completions requests with a local GGUF model, turning the request's
 * JSON Schema into a llama grammar so decoding can only produce schema-shaped JSON.
 */
export function localModelFetch(options: LocalModelOptions): typeof globalThis.fetch {
  return async (_input, init) => {
    if (!existsSync(options.modelPath)) return errorResponse(404, missingModel(options.modelPath));
    const request = JSON.parse(String(init?.body ?? '{}')) as ChatRequest;
    try {
      return jsonResponse(
        200,
        await inTurn(options, () => answer(options, request, init?.signal ?? undefined)),
      );
    } catch (error) {
      // A request this model can never answer is the request's fault: 400, never retried.
      if (error instanceof UnanswerableRequest) return errorResponse(400, error.message);
      return errorResponse(500, `the local model failed: ${(error as Error).message}`);
    }
  };
}

/**
 * Loads the model and evaluates the start of a conversation, so that requests beginning with
 * these messages only evaluate what follows them. Takes its turn like a request: one that arrives
 * meanwhile waits for it.
 */
export async function preloadLocalModel(
  options: LocalModelOptions,
  prefix: ChatMessage[],
): Promise<Result<WarmUpReport, LlmFailure>> {
  if (!existsSync(options.modelPath))
    return err({ kind: 'bad-config', message: missingModel(options.modelPath) });
  try {
    return ok(await inTurn(options, () => preload(options, prefix)));
  } catch (error) {
    return err({
      kind: 'bad-config',
      message: `the local model ${options.modelPath} failed to load: ${(error as Error).message}`,
    });
  }
}

function missingModel(modelPath: string): string {
  return missingLocalModel(modelPath);
}

/** Runs work on the model's one sequence after the work queued before it (the provider's own files only). */
export function inTurn<T>(options: LocalModelOptions, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(options.modelPath) ?? Promise.resolve();
  const turn = previous.then(work);
  queues.set(
    options.modelPath,
    turn.catch(() => undefined),
  );
  return turn;
}

async function preload(options: LocalModelOptions, prefix: ChatMessage[]): Promise<WarmUpReport> {
  const started = performance.now();
  const { sequence } = await load(options);
  const loadMs = Math.round(performance.now() - started);
  const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
  try {
    session.setChatHistory(chatHistory(prefix));
    const evaluatedBefore = sequence.tokenMeter.usedInputTokens;
    // An empty next turn: the chat template renders up to where the next user message starts.
    await session.preloadPrompt('');
    return {
      latencyMs: Math.round(performance.now() - started),
      loadMs,
      promptTokens: sequence.tokenMeter.usedInputTokens - evaluatedBefore,
    };
  } finally {
    session.dispose({ disposeSequence: false });
  }
}

/** A request the model can never answer as asked (a prompt longer than its context, a schema it cannot take). */
class UnanswerableRequest extends Error {}

async function answer(
  options: LocalModelOptions,
  request: ChatRequest,
  signal: AbortSignal | undefined,
): Promise<object> {
  const { llama, model, context, sequence } = await load(options);
  const schema = request.response_format?.json_schema?.schema;
  let grammar: Awaited<ReturnType<Llama['createGrammarForJsonSchema']>> | undefined;
  try {
    grammar = schema
      ? await llama.createGrammarForJsonSchema(
          grammarSchema(schema) as Parameters<Llama['createGrammarForJsonSchema']>[0],
        )
      : undefined;
  } catch (error) {
    throw new UnanswerableRequest(
      `the local model cannot take this JSON schema: ${(error as Error).message}`,
    );
  }
  const messages = request.messages;
  const last = messages[messages.length - 1];
  const maxTokens = request.max_completion_tokens ?? request.max_tokens ?? options.maxTokens ?? 400;
  const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
  try {
    // Counted with the model's own tokenizer and chat template before anything is evaluated: a
    // prompt that does not fit fails at once, never by silently shifting the context.
    const { contextText } = session.chatWrapper.generateContextState({ chatHistory: chatHistory(messages) });
    const countedPromptTokens = contextText.tokenize(model.tokenizer).length;
    if (countedPromptTokens + maxTokens > context.contextSize)
      throw new UnanswerableRequest(
        `the prompt of ${countedPromptTokens} tokens and an answer of up to ${maxTokens} exceed the context length of ${context.contextSize} tokens of ${basename(options.modelPath)}`,
      );
    session.setChatHistory(chatHistory(messages.slice(0, -1)));
    const outputBefore = sequence.tokenMeter.usedOutputTokens;
    const evaluatedBefore = sequence.tokenMeter.usedInputTokens;
    const reply = await session.promptWithMeta(last?.content ?? '', {
      ...(grammar ? { grammar } : {}),
      maxTokens,
      // The client's timeout aborts the request; stop generating so the next request gets its turn.
      ...(signal ? { signal } : {}),
      temperature: request.temperature ?? 0,
      ...(request.seed === undefined ? {} : { seed: request.seed }),
    });
    const completionTokens = sequence.tokenMeter.usedOutputTokens - outputBefore;
    const promptTokens = Math.max(0, sequence.contextTokens.length - completionTokens);
    // The start of the prompt that was already in the sequence from an earlier request or the warm-up.
    const cachedTokens = Math.max(0, promptTokens - (sequence.tokenMeter.usedInputTokens - evaluatedBefore));
    return {
      id: `local-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: basename(options.modelPath),
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.responseText, refusal: null },
          finish_reason: reply.stopReason === 'maxTokens' ? 'length' : 'stop',
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: cachedTokens },
      },
    };
  } finally {
    session.dispose({ disposeSequence: false });
  }
}

/** The conversation as node-llama-cpp's chat history. */
export function chatHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  return messages.map((message) =>
    message.role === 'assistant'
      ? { type: 'model', response: [message.content] }
      : { type: message.role === 'system' ? 'system' : 'user', text: message.content },
  );
}

/**
 * Every core. On this 2-core machine, idle, two threads evaluate a prompt almost twice as fast
 * as one, and a ready worker's semantic-search step took 11-14.5 s instead of 15-25 s. llama.cpp's
 * threads spin while they wait for each other, so with another process keeping a core busy two
 * threads took 22-33 s where one took 16-23 s (bench-results/local-model.json): set threads to 1
 * (GROUNDPLAN_LLM_THREADS=1) on machines shared with CPU-heavy work.
 */
export function localModelThreads(): number {
  return availableParallelism();
}

/**
 * The size of Node's libuv thread pool a process running the local model wants: one thread per
 * core, at most libuv's default of 4. node-llama-cpp runs each decode and each sampling step as
 * a task on that pool. With a pool larger than the machine's cores, generation with two threads on
 * this 2-core machine ran at 0.55-0.81 of llama.cpp's own speed (SmolLM2-135M: 40-65 tokens/s,
 * pool 3 and 4); with a pool of 1 or 2 it ran at 1.06-1.15 (88 tokens/s): packages/llm/README.md,
 * "Against llama.cpp". The pool is sized once, when the process starts, from UV_THREADPOOL_SIZE,
 * so the setup (scripts/setup.sh) exports it for every process it starts, and turbo passes it on.
 */
export function localModelThreadpoolSize(): number {
  return Math.min(availableParallelism(), 4);
}

/** The size of this process's libuv thread pool: UV_THREADPOOL_SIZE, or libuv's default of 4. */
export function threadpoolSize(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.UV_THREADPOOL_SIZE) || 4;
}

/** One line saying why generation will be slow in this process, or undefined when the pool fits. */
export function threadpoolWarning(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const pool = threadpoolSize(env);
  const wanted = localModelThreadpoolSize();
  if (pool <= wanted) return undefined;
  return `local model: Node's thread pool has ${pool} threads for ${availableParallelism()} cores, so generation runs at about half speed; start the process with UV_THREADPOOL_SIZE=${wanted} (scripts/setup.sh exports it)`;
}

/** How the provider gets llama.cpp: the prebuilt CPU binary only; never build, never download, never probe for GPUs. */
export const localLlamaOptions = {
  gpu: false,
  build: 'never',
  skipDownload: true,
  progressLogs: false,
  logLevel: LlamaLogLevel.error,
} as const satisfies LlamaOptions;

/**
 * The context the provider creates for a model: everything else (batch size min(context, 512),
 * flash attention auto, f16 KV cache, one sequence) is node-llama-cpp's default.
 */
export function localContextOptions(options: Pick<LocalModelOptions, 'contextSize' | 'threads'>) {
  return {
    contextSize: options.contextSize ?? 8192,
    threads: options.threads ?? localModelThreads(),
  } satisfies LlamaContextOptions;
}

/** The loaded model, its context and its one sequence: once per process and model file. */
export function load(options: LocalModelOptions): Promise<LoadedModel> {
  let model = loaded.get(options.modelPath);
  if (!model) {
    model = (async () => {
      const llama = await getLlama(localLlamaOptions);
      const loadedModel = await llama.loadModel({ modelPath: options.modelPath });
      const context = await loadedModel.createContext(localContextOptions(options));
      return { llama, model: loadedModel, context, sequence: context.getSequence() };
    })();
    model.catch(() => loaded.delete(options.modelPath));
    loaded.set(options.modelPath, model);
  }
  return model;
}

function jsonResponse(status: number, body: object): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function errorResponse(status: number, message: string): Response {
  return jsonResponse(status, { error: { message, type: 'local_model_error' } });
}
