import { describe, expect, it } from 'vitest';
import { MISSING_BELOW } from './activities.js';
import { absentReadThings, excludedNodes } from './read-things.js';
import type { ReadingDetails } from './reading.js';
import { datasetScene } from './test-support/datasets.js';

// Grounding scores as retrieval gives them (all-MiniLM-L6-v2), written out so the rule is tested alone.
const details = (
  things: string[],
  grounding: ReadingDetails['grounding'],
  excluded: string[] = [],
): ReadingDetails => ({
  things,
  excluded,
  requests: [],
  places: [],
  people: [],
  grounding,
});

describe("the things of a model's reading", () => {
  it('a thing with a word no node has and nothing near in meaning is absent', async () => {
    const office = await datasetScene('office');
    const read = details(
      ['slice of pizza', 'fridge'],
      [
        { phrase: 'slice of pizza', nodes: [{ id: 'plate', score: 0.38 }] },
        { phrase: 'fridge', nodes: [{ id: 'fridge', score: 0.71 }] },
      ],
    );
    expect(absentReadThings(office, read, MISSING_BELOW)).toEqual([
      { phrase: 'slice of pizza', nearest: 'plate' },
    ]);
  });

  it('a thing whose last word names something there, or nothing in particular, is not missing', async () => {
    const office = await datasetScene('office');
    const read = details(
      ['thrown items', 'ripe banana'],
      [
        { phrase: 'thrown items', nodes: [{ id: 'dice', score: 0.3 }] },
        { phrase: 'ripe banana', nodes: [{ id: 'banana', score: 0.4 }] },
      ],
    );
    expect(absentReadThings(office, read, MISSING_BELOW)).toEqual([]);
  });

  it('a thing near in meaning to a node is there, unknown word or not ("the couch" among sofas)', async () => {
    const office = await datasetScene('office');
    const read = details(
      ['dusty admin shelf'],
      [{ phrase: 'dusty admin shelf', nodes: [{ id: 'admin_shelf', score: 0.62 }] }],
    );
    expect(absentReadThings(office, read, MISSING_BELOW)).toEqual([]);
  });

  it('what is excluded is never missing, and excludes its nearest node only when it is near', () => {
    const read = details(
      ['mug', 'mug 2', 'unicorn'],
      [
        { phrase: 'mug 2', nodes: [{ id: 'mug_2', score: 0.8 }] },
        { phrase: 'unicorn', nodes: [{ id: 'teddy_bear', score: 0.3 }] },
      ],
      ['mug 2', 'unicorn'],
    );
    expect([...excludedNodes(read, MISSING_BELOW)]).toEqual(['mug_2']);
  });
});
