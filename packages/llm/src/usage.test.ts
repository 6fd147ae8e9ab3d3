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
});
