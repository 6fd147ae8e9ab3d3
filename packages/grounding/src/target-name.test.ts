import { describe, expect, it } from 'vitest';
import { targetName } from './target-name.js';

describe('targetName', () => {
  it('names targets as the robot would: without the place a generated id carries', () => {
    expect(targetName('coffee_mug_f2_r13_a0_o0')).toBe('coffee mug');
    expect(targetName('apple_2')).toBe('apple');
    expect(targetName('aarons_laptop')).toBe('aarons laptop');
  });
});
