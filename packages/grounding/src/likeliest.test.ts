import { describe, expect, it } from 'vitest';
import { likeliestPerToken } from './likeliest.js';

describe('the likeliest reply by the per-token score', () => {
  it('does not prefer a reply for being short', () => {
    // "done" (2 tokens, -2) against an action (6 tokens, -4.2): summed done wins, per token the action.
    expect(likeliestPerToken([-2, -4.2], [2, 6])).toBe(1);
  });

  it('takes the first of equal scores, and refuses scores without their token counts', () => {
    expect(likeliestPerToken([-1, -2, -1], [1, 2, 1])).toBe(0);
    expect(() => likeliestPerToken([-1, -2], [1])).toThrow('2 scores for 1 token counts');
    expect(() => likeliestPerToken([], [])).toThrow('0 scores for 0 token counts');
  });
});
