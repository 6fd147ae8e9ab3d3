import { describe, expect, it } from 'vitest';
import { scriptedProvider } from './scripted.js';

const request = (schemaName: string) => ({
  messages: [{ role: 'user' as const, content: 'Close the fridge.' }],
  schema: {},
  schemaName,
});

describe('the scripted provider', () => {
  const provider = scriptedProvider({
    search: [
      { command: 'expand', node: 'kitchen' },
      { command: 'done', node: 'fridge' },
    ],
    plans: [[{ action: 'close', args: ['fridge'] }], [{ action: 'access', args: ['fridge'] }]],
  });

  it('answers search steps in order, then keeps answering the last one', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const answer = await provider.complete(request('semantic_search_step'));
      answers.push(answer.ok && answer.value.json);
    }
    expect(answers).toMatchObject([
      { command: 'expand', node: 'kitchen' },
      { command: 'done', node: 'fridge' },
      { command: 'done', node: 'fridge' },
    ]);
  });

  it('answers plan requests from its plans, with counted token usage', async () => {
    const first = await provider.complete(request('plan'));
    const second = await provider.complete(request('plan'));
    expect(first.ok && first.value.json).toMatchObject({ plan: [{ action: 'close', args: ['fridge'] }] });
    expect(second.ok && second.value.json).toMatchObject({ plan: [{ action: 'access', args: ['fridge'] }] });
    expect(first.ok && first.value.usage.promptTokens).toBeGreaterThan(0);
    expect(provider.calls()).toBe(5);
  });

  it('says so when its script is empty', async () => {
    const empty = scriptedProvider({ search: [], plans: [] });
    expect(await empty.complete(request('plan'))).toEqual({
      ok: false,
      error: { kind: 'bad-config', message: 'the script has no plans' },
    });
  });
});
