import { describe, expect, it } from 'vitest';
import { missingThings, nounPhrases } from './missing-things.js';
import { datasetScene } from './test-support/datasets.js';

describe('things a request names that the building does not have', () => {
  it('reads the noun phrases a determiner or a possessive opens', () => {
    expect(nounPhrases("Put the teddy bear on the bed in Peter's playroom.")).toEqual([
      'teddy bear',
      'bed',
      'playroom',
    ]);
    expect(nounPhrases('Bring me the giraffe.')).toEqual(['giraffe']);
    // After "that" or "which" a verb opens a clause: "isn't" is no thing.
    expect(nounPhrases("Take the red apple that isn't in the kitchen to the reception desk.")).toEqual([
      'red apple',
      'kitchen',
      'reception desk',
    ]);
  });

  it('finds the phrases none of whose words any node of the building uses', async () => {
    const office = await datasetScene('office');
    expect(missingThings(office, ['Bring me the giraffe'])).toEqual(['giraffe']);
    expect(missingThings(office, ['Place the printed documents on the desk'])).toEqual([]);
    // Words that name no particular thing are never missing.
    expect(missingThings(office, ['Put all the items in their correct locations'])).toEqual([]);
    // A negated relative clause or a pro-form names nothing that could be missing.
    expect(
      missingThings(office, ["Take the red apple that isn't in the kitchen over to the reception desk"]),
    ).toEqual([]);
    expect(missingThings(office, ['Turn on the TV, not the big one downstairs, the other one'])).toEqual([]);
    // A pronoun's 's is "is" or "has", and "a little" says how much: neither opens a thing.
    expect(missingThings(office, ["Warm the soup up a little so it's hotter"])).toEqual([]);
    expect(nounPhrases("That's the giraffe.")).toEqual(['giraffe']);
    // A pro-form does not hide a missing thing named on its own.
    expect(missingThings(office, ['Bring me the giraffe, not the small one'])).toEqual(['giraffe']);
  });
});
