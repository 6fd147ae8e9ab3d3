import { describe, expect, it } from 'vitest';
import { instructionClauses, isRequest, speakerPlace } from './clauses.js';

describe('instruction clauses', () => {
  it('splits two requests joined by "and"', () => {
    expect(instructionClauses('Make Niko a coffee and place the mug on his desk.')).toEqual([
      'Make Niko a coffee',
      'place the mug on his desk',
    ]);
  });

  it('gives a verb after "and" the subject of the clause before it: what someone will do is no request', () => {
    expect(instructionClauses("Leave it as it is, I'll go up and have a word.")).toEqual([
      'Leave it as it is',
      "I'll go up",
      "I'll have a word",
    ]);
    expect(instructionClauses("I'll go up and have a word.").some(isRequest)).toBe(false);
    expect(isRequest("They're in the cabinet in his office")).toBe(false);
    // "You" is the robot: "you could bring it and put it away" still asks twice.
    expect(instructionClauses('Bring the mug and put it on the desk.').filter(isRequest)).toHaveLength(2);
  });

  it('splits at "then", sentence ends and commas, and drops a connective left alone', () => {
    expect(
      instructionClauses('Wash the dishes. Once finished, put the cutlery away then close the drawer!'),
    ).toEqual(['Wash the dishes', 'put the cutlery away', 'close the drawer']);
  });

  it('does not split inside a word that contains a connective', () => {
    expect(instructionClauses('Hand the sandwich to Andrea')).toEqual(['Hand the sandwich to Andrea']);
  });

  it('gives a bare noun phrase after "and" the verb of the request before it', () => {
    expect(instructionClauses('Bring me an apple from Peter and a pepsi from Tobi.')).toEqual([
      'Bring me an apple from Peter',
      'Bring me a pepsi from Tobi',
    ]);
    expect(instructionClauses("Bring me Peter's wallet and his reading glasses.")).toEqual([
      "Bring me Peter's wallet",
      'Bring me his reading glasses',
    ]);
    // Not across sentences, and not after a statement.
    expect(instructionClauses('Bring me an apple. The pepsi is warm.')).toEqual([
      'Bring me an apple',
      'The pepsi is warm',
    ]);
    expect(instructionClauses('There is a cup and a plate')).toEqual(['There is a cup', 'a plate']);
  });

  it('reads the words before a colon as a lead-in that asks for nothing', () => {
    const clauses = instructionClauses('Game night downstairs: switch on the console and the TV.');
    expect(clauses).toEqual(['Game night downstairs:', 'switch on the console', 'switch on the TV']);
    expect(clauses.map(isRequest)).toEqual([false, true, true]);
  });

  it('gives a thing said "along with", "plus" or, after where it goes, "with" the verb and place of its request', () => {
    expect(
      instructionClauses('Heat the ham, then bring it to him along with the tomato and the lettuce.'),
    ).toEqual(['Heat the ham', 'bring it to him', 'bring the tomato to him', 'bring the lettuce to him']);
    expect(instructionClauses('Take it to her desk, with the jar of instant from the cupboard.')).toEqual([
      'Take it to her desk',
      'Take the jar of instant from the cupboard to her desk',
    ]);
    expect(instructionClauses('Take it to his desk with a clean fork from the drawer.')).toEqual([
      'Take it to his desk',
      'Take a clean fork from the drawer to his desk',
    ]);
    // A "with" before any place names what the work is done with; one after a place with nothing
    // fetched says which place.
    expect(instructionClauses('Clean the desk with a cloth.')).toEqual(['Clean the desk with a cloth']);
    expect(instructionClauses('Leave it on the bench with the seedling trays.')).toEqual([
      'Leave it on the bench with the seedling trays',
    ]);
  });

  it('gives a list item the verb before "both" or "all" too', () => {
    expect(instructionClauses('Turn off both printers and the grow lights.')).toEqual([
      'Turn off both printers',
      'Turn off the grow lights',
    ]);
  });

  it('gives every item of a list the verb across commas, and the place its last item goes to', () => {
    expect(
      instructionClauses(
        'Bring the wine from the rack, the salad and the loaf from upstairs to the table there.',
      ),
    ).toEqual([
      'Bring the wine from the rack to the table there',
      'Bring the salad to the table there',
      'Bring the loaf from upstairs to the table there',
    ]);
    expect(instructionClauses('Lay the wine, the cheese and the crackers out on the table.')).toEqual([
      'Lay the wine out on the table',
      'Lay the cheese out on the table',
      'Lay the crackers out on the table',
    ]);
    // An item that says where it goes keeps its place; a part that says something of its noun is no item.
    expect(instructionClauses('Give the keys to Peter and the wallet to Sam.')).toEqual([
      'Give the keys to Peter',
      'Give the wallet to Sam',
    ]);
    expect(instructionClauses('Put the mug away, the kettle is on.')).toEqual([
      'Put the mug away',
      'the kettle is on',
    ]);
    expect(
      instructionClauses(
        "Take the hammer off the bench and the toolbox up to the attic shelf till it's done.",
      ),
    ).toEqual([
      "Take the hammer off the bench to the attic shelf till it's done",
      "Take the toolbox up to the attic shelf till it's done",
    ]);
  });

  it('parts clauses at a dash between words, not at a hyphen inside one', () => {
    expect(
      instructionClauses('The meeting starts soon - could you switch on the first-floor projector?'),
    ).toEqual(['The meeting starts soon', 'could you switch on the first-floor projector']);
    expect(instructionClauses('Water the plant—it looks dry')).toEqual(['Water the plant', 'it looks dry']);
  });

  it('keeps a one-clause instruction whole, and returns a one-word one as it is', () => {
    expect(instructionClauses('Heat up the chicken kebab.')).toEqual(['Heat up the chicken kebab']);
    expect(instructionClauses('Go!')).toEqual(['Go!']);
  });
});

describe('requests and statements', () => {
  it('reads a tag as no request, and a clause after "but" or "so" by what follows it', () => {
    expect(isRequest('would you')).toBe(false);
    expect(isRequest('please')).toBe(false);
    expect(isRequest("but he can't get the door open")).toBe(false);
    expect(isRequest('so keep it in the fridge')).toBe(true);
    expect(isRequest('Would you open it for him')).toBe(true);
    // A request opens with a verb's base form: a name and what someone wants, or a thing, do not.
    expect(isRequest('Little Aarav wants to heat up his porridge')).toBe(false);
    expect(isRequest("coffee table's fine")).toBe(false);
    expect(isRequest('Nuke the rice for my lunch')).toBe(true);
    expect(isRequest('Kindly chuck it in the bin')).toBe(true);
  });

  it('reads a negative imperative, a condition and a past tense as no request', () => {
    expect(isRequest("don't shut it")).toBe(false);
    expect(isRequest('Never mind the mug')).toBe(false);
    expect(isRequest("Don't forget to close the fridge")).toBe(true);
    expect(isRequest('If it is')).toBe(false);
    expect(isRequest("now it's raining cats")).toBe(false);
    // "I scrubbed the oven and left the door down": what someone did.
    expect(isRequest("left the door down so it'd dry out")).toBe(false);
  });

  it('takes a clause that opens with a verb as a request', () => {
    expect(isRequest('place the mug on his desk')).toBe(true);
    expect(isRequest('Throw away the can')).toBe(true);
  });

  it('takes a clause that opens with a pronoun, a determiner or a name and a verb as a statement', () => {
    expect(isRequest('There is coffee dripping on the floor')).toBe(false);
    expect(isRequest('My parcel just got delivered')).toBe(false);
    expect(isRequest('Peter is working hard at his desk')).toBe(false);
    expect(isRequest("I'm at the lunch table")).toBe(false);
    // A name and a past tense say what someone did.
    expect(isRequest('Tobi spilt soda on his desk')).toBe(false);
    expect(isRequest('Niko dropped his keys')).toBe(false);
  });

  it("takes a clause that opens with a name's 's or a preposition as a statement", () => {
    // "is" run into the name, or a possessive subject: no verb ends in 's.
    expect(isRequest("Maria's thirsty")).toBe(false);
    expect(isRequest("Grandpa's film starts at eight")).toBe(false);
    expect(isRequest('At the moment they are in the garage')).toBe(false);
    // A negation or an exception after a dash leaves things out; it asks for nothing.
    expect(instructionClauses('Bring the mug to my desk - not the chipped one').filter(isRequest)).toEqual([
      'Bring the mug to my desk',
    ]);
    expect(isRequest('everything except the kettle')).toBe(false);
    expect(isRequest('Bring Maria a glass of water')).toBe(true);
  });
});

describe('where the speaker is', () => {
  it('reads "I\'m at ..." and "I am in ..."', () => {
    expect(speakerPlace("I'm hungry. Bring me an apple. I'm at the lunch table.")).toBe('the lunch table');
    expect(speakerPlace('Bring me the stapler, I am in the meeting room')).toBe('the meeting room');
    expect(speakerPlace("I'm curled up on the sofa upstairs with a cold. Bring me a blanket.")).toBe(
      'the sofa upstairs',
    );
    expect(speakerPlace("I'm sat at the lunch table and I'm starving")).toBe('the lunch table');
    expect(speakerPlace("We're all still sat round the table in dining room 0. Fetch the album.")).toBe(
      'the table in dining room 0',
    );
  });

  it('reads nothing when the speaker says nothing of where they are', () => {
    expect(speakerPlace("I'm hungry. Bring me an apple.")).toBeUndefined();
    expect(speakerPlace("I'm on a call, bring me a coffee.")).toBeUndefined();
  });
});
