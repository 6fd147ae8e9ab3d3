import { readFileSync } from 'node:fs';
import { countTokens as exactO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { parseScene } from '../format/validate.js';
import { mulberry32 } from '../generate/prng.js';
import { renderFullScene } from '../search/render.js';
import { countTokens } from './count-tokens.js';

function randomWord(length: number, seed: number): string {
  const random = mulberry32(seed);
  let word = '';
  for (let i = 0; i < length; i++) word += String.fromCharCode(97 + Math.floor(random() * 26));
  return word;
}

describe('countTokens', () => {
  it('counts o200k_base tokens offline', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('{"id":"kitchen","kind":"room"}')).toBeGreaterThan(5);
  });

  it('is exact on text without a run longer than 256 characters', () => {
    const text = `${randomWord(256, 1)} the kitchen${' '.repeat(256)}${'!'.repeat(200)} 😀😀 ${randomWord(100, 2)}`;
    expect(countTokens(text)).toBe(exactO200k(text));
  });

  it('is exact on compact JSON, whose letters and punctuation alternate', () => {
    const office = parseScene(
      JSON.parse(readFileSync(new URL('../../../../datasets/office.json', import.meta.url), 'utf8')),
    );
    if (!office.ok) throw new Error('the office dataset is valid');
    const text = renderFullScene(office.value);
    expect(text.length).toBeGreaterThan(10_000);
    expect(countTokens(text)).toBe(exactO200k(text));
  });

  it('counts a long unbroken run in pieces, within about a token per cut of the exact count', () => {
    for (const text of [
      randomWord(3000, 3),
      `a b ${randomWord(2000, 4)} c d`,
      ' '.repeat(3000),
      '!'.repeat(3000),
    ]) {
      const cuts = Math.ceil(text.length / 256);
      expect(Math.abs(countTokens(text) - exactO200k(text))).toBeLessThanOrEqual(cuts);
    }
  });

  it('never cuts a character in two', () => {
    // 257 astral characters are 514 UTF-16 units: every cut at 256 units would land between pairs
    // if it were not moved, and a lone surrogate counts differently from the character.
    const text = `x${'😀'.repeat(257)}`;
    expect(countTokens(text)).toBe(exactO200k(text));
  });
});
