import { describe, expect, it } from 'vitest';
import { describedNowhere, unknownPhrases } from './missing-things.js';
import { datasetScene } from './test-support/datasets.js';
import { askedWhetherThere } from './whether-there.js';

describe('the things a question asks whether the building has', () => {
  it('reads the thing after "is there", "have we got", "has anyone ... left" and the like', () => {
    expect(askedWhetherThere('Have we got a mop anywhere in the house?')).toEqual(['mop']);
    expect(askedWhetherThere('Is there a dustpan and brush kept anywhere on this floor?')).toEqual([
      'dustpan',
    ]);
    expect(askedWhetherThere('Has anyone in the PhD bays left a phone charger lying around?')).toEqual([
      'phone charger',
    ]);
    expect(askedWhetherThere("We don't own a vacuum cleaner, do we?")).toEqual(['vacuum cleaner']);
    expect(
      askedWhetherThere("Can you check whether there's a bottle opener anywhere in the kitchen?"),
    ).toEqual(['bottle opener']);
    // "One": the thing said before.
    expect(
      askedWhetherThere(
        'My insurer wants to know whether we keep a fire extinguisher. Have we got one anywhere?',
      ),
    ).toEqual(['fire extinguisher']);
    expect(askedWhetherThere("Matt's lost his bike helmet - has anyone got one lying around?")).toEqual([
      'bike helmet',
    ]);
    // What the sentence says first is no thing asked about.
    expect(
      askedWhetherThere("My daughter's grazed her knee on the patio - have we got any plasters anywhere?"),
    ).toEqual(['plasters']);
  });

  it('ends the thing before a word that says where or how it lies, and reads both sides of "or"', () => {
    expect(askedWhetherThere('Is there any ice cream left in the freezer?')).toEqual(['ice cream']);
    expect(askedWhetherThere('Has anybody got a desk fan tucked away somewhere on this floor?')).toEqual([
      'desk fan',
    ]);
    // A participle that follows no noun is part of the thing.
    expect(askedWhetherThere('Is there a washing machine?')).toEqual(['washing machine']);
    expect(askedWhetherThere('Have we got any clean drinking glasses or mugs?')).toEqual([
      'clean drinking glasses',
      'mugs',
    ]);
    expect(askedWhetherThere('Is there any Scotch tape or packing tape anywhere on this floor?')).toEqual([
      'scotch tape',
      'packing tape',
    ]);
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
      'mop',
    ]);
    expect(unknownPhrases(office, askedWhetherThere('Is there any ice cream left in the freezer?'))).toEqual(
      [],
    );
  });

  it('finds no thing the building answers to as a whole, though it knows each word', async () => {
    const home = await datasetScene('home');
    const office = await datasetScene('office');
    const nowhere = (scene: typeof home, question: string) =>
      describedNowhere(scene, askedWhetherThere(question)).map((thing) => thing.phrase);
    // Its only machines make coffee; its only charger is the robot's; no bottle at home holds water.
    expect(nowhere(office, 'Is there a vending machine anywhere on this floor?')).toEqual([
      'vending machine',
    ]);
    expect(nowhere(office, 'Has anyone in the PhD bays left a phone charger lying around?')).toEqual([
      'phone charger',
    ]);
    expect(nowhere(home, 'Have we got a hot water bottle knocking about anywhere in the house?')).toEqual([
      'hot water bottle',
    ]);
    // A thing that is there, whole: its name, or its place's ("the kitchen fridge").
    expect(nowhere(office, 'Is there any ice cream left in the freezer?')).toEqual([]);
    expect(nowhere(home, 'Is there a coffee table upstairs?')).toEqual([]);
    expect(nowhere(office, 'Do we have any orange juice?')).toEqual([]);
    expect(nowhere(office, 'Is there any milk in the kitchen fridge?')).toEqual([]);
    expect(describedNowhere(office, ['kitchen fridge'])).toEqual([]);
  });
});
