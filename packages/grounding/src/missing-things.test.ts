import { describe, expect, it } from 'vitest';
import { instructionClauses } from './clauses.js';
import { missingThings, phraseHead } from './missing-things.js';
import { nounPhrases } from './noun-phrases.js';
import { datasetScene } from './test-support/datasets.js';

describe('things a request names that the building does not have', () => {
  it('reads the noun phrases a determiner or a possessive opens', () => {
    expect(nounPhrases("Put the teddy bear on the bed in Peter's playroom.")).toEqual([
      'teddy bear',
      'bed',
      'playroom',
    ]);
    expect(nounPhrases('Bring me the giraffe.')).toEqual(['giraffe']);
    // A verb's particle or an adverb of where ends the phrase: "the mash down" is the mash.
    expect(nounPhrases('carry the mash down from the table')).toEqual(['mash', 'table']);
    expect(nounPhrases('bring the cushion upstairs too')).toEqual(['cushion']);
    // A word that ends a phrase opens none, and an indefinite pronoun's 's is "is" or "has".
    expect(nounPhrases('could you take them all down there for him')).toEqual([]);
    expect(nounPhrases('open it up and leave it like that for her')).toEqual([]);
    expect(nounPhrases('Move the yogurt from the upstairs fridge')).toEqual(['yogurt', 'upstairs fridge']);
    expect(nounPhrases("whatever's sitting on them needs to go over to the workbench")).toEqual([
      'workbench',
    ]);
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
    // (The office has noodles; it has no soup, which "the soup up a little" once hid.)
    expect(missingThings(office, ["Warm the noodles up a little so it's hotter"])).toEqual([]);
    expect(missingThings(office, ["Warm the soup up a little so it's hotter"])).toEqual(['soup']);
    expect(nounPhrases("That's the giraffe.")).toEqual(['giraffe']);
    // What holds or measures a thing names no thing of its own: the thing is after "of".
    expect(nounPhrases('Bring the tin of beans and a pair of scissors')).toEqual(['beans', 'scissors']);
    // Nouns that name no thing in any sense, and general words in the plural, ask for no thing.
    expect(missingThings(office, ["Pop over to Peter's desk for a quick look at his signature"])).toEqual([]);
    expect(missingThings(office, ['Put his bits away in the cabinet'])).toEqual([]);
    expect(missingThings(office, ['Put the giraffe away for the week'])).toEqual(['giraffe']);
    // A pro-form does not hide a missing thing named on its own.
    expect(missingThings(office, ['Bring me the giraffe, not the small one'])).toEqual(['giraffe']);
  });

  it('counts only what the requests act on, under any name WordNet gives it', async () => {
    const office = await datasetScene('office');
    const home = await datasetScene('home');
    const clauses = (text: string) => instructionClauses(text);
    // A statement about someone names nothing to fetch; a subordinate clause nothing to act on.
    expect(
      missingThings(
        home,
        clauses(
          'Uncle Dev watches the cricket on the 65-inch. Switch that TV on for him and put the radio on the coffee table.',
        ),
      ),
    ).toEqual([]);
    expect(
      missingThings(office, clauses('Could you open his cabinet so she can have a look inside?')),
    ).toEqual([]);
    expect(missingThings(home, clauses('Put the shoes on the bed so I can give them a polish.'))).toEqual([]);
    // Whom a request is for is no thing to act on.
    expect(missingThings(office, clauses('Bring the dice to meeting room 1 for the students.'))).toEqual([]);
    // A container or a measure of a thing the building has: the thing is there.
    expect(missingThings(office, clauses('Put a bag of chips on the coffee table.'))).toEqual([]);
    expect(missingThings(office, clauses('Grab me a slice of pizza from the kitchen.'))).toEqual(['pizza']);
    // Another name for a thing the building has ("telly": television, tv).
    expect(missingThings(office, clauses('Put the telly on in the robot lounge.'))).toEqual([]);
    // A place the building calls otherwise is no missing thing; what is fetched from it still may be.
    expect(missingThings(home, clauses('Bring the cookbook from the study to the table.'))).toEqual([]);
    expect(missingThings(home, clauses('Bring me the giraffe from the study.'))).toEqual(['giraffe']);
    // "Out of there" is a place, not the thing after "of".
    expect(missingThings(home, clauses('Move the plant out of there onto the coffee table.'))).toEqual([]);
    // Wanting asks for what it names; an instruction with no request is read whole.
    expect(missingThings(office, clauses("I'm starving and I'd love a slice of pizza."))).toEqual(['pizza']);
    expect(missingThings(office, clauses('Where is the giraffe?'))).toEqual(['giraffe']);
    expect(
      missingThings(office, clauses('I want to make a sandwich. Put the bread on the lunch table.')),
    ).toEqual([]);
    expect(missingThings(office, clauses('Kindly bring me the giraffe.'))).toEqual(['giraffe']);
    // A request reported in a statement is what is asked; the rest says how things are.
    expect(
      missingThings(office, clauses("She's asked if you could open her cabinet - she's lost the key again.")),
    ).toEqual([]);
    expect(missingThings(office, clauses("She's asked if you could bring her the giraffe."))).toEqual([
      'giraffe',
    ]);
  });

  it('reads how long and how much as no thing', async () => {
    const home = await datasetScene('home');
    const office = await datasetScene('office');
    const clauses = (text: string) => instructionClauses(text);
    expect(missingThings(home, clauses('Could you give the cheese a few minutes in the oven?'))).toEqual([]);
    expect(
      missingThings(office, clauses('Give the seedlings a night off and move the trays to the lab bench.')),
    ).toEqual([]);
    expect(missingThings(home, clauses('Could you give the cheese a few minutes on the barbie?'))).toEqual([
      'barbie',
    ]);
  });

  it('reads the word a phrase names its thing by, and finds a kind the building lacks', async () => {
    expect(phraseHead('green wellies by the door')).toBe('wellies');
    expect(phraseHead('table there')).toBe('table');
    expect(phraseHead('reading glasses should live')).toBe('glasses');
    expect(phraseHead('largest meeting room')).toBe('room');
    expect(phraseHead('watering can')).toBe('can');
    expect(phraseHead('kids can do it themselves')).toBe('kids');
    expect(phraseHead('tea belongs')).toBe('tea');
    // Something done, and a kind of thing after "all the": no one thing.
    expect(phraseHead('running a robotics taster')).toBeUndefined();
    expect(phraseHead('the food')).toBeUndefined();
    const home = await datasetScene('home');
    const office = await datasetScene('office');
    const clauses = (text: string) => instructionClauses(text);
    // The cricket is on the telly, and no bat is anywhere; no watering can either.
    expect(missingThings(home, clauses('Could you fetch the cricket bat from the garage?'))).toEqual([
      'cricket bat',
    ]);
    expect(missingThings(home, clauses('Bring the watering can in from the patio.'))).toEqual([
      'watering can',
    ]);
    // An armchair is a chair, and the fitters are people; coffee the office has, coffee beans not.
    expect(missingThings(home, clauses('Put the cushion on the burgundy armchair.'))).toEqual([]);
    expect(missingThings(office, clauses('Could you move the chairs before the fitters arrive?'))).toEqual(
      [],
    );
    expect(missingThings(office, clauses('Grab the bag of coffee beans from the pantry cupboard.'))).toEqual([
      'coffee beans',
    ]);
    // A word test: "the board rubber" names a rubber, and the office has a rubber snake.
    expect(missingThings(office, clauses('Fetch the board rubber from meeting room 4.'))).toEqual([]);
  });
});
