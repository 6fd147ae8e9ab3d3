import { describe, expect, it } from 'vitest';
import { excludedByWords, excludedPhrases } from './excluded-words.js';
import { datasetScene } from './test-support/datasets.js';

describe('what the words say to leave out', () => {
  it('reads the phrases after except, but, apart from and "do not touch"', () => {
    expect(
      excludedPhrases('Put everything except the chess on the table, and do not touch the laptop.'),
    ).toEqual(['chess', 'laptop']);
    expect(excludedPhrases('Throw out anything but the milk.')).toEqual(['milk']);
    expect(excludedPhrases('Bring me all the fruit apart from the banana.')).toEqual(['banana']);
    expect(excludedPhrases('Bring me a mug.')).toEqual([]);
    // A clause of its own that opens with "not" leaves its thing out; an adverb after it is no name.
    expect(excludedPhrases('Move the fruit to the table - not the brown banana though.')).toEqual([
      'brown banana',
    ]);
    expect(excludedPhrases('Put his things away. Not the apple, mind.')).toEqual(['apple']);
    expect(excludedPhrases('This is not the right mug.')).toEqual([]);
  });

  it('excludes the nodes the phrase names by its last word', async () => {
    const office = await datasetScene('office');
    const milk = excludedByWords(office, 'Throw out anything but the milk.');
    expect(milk.size).toBeGreaterThan(0);
    for (const id of milk) expect(id).toMatch(/milk/);
  });

  it('excludes nothing for a phrase that names nothing in particular', async () => {
    const office = await datasetScene('office');
    expect(excludedByWords(office, "Bring me a mug, except the one on Niko's desk.").size).toBe(0);
  });
});
