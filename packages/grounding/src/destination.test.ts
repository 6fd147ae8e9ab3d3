import { describe, expect, it } from 'vitest';
import {
  DESTINATION_WEIGHT,
  destinationPhrase,
  FITTING_BIN,
  lastPlaceBefore,
  namedRoom,
  towardDestination,
  withNamesForPronouns,
} from './destination.js';
import { datasetScene } from './test-support/datasets.js';
import { goalOption, onGoal } from './test-support/goal-options.js';

describe('destination phrases', () => {
  it('names the place after the first "on", "in", "into", "onto" or "to" of a placing clause', () => {
    expect(destinationPhrase('place the mug on his desk')).toBe('his desk');
    expect(destinationPhrase('Move the monitor from the office to the lab')).toBe('the lab');
    // "Over" a place puts a thing on it; "over to" is a particle before "to".
    expect(destinationPhrase('spread it over the bed in bedroom 2')).toBe('the bed in bedroom 2');
    expect(destinationPhrase('bring it over to the sofa')).toBe('the sofa');
    expect(destinationPhrase('Place the t-shirts on the shelf in admin')).toBe('the shelf in admin');
    // "to" says where it goes; "on" before it, where it is.
    expect(destinationPhrase('Move all the things on the reception desk to the admin shelf')).toBe(
      'the admin shelf',
    );
  });

  it('reads "there" as the last place the instruction named before the clause', () => {
    const instruction =
      "Visitors sit at the front desk for ages and there's nothing to read. Could you put the magazines from robot lounge 1 there instead?";
    const clause = 'Could you put the magazines from robot lounge 1 there instead';
    expect(lastPlaceBefore(instruction, clause)).toBe('the front desk');
    expect(destinationPhrase(clause, { placeSaidBefore: (said) => lastPlaceBefore(instruction, said) })).toBe(
      'the front desk',
    );
    // A room after a place says where that place is.
    expect(
      lastPlaceBefore(
        'Our first-aider wants the kit kept out on the shelf in reception. Could you get it out of the admin cabinet and put it up there?',
        'put it up there',
      ),
    ).toBe('the shelf in reception');
    expect(
      lastPlaceBefore(
        'The dusty mugs are on the shelf in the kitchen. Put the cloth there.',
        'Put the cloth there',
      ),
    ).toBe('the shelf in the kitchen');
    // No place before: nowhere said.
    expect(lastPlaceBefore('Put the cup there.', 'Put the cup there')).toBeUndefined();
  });

  it('reads the request after its politeness: "could you put them on the table" names the table', () => {
    expect(destinationPhrase('Could you put them on the table in there for him')).toBe(
      'the table in there for him',
    );
    expect(destinationPhrase('would you please leave it on the front desk')).toBe('the front desk');
    // Adverbs before the verb are no part of the request: "so keep it in the fridge".
    expect(destinationPhrase('so keep it in the fridge upstairs')).toBe('the fridge upstairs');
    expect(destinationPhrase('Kindly pop it on the shelf')).toBe('the shelf');
  });

  it('reads "get" as placing only where "to" says: "get the kit to his desk", not "get them an apple"', () => {
    expect(destinationPhrase('Get the kit from the admin cabinet to his desk')).toBe('his desk');
    expect(destinationPhrase('get them a fresh apple from the kitchen')).toBeUndefined();
  });

  it('reads "in from", "on out of" as a particle before where a thing was, not a place it goes', () => {
    expect(destinationPhrase('Bring the pot in from the patio')).toBeUndefined();
    expect(destinationPhrase('bring the chairs in from the garden to the hall')).toBe('the hall');
    // "Put the telly on in the lounge" switches it on there.
    expect(destinationPhrase('put the telly on in the lounge')).toBeUndefined();
    expect(destinationPhrase('put the mug on the shelf in the lounge')).toBe('the shelf in the lounge');
  });

  it("reads the skills' placing verbs: leave, hide and lay put a thing somewhere, as the run's skills say", () => {
    expect(destinationPhrase('leave it on his desk')).toBe('his desk');
    expect(destinationPhrase('hide the keys in the drawer')).toBe('the drawer');
    expect(destinationPhrase('lay the towels on the bed')).toBe('the bed');
    expect(destinationPhrase('stand the plant in the bath')).toBe('the bath');
    // A skill table without "lay" reads no place in it.
    expect(
      destinationPhrase('lay the towels on the bed', { placingVerbs: new Set(['put']) }),
    ).toBeUndefined();
  });

  it('skips a first place that names a room when another follows: where the thing is, not where it goes', () => {
    const namesRoom = (phrase: string) => phrase === "Dimity's office";
    expect(
      destinationPhrase("Throw the rotting fruit in Dimity's office in the correct bin", { namesRoom }),
    ).toBe('the correct bin');
    expect(destinationPhrase("Put the fruit in Dimity's office", { namesRoom })).toBe("Dimity's office");
    // A room after where a thing comes from says where that is, not where the thing goes.
    expect(
      destinationPhrase("Bring the plate down from the table in Dimity's office", { namesRoom }),
    ).toBeUndefined();
    expect(destinationPhrase('Put the milk from the fridge on the table', { namesRoom })).toBe('the table');
    // "Next to" says where, as "beside" does: the place is the bench.
    expect(destinationPhrase('put the jar on the bench next to it')).toBe('the bench next to it');
  });

  it('takes a thing brought to "me" where the speaker is, and nowhere when that is not said', () => {
    const speakerAt = 'the lunch table';
    expect(destinationPhrase('Bring me an apple from Peter', { speakerAt })).toBe('the lunch table');
    expect(destinationPhrase('Bring me an apple from Peter')).toBeUndefined();
    expect(destinationPhrase('Bring the apple to Peter', { speakerAt })).toBe('Peter');
    // "To me" is where the speaker is, "to her" where she has things brought, not a place called "me".
    expect(destinationPhrase('bring it to me', { speakerAt })).toBe('the lunch table');
    expect(destinationPhrase('bring it to me')).toBeUndefined();
    expect(destinationPhrase('take it to her', { placeOfPerson: () => 'phd desk 3' })).toBe('phd desk 3');
    // Fetched with no place said: to the speaker; taken with none, nowhere said.
    expect(destinationPhrase('Could you fetch the photo album', { speakerAt })).toBe('the lunch table');
    expect(destinationPhrase('Take the photo album', { speakerAt })).toBeUndefined();
    // Someone with no place of their own has things brought where the instruction says people are.
    expect(destinationPhrase('bring him the chopping board', { speakerAt })).toBe('the lunch table');
    expect(
      destinationPhrase('bring him the chopping board', { speakerAt, placeOfPerson: () => 'phd desk 3' }),
    ).toBe('phd desk 3');
  });

  it('throws a thing away into the bin that fits it when no place is said', () => {
    expect(destinationPhrase('Throw away the can')).toBe(FITTING_BIN);
    expect(destinationPhrase('throw the wrapper out')).toBe(FITTING_BIN);
    expect(destinationPhrase('Dispose of the batteries')).toBe(FITTING_BIN);
    expect(destinationPhrase('Throw the banana peel in the organic bin')).toBe('the organic bin');
  });

  it('takes a thing given to "him", "her" or "them" where that person has things brought', () => {
    const placeOfPerson = () => 'tobis desk';
    expect(destinationPhrase('take him something to clean with', { placeOfPerson })).toBe('tobis desk');
    expect(destinationPhrase('get them a fresh apple', { placeOfPerson })).toBe('tobis desk');
    // "Her" before a noun is a possessive, not someone given something.
    expect(destinationPhrase('take her mug', { placeOfPerson })).toBeUndefined();
    // "Get" moves a thing only to someone: "in the library" says where the book is.
    expect(destinationPhrase('Get the book in the library', { placeOfPerson })).toBeUndefined();
  });

  it('reads a place after where a thing given to someone comes from as where that is', () => {
    const placeOfPerson = () => "Kai's desk";
    expect(
      destinationPhrase('take him the wrench out of the red toolbox in mobile robotics', { placeOfPerson }),
    ).toBe("Kai's desk");
    expect(
      destinationPhrase('Could you take her the laptop off the coffee table in the front room?', {
        speakerAt: 'bed in bedroom 2',
      }),
    ).toBe('bed in bedroom 2');
    // With no one to give it to, the place after the source is where it goes.
    expect(destinationPhrase('put the milk from the fridge on the table', { placeOfPerson })).toBe(
      'the table',
    );
  });

  it('reads a phrase that ends on its preposition as what a thing is for, not where it goes', () => {
    expect(destinationPhrase('take something to clean with')).toBeUndefined();
    expect(destinationPhrase('bring me something to write on', { speakerAt: 'the desk' })).toBe('the desk');
  });

  it('names none for a clause that does not move a thing, or names no place', () => {
    expect(destinationPhrase('Refrigerate the orange left on the kitchen bench')).toBeUndefined();
    expect(destinationPhrase('Put it down')).toBeUndefined();
    // After a participle a place says where the thing is; after "something" where it goes.
    expect(destinationPhrase('Put the cup sitting on the shelf into the sink')).toBe('the sink');
    expect(destinationPhrase('Put something on the desk')).toBe('the desk');
  });
});

describe('rooms a destination names', () => {
  it('reads a phrase that is a room name, whole, as that room', async () => {
    const office = await datasetScene('office');
    const room = namedRoom(office);
    expect(room('bathroom 1')).toBe('bathroom1');
    expect(room("the Dimity's office")).toBe('dimitys_office');
    expect(room('the sink in bathroom 1')).toBeUndefined();
  });
});

describe('pronouns read as names', () => {
  it('reads a name opening a sentence when the building knows that person', () => {
    const instruction = 'Chris is tired. Leave the apple on his desk.';
    expect(withNamesForPronouns(instruction, 'Leave the apple on his desk')).toBe(
      'Leave the apple on his desk',
    );
    expect(withNamesForPronouns(instruction, 'Leave the apple on his desk', (word) => word === 'Chris')).toBe(
      "Leave the apple on Chris's desk",
    );
  });

  it('reads "his" as the last person named before it', () => {
    expect(withNamesForPronouns("Place Will's drone on his desk.", "Place Will's drone on his desk")).toBe(
      "Place Will's drone on Will's desk",
    );
    const instruction = 'Make Niko a coffee and place the mug on his desk.';
    expect(withNamesForPronouns(instruction, 'place the mug on his desk')).toBe(
      "place the mug on Niko's desk",
    );
  });

  it('reads "her" as whose only before a noun: "for her" and "take her the radio" are the person', () => {
    const instruction = 'Breakfast is ready for Lena. Put a bowl on her desk for her.';
    expect(withNamesForPronouns(instruction, 'Put one on her desk for her')).toBe(
      "Put one on Lena's desk for her",
    );
    expect(withNamesForPronouns(instruction, 'take her the radio')).toBe('take her the radio');
  });

  it("reads a pronoun in a later sentence as the earlier sentence's subject, and only names the building knows", () => {
    const lena = "Lena's wrapping a present for Sam at her desk. Could you take her desk the scissors?";
    const knows = (word: string) => ['Lena', 'Sam', 'Raj'].includes(word);
    expect(withNamesForPronouns(lena, 'Could you take her desk the scissors', knows)).toBe(
      "Could you take Lena's desk the scissors",
    );
    const raj = 'Raj asked for the orange Modern Robotics book. Could you take it to his desk?';
    expect(withNamesForPronouns(raj, 'Could you take it to his desk', knows)).toBe(
      "Could you take it to Raj's desk",
    );
    // Within its own sentence a pronoun is the last person named before it.
    expect(
      withNamesForPronouns("Give Sam's book to Raj and put it on his desk.", 'put it on his desk', knows),
    ).toBe("put it on Raj's desk");
  });

  it('leaves the text alone when no name comes before the pronoun', () => {
    expect(withNamesForPronouns('Put the cup on his desk.', 'Put the cup on his desk')).toBe(
      'Put the cup on his desk',
    );
  });
});

describe('ranking toward the destination', () => {
  const on = onGoal;
  const option = goalOption;

  it('lowers a placement by how much worse its target matches the named place', () => {
    const ranked = towardDestination(
      [option(on('document', 'chair'), 0.9), option(on('document', 'desk'), 0.87)],
      new Map([
        ['desk', 0.95],
        ['chair', 0.75],
      ]),
    );
    expect(ranked.map((o) => o.label)).toEqual(['on(document, desk)', 'on(document, chair)']);
    expect(ranked[1]!.score).toBeCloseTo(0.9 - DESTINATION_WEIGHT * 0.2, 6);
  });

  it('drops a placement on anything not of the kind the destination names', () => {
    const ranked = towardDestination(
      [option(on('remote', 'chair_1'), 0.9), option(on('remote', 'table_3'), 0.7)],
      new Map([['table_3', 0.9]]),
      new Set(['table_3']),
    );
    expect(ranked.map((o) => o.label)).toEqual(['on(remote, table_3)']);
  });

  it('lowers holding a thing below placing it where the clause says', () => {
    const held = option({ kind: 'holding', object: 'apple', negated: false }, 0.9);
    const ranked = towardDestination([held, option(on('apple', 'table'), 0.8)], new Map([['table', 0.7]]));
    expect(ranked.map((o) => o.label)).toEqual(['on(apple, table)', 'holding(apple)']);
    expect(ranked[1]!.score).toBeCloseTo(0.9 - DESTINATION_WEIGHT * 0.7, 6);
  });
});
