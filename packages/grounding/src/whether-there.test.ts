import { describe, expect, it } from 'vitest';
import { unknownPhrases } from './missing-things.js';
import { datasetScene } from './test-support/datasets.js';
import { askedWhetherThere } from './whether-there.js';

describe('the things a question asks whether the building has', () => {
  it('reads the thing after "is there", "have we got", "has anyone ... left" and the like', () => {
    expect(askedWhetherThere('Have we got a mop anywhere in the house?')).toEqual(['mop anywhere']);
    expect(askedWhetherThere('Is there a dustpan and brush kept anywhere on this floor?')).toEqual([
      'dustpan',
    ]);
    expect(askedWhetherThere('Has anyone in the PhD bays left a phone charger lying around?')).toEqual([
      'phone charger lying',
    ]);
    expect(askedWhetherThere("We don't own a vacuum cleaner, do we?")).toEqual(['vacuum cleaner']);
    // What the sentence says first is no thing asked about.
    expect(
      askedWhetherThere("My daughter's grazed her knee on the patio - have we got any plasters anywhere?"),
    ).toEqual(['plasters anywhere']);
  });

  it('reads nothing from a request or a question of another form', () => {
    expect(askedWhetherThere('Bring me a mop from the garage.')).toEqual([]);
    expect(askedWhetherThere("Which desks in the PhD bays don't have a T-shirt on them?")).toEqual([]);
    expect(askedWhetherThere('How many chairs have we got on the patio?')).toEqual([]);
  });

  it('leaves a thing the building has, under its own words, for the search to find', async () => {
    const home = await datasetScene('home');
    const office = await datasetScene('office');
    expect(unknownPhrases(home, askedWhetherThere('Have we got a mop anywhere in the house?'))).toEqual([
      'mop anywhere',
    ]);
    expect(unknownPhrases(office, askedWhetherThere('Is there any ice cream left in the freezer?'))).toEqual(
      [],
    );
  });
});
