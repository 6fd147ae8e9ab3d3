import { describe, expect, it } from 'vitest';
import {
  isAdjectiveOnly,
  isAdverb,
  isBaseVerb,
  isNeverNoun,
  isOnlyNoun,
  namesNoThing,
  namesPlace,
  otherNames,
} from './lexicon.js';

describe('English words as WordNet knows them', () => {
  it('tells a base-form verb from its other forms and from adverbs', () => {
    expect(isBaseVerb('nuke')).toBe(true);
    expect(isBaseVerb('Switch')).toBe(true);
    expect(isBaseVerb('watches')).toBe(false);
    expect(isBaseVerb('Uncle')).toBe(false);
    expect(isAdverb('kindly')).toBe(true);
    expect(isAdverb('put')).toBe(false);
  });

  it('tells nouns from words that are never one', () => {
    expect(isNeverNoun('alone')).toBe(true);
    expect(isNeverNoun('almirah')).toBe(false);
    expect(isNeverNoun('trainers')).toBe(false);
    expect(isOnlyNoun('telly')).toBe(true);
    expect(isOnlyNoun('can')).toBe(false);
    expect(isAdjectiveOnly('hot')).toBe(true);
    expect(isAdjectiveOnly('red')).toBe(false);
  });

  it('tells nouns that usually name no thing from those that may', () => {
    expect(namesNoThing('week')).toBe(true);
    expect(namesNoThing('look')).toBe(true);
    expect(namesNoThing('signature')).toBe(true);
    expect(namesNoThing('pranks')).toBe(true);
    // What a word usually means, its first sense, decides: a night off (a time, though Night is
    // also a goddess), have a word, give up the ghost.
    expect(namesNoThing('night')).toBe(true);
    expect(namesNoThing('word')).toBe(true);
    expect(namesNoThing('ghost')).toBe(true);
    // A word whose senses were never counted has no first sense: a dustpan (or a dustpanful).
    expect(namesNoThing('dustpan')).toBe(false);
    // A first sense among WordNet's top concepts is no abstraction: food is something.
    expect(namesNoThing('food')).toBe(false);
    // A thing first: a house, a kettle, a unicorn, a giraffe, a key.
    expect(namesNoThing('key')).toBe(false);
    expect(namesNoThing('house')).toBe(false);
    expect(namesNoThing('kettle')).toBe(false);
    expect(namesNoThing('unicorn')).toBe(false);
    expect(namesNoThing('giraffe')).toBe(false);
    // A word WordNet does not know may still name a thing.
    expect(namesNoThing('almirah')).toBe(false);
  });

  it('tells nouns that are first a place from those that are first a thing', () => {
    // A room in a sense after abstract ones, a room, a building, land.
    expect(namesPlace('study')).toBe(true);
    expect(namesPlace('loo')).toBe(true);
    expect(namesPlace('shed')).toBe(true);
    expect(namesPlace('garden')).toBe(true);
    // First a container, a person, a seat, an animal; unknown to WordNet.
    expect(namesPlace('box')).toBe(false);
    expect(namesPlace('trainers')).toBe(false);
    expect(namesPlace('lounge')).toBe(false);
    expect(namesPlace('giraffe')).toBe(false);
    expect(namesPlace('almirah')).toBe(false);
  });

  it("gives a noun's other names in its first sense, not its hypernyms", () => {
    expect(otherNames('telly')).toContain('tv');
    expect(otherNames('lasagne')).toContain('lasagna');
    expect(otherNames('pizza')).not.toContain('dish');
    expect(otherNames('giraffe')).toEqual(['camelopard']);
  });
});
