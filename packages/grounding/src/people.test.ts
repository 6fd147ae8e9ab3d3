import { describe, expect, it } from 'vitest';
import {
  isPersonOf,
  occupantOf,
  occupiedBy,
  ownerOf,
  personOfRoom,
  placeOfPerson,
  saidNames,
} from './people.js';
import { datasetScene } from './test-support/datasets.js';

describe('people in a scene graph', () => {
  it("reads whose a thing is from its owner, else from the possessive of someone's room", async () => {
    const office = await datasetScene('office');
    expect(ownerOf(office, 'nikos_mug')).toBe('niko');
    expect(ownerOf(office, 'peters_apple')).toBe('peters');
    // "robot_lounge1" is nobody's room: a robot arm would be nobody's thing.
    expect(ownerOf(office, 'apple')).toBeUndefined();
    expect(personOfRoom('chris_office')).toBe('chris');
    expect(personOfRoom('robot_lounge1')).toBeUndefined();
    expect(saidNames("Bring me Peter's apple")).toContain('peters');
  });

  it('brings things to the surface of theirs with the most on it, and finds whose room a thing lies in', async () => {
    const office = await datasetScene('office');
    expect(placeOfPerson(office, 'Tobi')).toBe('tobis desk');
    expect(placeOfPerson(office, 'Nobody')).toBeUndefined();
    expect(occupantOf(office, 'apple_5')).toBe('ajays');
    expect(placeOfPerson(office, occupantOf(office, 'apple_5')!)).toBe('ajays desk');
    expect(occupantOf(office, 'fruit_bowl')).toBeUndefined();
  });

  it('knows a person by the place they occupy, by name only: Omar sits at PhD desk 4, a postdoc is no one', async () => {
    const office = await datasetScene('office');
    expect(isPersonOf(office, 'Omar')).toBe(true);
    expect(occupiedBy(office, "Omar's")).toEqual(['phd_desk_4']);
    expect(placeOfPerson(office, 'Omar')).toBe('phd desk 4');
    expect(isPersonOf(office, 'Postdoc')).toBe(false);
    expect(occupiedBy(office, 'postdoc')).toEqual([]);
    // What is someone's by name comes first: Tobi's desk, not the office Tobi occupies.
    expect(placeOfPerson(office, 'Tobi')).toBe('tobis desk');
  });
});
