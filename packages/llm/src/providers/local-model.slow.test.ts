import { existsSync } from 'node:fs';
import { collapse, memorySceneStore, renderFullScene, visibleNodes } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { describe, expect, it } from 'vitest';
import { createLlmActivities, warmUpSemanticSearch } from '../activities.js';
import { defaultLocalModelPath } from '../model-catalogue.js';
import { localModelProvider } from './local-model.js';

// Loading the model and the first answer took 27 s on two shared cores at load 7 and 87 s beside
// another test suite, the later tests 1-2 s each: the timeouts leave room for a loaded CI machine.
describe('the local model provider', () => {
  // First in this file, so the model's context sequence starts empty and only the warm-up fills it.
  it('warmed up, answers a semantic-search step on the office graph with schema-valid JSON at the first try, evaluating only its view and instruction', {
    timeout: 300_000,
  }, async () => {
    const modelPath = defaultLocalModelPath();
    if (!existsSync(modelPath))
      throw new Error(
        `the default local model is not installed at ${modelPath}; run packages/llm/scripts/install-model.sh`,
      );
    const office = await datasetScene('office');
    const view = collapse(office);
    const provider = localModelProvider({ modelPath });

    // Grammar-constrained decoding must get it right without being told what was wrong.
    const scenes = memorySceneStore();
    const sceneRef = await scenes.put(office);
    const llm = createLlmActivities({ provider, scenes, maxInvalidRetries: 0 });
    // The step arrives while the model is still warming up: it waits its turn.
    const warming = warmUpSemanticSearch(provider);
    const step = await llm.semanticSearchStep({ sceneRef, instruction: 'Find me a carrot.', view });
    const warm = await warming;
    if (!warm.ok) throw new Error(`${warm.error.kind}: ${warm.error.message}`);

    expect(['expand', 'contract', 'done']).toContain(step.command);
    expect(visibleNodes(office, view)).toContain(step.node);
    expect(step.usage).toMatchObject({ provider: 'local', attempts: 1 });
    const { promptTokens, completionTokens, cachedPromptTokens } = step.usage.usage;
    expect(promptTokens).toBeGreaterThan(1000);
    expect(completionTokens).toBeGreaterThan(0);
    // The step reused exactly what the warm-up evaluated: instructions and worked examples.
    expect(warm.value?.promptTokens).toBeGreaterThan(0);
    expect(cachedPromptTokens).toBe(warm.value?.promptTokens);
    expect(promptTokens - (cachedPromptTokens ?? 0)).toBeLessThan(promptTokens);
  });

  it('stops an answer at the token cap the request asks for', { timeout: 120_000 }, async () => {
    const result = await localModelProvider({ modelPath: defaultLocalModelPath() }).complete({
      messages: [{ role: 'user', content: 'Describe a kitchen.' }],
      schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      schemaName: 'description',
      maxTokens: 4,
    });
    expect(!result.ok && result.error.kind).toBe('invalid-output');
    expect(!result.ok && result.error.message).toMatch(/cut off at the token limit/);
    expect(!result.ok && result.error.report?.usage.completionTokens).toBe(4);
  });

  it('stops generating when the caller aborts, in one line, and answers the next request', {
    timeout: 120_000,
  }, async () => {
    const provider = localModelProvider({ modelPath: defaultLocalModelPath() });
    const describe = (maxTokens: number, signal?: AbortSignal) =>
      provider.complete({
        messages: [{ role: 'user', content: 'Describe every room of a large office building in detail.' }],
        schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        schemaName: 'description',
        maxTokens,
        ...(signal ? { signal } : {}),
      });
    const controller = new AbortController();
    const aborted = describe(2_000, controller.signal);
    setTimeout(() => controller.abort(new Error('the activity was cancelled')), 300);
    const result = await aborted;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message.split('\n')).toHaveLength(1);
    expect(!result.ok && result.error.message).toMatch(/abort|cancel/i);
    const next = await describe(4);
    expect(!next.ok && next.error.report?.usage.completionTokens).toBe(4);
  });

  it("refuses at once, in one line and for good, a prompt longer than the model's context", {
    timeout: 120_000,
  }, async () => {
    const office = await datasetScene('office');
    // The whole office graph (LLM-As-Planner's prompt): 12,870 o200k tokens, over SmolLM2's 8,192.
    const result = await localModelProvider({ modelPath: defaultLocalModelPath() }).complete({
      messages: [{ role: 'user', content: renderFullScene(office) }],
      schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      schemaName: 'plan',
      maxTokens: 100,
    });
    expect(!result.ok && result.error.kind).toBe('bad-config');
    expect(!result.ok && result.error.message).toMatch(/exceed the context length of 8192 tokens/);
    expect(!result.ok && result.error.message.split('\n')).toHaveLength(1);
  });

  it("scores candidate replies by their tokens' log-probabilities: the order does not matter, the shared start is evaluated once, and the greedy answer scores highest", {
    timeout: 120_000,
  }, async () => {
    const provider = localModelProvider({ modelPath: defaultLocalModelPath() });
    const messages = [
      { role: 'system' as const, content: 'Pick the next step. Reply with JSON: {"choice": "<option>"}.' },
      {
        role: 'user' as const,
        content:
          'Instruction: Find a mug.\nOptions:\n- expand(kitchen): the kitchen\n- expand(bathroom): the bathroom\n- expand(garage): the garage',
      },
    ];
    const labels = ['expand(kitchen)', 'expand(bathroom)', 'expand(garage)'];
    const replies = labels.map((label) => `{"choice": "${label}"}`);
    const first = await provider.score!({ messages, candidates: replies });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.logProbs).toHaveLength(3);
    for (const logProb of first.value.logProbs) expect(logProb).toBeLessThan(0);
    // "kitchen)\"}" and the others: each candidate's own tokens after their shared start.
    for (const tokens of first.value.tokens) expect(tokens).toBeGreaterThan(1);
    const reversed = await provider.score!({ messages, candidates: [...replies].reverse() });
    if (!reversed.ok) throw new Error(reversed.error.message);
    // Every candidate is evaluated from the same state, so the order changes nothing.
    expect([...reversed.value.logProbs].reverse()).toEqual(first.value.logProbs);
    // The second request reused the conversation the first one evaluated.
    expect(reversed.value.usage.cachedPromptTokens).toBeGreaterThan(50);
    expect(reversed.value.usage.promptTokens).toBe(first.value.usage.promptTokens);
    // What the model generates under the same contract is the candidate it scores highest.
    const generated = await provider.complete({
      messages,
      schema: {
        type: 'object',
        properties: { choice: { type: 'string', enum: labels } },
        required: ['choice'],
        additionalProperties: false,
      },
      schemaName: 'choice',
      maxTokens: 30,
    });
    if (!generated.ok) throw new Error(generated.error.message);
    const best = first.value.logProbs.indexOf(Math.max(...first.value.logProbs));
    expect((generated.value.json as { choice: string }).choice).toBe(labels[best]);
  });

  it('refuses in one line to score no candidates, or candidates longer than the context', {
    timeout: 120_000,
  }, async () => {
    const provider = localModelProvider({ modelPath: defaultLocalModelPath() });
    const none = await provider.score!({ messages: [{ role: 'user', content: 'hi' }], candidates: [] });
    expect(!none.ok && none.error).toEqual({
      kind: 'bad-config',
      message: expect.stringMatching(/no candidates/),
    });
    const office = await datasetScene('office');
    const long = await provider.score!({
      messages: [{ role: 'user', content: renderFullScene(office) }],
      candidates: ['{"choice": "a"}', '{"choice": "b"}'],
    });
    expect(!long.ok && long.error.kind).toBe('bad-config');
    expect(!long.ok && long.error.message).toMatch(/more than the context length of 8192 tokens/);
    expect(!long.ok && long.error.message.split('\n')).toHaveLength(1);
  });

  it('says how to install the model when the file is missing', async () => {
    const provider = localModelProvider({ modelPath: '/nowhere/model.gguf' });
    const result = await provider.complete({
      messages: [{ role: 'user', content: 'hi' }],
      schema: { type: 'object' },
      schemaName: 's',
    });
    expect(!result.ok && result.error.kind).toBe('bad-config');
    expect(!result.ok && result.error.message).toMatch(/install-model\.sh/);
    const warm = await warmUpSemanticSearch(provider);
    expect(warm).toEqual({
      ok: false,
      error: { kind: 'bad-config', message: expect.stringMatching(/install-model\.sh/) },
    });
  });
});
