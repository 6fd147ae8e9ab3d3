import { describe, expect, it } from 'vitest';
import { buildingName, inBuildingWords, isBuildingWord } from './building-words.js';
import { datasetScene } from './test-support/datasets.js';

describe("the building's words", () => {
  it('knows a word under another name WordNet gives it', async () => {
    const home = await datasetScene('home');
    expect(buildingName(home, 'telly')).toBe('tv');
    expect(buildingName(home, 'lasagne')).toBe('lasagna');
    expect(buildingName(home, 'tv')).toBe('tv');
    expect(isBuildingWord(home, 'giraffe')).toBe(false);
    // A participle's verb: the mash is the mashed potatoes.
    expect(isBuildingWord(home, 'mash')).toBe(true);
  });

  it('says an instruction in those words, leaving words that are not nouns alone', async () => {
    const home = await datasetScene('home');
    expect(inBuildingWords(home, 'Can you put the telly on in the living room?')).toBe(
      'Can you put the tv on in the living room?',
    );
    expect(inBuildingWords(home, 'Carry the lasagne up, not the giraffe.')).toBe(
      'Carry the lasagna up, not the giraffe.',
    );
    // Only a word that opens a noun phrase: "might" after "the milk" is no noun.
    expect(inBuildingWords(home, 'So the milk might as well live upstairs.')).toBe(
      'So the milk might as well live upstairs.',
    );
    expect(inBuildingWords(home, 'Take him the hot veggie dish.')).toBe('Take him the hot vegetable dish.');
    // A word that begins a longer word of the building is its short form: "ag" is agriculture, not silver.
    const office = await datasetScene('office');
    expect(inBuildingWords(office, 'Omar is in the ag lab.')).toBe('Omar is in the ag lab.');
  });
});
