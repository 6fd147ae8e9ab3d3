import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { collapse, loadSceneFile, renderView, visibleNodes } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { semanticSearchAnswerSchema } from '../contracts/semantic-search-answer.js';
import { semanticSearchMessages } from '../prompts/semantic-search.js';
import { defaultLocalModelPath } from '../provider-config.js';
import { askStructured } from '../structured-call.js';
import { localModelProvider } from './local-model.js';

const OFFICE = fileURLToPath(new URL('../../../../datasets/office.json', import.meta.url));

describe('the local model provider', () => {
  it('answers a semantic-search step on the office graph with schema-valid JSON at the first try', {
    timeout: 600_000,
  }, async () => {
    const modelPath = defaultLocalModelPath();
    if (!existsSync(modelPath))
      throw new Error(
        `the default local model is not installed at ${modelPath}; run packages/llm/scripts/install-model.sh`,
      );
    const office = await loadSceneFile(OFFICE);
    if (!office.ok) throw new Error('datasets/office.json does not load');
    const view = collapse(office.value);
    const visible = visibleNodes(office.value, view);

    const answer = await askStructured(localModelProvider({ modelPath }), {
      messages: semanticSearchMessages({
        instruction: 'Find me a carrot.',
        renderedView: renderView(office.value, view),
        memory: [],
      }),
      contract: semanticSearchAnswerSchema(visible),
      schemaName: 'semantic_search_step',
      // Grammar-constrained decoding must get it right without being told what was wrong.
      maxInvalidRetries: 0,
    });

    if (!answer.ok) throw new Error(`${answer.error.kind}: ${answer.error.message}`);
    expect(['expand', 'contract', 'done']).toContain(answer.value.value.command);
    expect(visible).toContain(answer.value.value.node);
    expect(answer.value.report).toMatchObject({ provider: 'local', attempts: 1 });
    expect(answer.value.report.usage.promptTokens).toBeGreaterThan(1000);
    expect(answer.value.report.usage.completionTokens).toBeGreaterThan(0);
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
  });
});
