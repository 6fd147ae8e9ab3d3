import { describe, expect, it } from 'vitest';
import { countTokens } from './count-tokens.js';

describe('countTokens', () => {
  it('counts o200k_base tokens offline', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('{"id":"kitchen","kind":"room"}')).toBeGreaterThan(5);
  });
});
