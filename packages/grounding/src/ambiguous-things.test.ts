import { describe, expect, it } from 'vitest';
import { ambiguousThings } from './ambiguous-things.js';
import { datasetScene } from './test-support/datasets.js';

describe('things a request names that the building has several of', () => {
  it('asks about a definite name several things share, with the things as options', async () => {
    const office = await datasetScene('office');
    expect(ambiguousThings(office, ['Bring me the stapler'])).toEqual([
      {
        phrase: 'stapler',
        options: ['stapler', 'stapler_2', 'stapler_3'].filter((id) => office.hasNode(id)).sort(),
      },
    ]);
    expect(ambiguousThings(office, ['Put the banana on the printer.']).map((a) => a.phrase)).toEqual([
      'printer',
    ]);
    // Where it goes says nothing about which one.
    expect(
      ambiguousThings(office, ['Bring the stapler to the reception desk.']).map((a) => a.phrase),
    ).toEqual(['stapler']);
    expect(
      ambiguousThings(office, ['Carry the stapler over to the reception desk.']).map((a) => a.phrase),
    ).toEqual(['stapler']);
    // A room that has several things of that name.
    expect(
      ambiguousThings(office, [
        "Fetch the robotics book from the manipulation lab and leave it on Aaron's desk.",
      ]),
    ).toEqual([{ phrase: 'robotics book in manipulation_lab', options: ['book', 'book_2'] }]);
    // Who it is for says nothing about which one.
    expect(ambiguousThings(office, ['could you switch on the TV for us?'])).toEqual([
      { phrase: 'tv', options: ['tv', 'tv_2'] },
    ]);
    // A particle that ends the clause is the verb's, not part of the name.
    expect(ambiguousThings(office, ['Switch the projector on, please.'])).toEqual([
      { phrase: 'projector', options: ['projector', 'projector_2'] },
    ]);
  });

  it('leaves alone what the request says enough about, and what any one of would do', async () => {
    const office = await datasetScene('office');
    expect(ambiguousThings(office, ["Close Jason's cabinet"])).toEqual([]);
    expect(ambiguousThings(office, ['Bring me a stapler'])).toEqual([]);
    expect(ambiguousThings(office, ['Bring a stapler to the reception desk.'])).toEqual([]);
    expect(ambiguousThings(office, ['Place the mug on his desk'])).toEqual([]);
    expect(ambiguousThings(office, ['Heat up the chicken kebab'])).toEqual([]);
    expect(ambiguousThings(office, ["Put the stapler on Luis's desk"])).toEqual([]);
    expect(ambiguousThings(office, ['Leave it on the lab bench in the agriculture lab.'])).toEqual([]);
    expect(ambiguousThings(office, ['Fetch a book from the manipulation lab.'])).toEqual([]);
  });
});
