import { describe, expect, it } from 'vitest';
import { countUsage, sumUsage } from './usage.js';

describe('token accounting', () => {
  it('counts tokens locally when a provider reports none', () => {
    const usage = countUsage(
      [{ role: 'user', content: 'Find me a ripe banana in the kitchen.' }],
      '{"command":"done"}',
    );
    expect(usage.promptTokens).toBeGreaterThan(5);
    expect(usage.completionTokens).toBeGreaterThan(3);
  });

  it('sums the calls of a run', () => {
    const call = (prompt: number, completion: number, attempts: number, latencyMs: number) => ({
      usage: { promptTokens: prompt, completionTokens: completion },
      attempts,
      latencyMs,
    });
    expect(sumUsage([call(100, 20, 1, 500), call(300, 40, 2, 1500)])).toEqual({
      promptTokens: 400,
      completionTokens: 60,
      calls: 2,
      attempts: 3,
      latencyMs: 2000,
    });
    expect(sumUsage([])).toEqual({
      promptTokens: 0,
      completionTokens: 0,
      calls: 0,
      attempts: 0,
      latencyMs: 0,
    });
  });

  it('sums reused prompt tokens over the calls that report them, and names none when no call does', () => {
    const call = (prompt: number, cachedPromptTokens?: number) => ({
      usage: {
        promptTokens: prompt,
        completionTokens: 10,
        ...(cachedPromptTokens === undefined ? {} : { cachedPromptTokens }),
      },
      attempts: 1,
      latencyMs: 100,
    });
    expect(sumUsage([call(2000, 726), call(2001), call(2000, 1993)]).cachedPromptTokens).toBe(2719);
    expect(sumUsage([call(2000), call(2001)])).not.toHaveProperty('cachedPromptTokens');
  });
});
