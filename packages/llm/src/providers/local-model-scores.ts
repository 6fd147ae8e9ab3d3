import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { err, ok, type Result } from '@groundplan/scene-graph';
import { LlamaChatSession, type LlamaContextSequence, type Token } from 'node-llama-cpp';
import { missingLocalModel } from '../model-catalogue.js';
import type { LlmFailure, ScoreRequest, Scores } from '../provider.js';
import { chatHistory, inTurn, type LocalModelOptions, load } from './local-model-fetch.js';

/**
 * SayCan's scoring with a local model: each candidate reply is rendered by the model's chat
 * template after the conversation, their shared start is evaluated once (and kept, so the next
 * request with the same start reuses it), and each candidate's own tokens are evaluated after
 * it, summing the log-probability of every token given those before it.
 */
export async function scoreLocally(
  options: LocalModelOptions,
  request: ScoreRequest,
): Promise<Result<Scores, LlmFailure>> {
  if (!existsSync(options.modelPath))
    return err({ kind: 'bad-config', message: missingLocalModel(options.modelPath) });
  if (request.candidates.length === 0)
    return err({ kind: 'bad-config', message: 'nothing to score: the request has no candidates' });
  const started = performance.now();
  try {
    const scored = await inTurn(options, () => score(options, request));
    return ok({
      ...scored,
      latencyMs: Math.round(performance.now() - started),
      provider: 'local',
      model: basename(options.modelPath),
      attempts: 1,
    });
  } catch (error) {
    const message = `the local model failed to score: ${(error as Error).message}`;
    return err({ kind: error instanceof Unscorable ? 'bad-config' : 'unavailable', message });
  }
}

/** A request no scoring can answer (longer than the context, or nothing shared to score after): bad-config, never retried. */
class Unscorable extends Error {}

async function score(options: LocalModelOptions, request: ScoreRequest) {
  const { model, context, sequence } = await load(options);
  const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
  let rendered: Token[][];
  try {
    const history = chatHistory(request.messages);
    rendered = request.candidates.map((candidate) =>
      session.chatWrapper
        .generateContextState({ chatHistory: [...history, { type: 'model', response: [candidate] }] })
        .contextText.tokenize(model.tokenizer),
    );
  } finally {
    session.dispose({ disposeSequence: false });
  }
  const longest = Math.max(...rendered.map((tokens) => tokens.length));
  if (longest > context.contextSize)
    throw new Unscorable(
      `the prompt and its longest candidate take ${longest} tokens, more than the context length of ${context.contextSize} tokens of ${basename(options.modelPath)}`,
    );
  // Each candidate keeps at least one token of its own: the shared start ends before it.
  const shared = Math.min(commonStart(rendered), ...rendered.map((tokens) => tokens.length - 1));
  if (shared < 1)
    throw new Unscorable('the candidates share no start to be scored after: the conversation is empty');
  // The sequence holds the shared start without its last token; each candidate is evaluated from that token.
  const evaluatedBefore = sequence.tokenMeter.usedInputTokens;
  const start = rendered[0]!.slice(0, shared - 1);
  const reused = await keepOnly(sequence, start);
  if (reused < start.length) await sequence.evaluateWithoutGeneratingNewTokens(start.slice(reused));
  const logProbs: number[] = [];
  const tokens: number[] = [];
  for (const candidate of rendered) {
    request.signal?.throwIfAborted();
    const own = candidate.slice(shared);
    const input = [candidate[shared - 1]!, ...own.slice(0, -1)];
    const outputs = await sequence.controlledEvaluate(
      input.map((token, i) => [
        token,
        {
          generateNext: {
            // includeMax returns no max in node-llama-cpp 3.22.1; the top one is the max.
            logits: { filter: { tokens: [own[i]!], includeTop: 1 } },
            totalLogitWeight: true,
          },
        },
      ]),
    );
    let sum = 0;
    for (const [i, next] of own.entries()) sum += logProbability(outputs[i]?.next, next);
    logProbs.push(sum);
    tokens.push(own.length);
    await keepOnly(sequence, start);
  }
  // As a chat request counts them: every token the model read, the reused start included.
  const promptTokens = sequence.tokenMeter.usedInputTokens - evaluatedBefore + reused;
  return { logProbs, tokens, usage: { promptTokens, completionTokens: 0, cachedPromptTokens: reused } };
}

/** log p(token) from the filtered logits (the top one is the max) and the sum of exp(logit - max). */
function logProbability(
  next: { logits?: Map<Token, number>; totalLogitWeight?: number } | undefined,
  token: Token,
): number {
  const logits = next?.logits;
  const weight = next?.totalLogitWeight;
  const logit = logits?.get(token);
  if (!logits || weight === undefined || logit === undefined)
    throw new Error('llama.cpp returned no logits for a candidate token');
  const max = Math.max(...logits.values());
  return logit - max - Math.log(weight);
}

function commonStart(rendered: readonly Token[][]): number {
  const first = rendered[0]!;
  let n = 0;
  while (n < first.length && rendered.every((tokens) => tokens[n] === first[n])) n++;
  return n;
}

/** Erases what the sequence holds after the longest start it shares with `tokens`; returns that start's length. */
async function keepOnly(sequence: LlamaContextSequence, tokens: readonly Token[]): Promise<number> {
  const held = sequence.contextTokens;
  let n = 0;
  while (n < held.length && n < tokens.length && held[n] === tokens[n]) n++;
  if (n < sequence.nextTokenIndex)
    await sequence.eraseContextTokenRanges([{ start: n, end: sequence.nextTokenIndex }]);
  return n;
}
