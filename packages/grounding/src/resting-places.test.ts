import { describe, expect, it } from 'vitest';
import { assetKind, restingPlaces } from './resting-places.js';
import { datasetScene } from './test-support/datasets.js';

describe('where things rest', () => {
  it('reads an asset kind from the last word of its name', () => {
    expect(assetKind('meeting_table_1')).toBe('table');
    expect(assetKind('meeting_room1_chair_3')).toBe('chair');
    expect(assetKind('coffee_table')).toBe('table');
  });

  it('puts things only where the building keeps things, unless a destination names the kind', async () => {
    const office = await datasetScene('office');
    const unsaid = restingPlaces(office, 'meeting room 1');
    expect(unsaid('meeting_table_1')).toBe(true);
    expect(unsaid('phd_desk_4')).toBe(true);
    expect(unsaid('fridge')).toBe(true);
    // No chair in the office holds anything.
    expect(unsaid('meeting_room1_chair_3')).toBe(false);
    expect(unsaid('dimitys_chair')).toBe(false);
    // Not an asset: no judgement here.
    expect(unsaid('meeting_room1')).toBe(true);
    // Meeting room 4 has chairs and a whiteboard only: a thing brought there goes on a chair.
    expect(unsaid('meeting_room4_chair_1')).toBe(true);
    const said = restingPlaces(office, 'the chairs in meeting room 1');
    expect(said('meeting_room1_chair_3')).toBe(true);
    // A TV the instruction asks to switch on is no place to put a book.
    const home = await datasetScene('home');
    expect(restingPlaces(home, 'living room 1')('tv1')).toBe(false);
    expect(restingPlaces(home, 'living room 1')('coffee_table1')).toBe(true);
  });
});
