import { describe, expect, it } from 'vitest';
import { asksForFit, isGeneric, placeKind, quantifiedPhrase } from './quantified.js';

describe('quantified requests', () => {
  it('reads "all", "every", "each" and "both", how many, the noun and where the things are', () => {
    expect(quantifiedPhrase('Wash all the dishes on the lunch table')).toEqual({
      noun: 'dishes',
      place: 'the lunch table',
    });
    expect(quantifiedPhrase('Locate all 6 complimentary t-shirts given to the PhD students')).toEqual({
      noun: 'complimentary t-shirts',
      count: 6,
    });
    // A quantifier after a pronoun counts what the pronoun points back to; it opens no noun.
    expect(quantifiedPhrase('could you take them all down there for him')).toBeUndefined();
    expect(quantifiedPhrase('Close every cabinet in the kitchen')).toEqual({
      noun: 'cabinet',
      place: 'the kitchen',
    });
    expect(quantifiedPhrase('Bring both mugs')).toEqual({ noun: 'mugs', count: 2 });
    expect(quantifiedPhrase('Move all the things on the reception desk to the admin shelf')).toEqual({
      noun: 'things',
      place: 'the reception desk',
    });
    expect(quantifiedPhrase('Bring three apples to Peter')).toEqual({ noun: 'apples', count: 3 });
    // "Everything" is its own noun, a generic one.
    expect(quantifiedPhrase('Carry everything in the bread bin over to the table')).toEqual({
      noun: 'everything',
      place: 'the bread bin',
    });
    expect(quantifiedPhrase('open the door so everything can dry')).toBeUndefined();
  });

  it('reads everything on a place said without a quantifier, and a surface cleared onto another', () => {
    expect(quantifiedPhrase("Move the things on Will's bookshelf onto his desk")).toEqual({
      noun: 'things',
      place: "will's bookshelf",
    });
    expect(quantifiedPhrase("Shift what's on the old shelf across to the workbench")).toEqual({
      noun: 'everything',
      place: 'the old shelf',
    });
    expect(
      quantifiedPhrase("Move everything that's on its coffee table to the first-floor living room"),
    ).toEqual({
      noun: 'everything',
      place: 'its coffee table',
    });
    expect(quantifiedPhrase("Clear Niko's desk onto the kitchen bench")).toEqual({
      noun: 'everything',
      place: "niko's desk",
    });
    expect(quantifiedPhrase('Clear the games off the table in robot lounge 2 onto the shelf')).toEqual({
      noun: 'games',
      place: 'the table in robot lounge 2',
    });
    // Plates cleared into the sink are things, not a place; "put the things away" says no place.
    expect(quantifiedPhrase('Clear the plates into the sink')).toBeUndefined();
    expect(quantifiedPhrase('Put the things away')).toBeUndefined();
  });

  it('reads no set in a clause without a quantifier, or with a number that counts no plural', () => {
    expect(quantifiedPhrase('place the mug on his desk')).toBeUndefined();
    expect(quantifiedPhrase('Serve water to the attendees in meeting room 1')).toBeUndefined();
    expect(quantifiedPhrase('Move the chair to table 2')).toBeUndefined();
    // The quantifier opening a clause is a statement's subject, not a request's object.
    expect(quantifiedPhrase('Each attendee can only receive a single bottle')).toBeUndefined();
  });

  it('tells a noun that names no kind of thing', () => {
    expect(isGeneric({ noun: 'items' })).toBe(true);
    expect(isGeneric({ noun: 'dirty things' })).toBe(true);
    expect(isGeneric({ noun: 'complimentary t-shirts' })).toBe(false);
  });
});

describe('fitting destinations', () => {
  it('asks for the fitting place with "correct", "right", "proper" or "appropriate"', () => {
    expect(asksForFit('the correct bin')).toBe(true);
    expect(asksForFit('their proper places')).toBe(true);
    expect(asksForFit("Will's desk")).toBe(false);
  });

  it('names the kind of place, or none for "locations" and "places"', () => {
    expect(placeKind('the correct bin')).toBe('bin');
    expect(placeKind('the right bins.')).toBe('bin');
    expect(placeKind('their correct locations')).toBeUndefined();
  });
});
