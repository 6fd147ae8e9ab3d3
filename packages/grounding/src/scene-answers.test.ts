import { describe, expect, it } from 'vitest';
import { countedThings, placesWithout, thingsApartFrom } from './scene-answers.js';
import { datasetScene } from './test-support/datasets.js';

describe('what a how-many question counts', () => {
  it('counts every thing of the kind its noun names, where it says', async () => {
    const office = await datasetScene('office');
    const home = await datasetScene('home');
    expect(countedThings(office, 'How many chairs are actually in meeting room 2?')).toHaveLength(6);
    expect(countedThings(home, 'How many sinks are there on the first floor?')).toEqual([
      'bathroom_sink1',
      'bathroom_sink2',
      'kitchen_sink1',
    ]);
    // A node is counted by the last word of its name: a bathroom sink is no bathroom.
    expect(countedThings(home, 'How many bathrooms have we got?')).toEqual([
      'bathroom0',
      'bathroom1',
      'bathroom2',
      'bathroom3',
      'bathroom4',
    ]);
    // "Bottles of water" are water bottles; "televisions" are tvs (WordNet's other name).
    expect(countedThings(office, 'How many bottles of water are left in the kitchen fridge?')).toHaveLength(
      4,
    );
    expect(countedThings(home, 'How many televisions have we got?')).toEqual(['tv0', 'tv1']);
  });

  it('counts in the room "in there" points back to, and not at all where a place said names none', async () => {
    const home = await datasetScene('home');
    expect(
      countedThings(
        home,
        "Everyone's eating in dining room 0. How many chairs are round the table in there?",
      ),
    ).toHaveLength(6);
    // "The lunchroom" is no room the office knows by that name: nothing is counted, not every chair.
    const office = await datasetScene('office');
    expect(countedThings(office, "We're eating in the lunchroom. How many chairs are in there?")).toEqual([]);
  });

  it('takes the kind said before when the question names none', async () => {
    const home = await datasetScene('home');
    expect(
      countedThings(home, "We're having the sofas cleaned and they charge per sofa. How many have we got?"),
    ).toEqual(['sofa0', 'sofa1', 'sofa2']);
  });

  it('counts nothing for another question, or a noun that names no kind the building has', async () => {
    const office = await datasetScene('office');
    expect(countedThings(office, 'Where are the chairs of meeting room 2?')).toBeUndefined();
    expect(countedThings(office, 'How many giraffes are there?')).toBeUndefined();
  });

  it('reads the places a which-question asks for that lack a thing', async () => {
    const home = await datasetScene('home');
    const office = await datasetScene('office');
    expect(placesWithout(home, "Which of the bedrooms don't have a nightstand?")).toEqual([
      'bedroom1',
      'bedroom3',
    ]);
    expect(
      placesWithout(office, 'Which of the two printing zones is the one without a fire extinguisher?'),
    ).toEqual(['printing_zone1']);
    // "One" is the kind said before, not the places' own.
    expect(
      placesWithout(
        home,
        "She can't manage without a kitchen on her floor - which floor of the house hasn't got one?",
      ),
    ).toEqual(['floor2']);
    expect(placesWithout(home, 'Which of the bedrooms is the biggest?')).toBeUndefined();
  });

  it('answers about the things besides those a question sets aside', async () => {
    const office = await datasetScene('office');
    expect(
      thingsApartFrom(
        office,
        'Apart from the ones in the kitchen and the meeting rooms, where are the fire extinguishers? Just tell me.',
      ),
    ).toEqual(['fire_extinguisher_2', 'fire_extinguisher_3', 'fire_extinguisher_5']);
    // The kitchen's microwave is the only one: none besides it.
    expect(
      thingsApartFrom(office, 'Is there a microwave anywhere apart from the one in the kitchen?'),
    ).toEqual([]);
    expect(thingsApartFrom(office, 'Is there a fridge anywhere apart from the one in the kitchen?')).toEqual([
      'drinks_fridge',
      'tobis_mini_fridge',
    ]);
    // Nothing set aside, or set aside in a place the building does not have: not read.
    expect(thingsApartFrom(office, 'Where are the fire extinguishers?')).toBeUndefined();
    expect(thingsApartFrom(office, 'Is there a fridge apart from the one in the garage?')).toBeUndefined();
  });
});
