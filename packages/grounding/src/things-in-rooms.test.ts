import { roomOf } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { datasetScene } from './test-support/datasets.js';
import {
  inNamedRoom,
  onlyOneInRoomsSaid,
  roomsOfKindSaid,
  thingsAtPlaces,
  thingsInRooms,
  thingsNotInRooms,
  thingsNotThere,
} from './things-in-rooms.js';

describe('things a request places in a room that has none', () => {
  it('names the thing, the room, and where such things are', async () => {
    const home = await datasetScene('home');
    expect(thingsNotInRooms(home, ['Put the teddy bear on the bed in the playroom'])).toEqual([
      { phrase: 'bed in playroom0', nearest: 'bed in bedroom0, bedroom1, bedroom2' },
    ]);
    const office = await datasetScene('office');
    expect(thingsNotInRooms(office, ["Put the milk in the fridge in Aaron's office."])).toEqual([
      expect.objectContaining({ phrase: 'fridge in aarons_office' }),
    ]);
  });

  it('finds nothing wrong with a thing that is in the room it names', async () => {
    const home = await datasetScene('home');
    expect(thingsNotInRooms(home, ['Put a pillow on the bed in bedroom 1'])).toEqual([]);
    const office = await datasetScene('office');
    expect(thingsNotInRooms(office, ['Put the milk in the fridge in the kitchen.'])).toEqual([]);
  });

  it('does not judge a room phrase that names no room, nor a thing the building has nowhere', async () => {
    const office = await datasetScene('office');
    expect(thingsNotInRooms(office, ['Put the mug on the table in the corner.'])).toEqual([]);
    expect(thingsNotInRooms(office, ["Bring me the giraffe in Aaron's office."])).toEqual([]);
  });

  it('finds the thing in the room its clause says', async () => {
    const home = await datasetScene('home');
    const clause = 'Take all the bowls from the nightstand in bedroom 2 to the sink';
    expect(inNamedRoom(home, 'the nightstand', clause, 'asset')).toBe('nightstand2');
    expect(
      inNamedRoom(home, 'the nightstand', 'Take the bowls from the nightstand', 'asset'),
    ).toBeUndefined();
  });

  it('reads "the tv on in there" as the tv in that room: a particle stands between', async () => {
    const home = await datasetScene('home');
    const said = thingsInRooms(home, "It's quiz night in living room 1: switch the tv on in there.");
    expect(said.map((thing) => thing.inRoom)).toEqual([['tv1']]);
  });

  it('reads a floor by its level, the ground floor being 0, and any room phrase safely', async () => {
    const home = await datasetScene('home');
    expect(thingsNotInRooms(home, ['Preheat the oven in the first-floor kitchen.'])).toEqual([
      { phrase: 'oven in kitchen1', nearest: 'oven in kitchen0' },
    ]);
    expect(thingsNotInRooms(home, ['Preheat the oven in the ground-floor kitchen.'])).toEqual([]);
    expect(thingsNotInRooms(home, ['Put the bowl in the (kitchen'])).toEqual([]);
  });

  it('reads "in there" as the room of the place said before it', async () => {
    const office = await datasetScene('office');
    expect(
      thingsNotInRooms(office, [
        "Heat up the kale that's on the cafeteria counter, using the microwave in there.",
      ]),
    ).toEqual([expect.objectContaining({ phrase: 'microwave in cafeteria' })]);
  });

  it('reads "in there" as the last room named before it, not where things come from', async () => {
    const office = await datasetScene('office');
    const party = 'There is a party in robot lounge 1 after work. Carry everything in the drinks fridge';
    expect(inNamedRoom(office, 'the coffee table', `${party} to the coffee table in there`, 'asset')).toBe(
      'coffee_table',
    );
    expect(roomOf(office, 'coffee_table')).toBe('robot_lounge1');
    expect(
      thingsNotInRooms(office, [
        'We eat in the cafeteria. Bring a plate from the kitchen to the printer in there.',
      ]),
    ).toEqual([expect.objectContaining({ phrase: 'printer in cafeteria' })]);
    // Nor the room of the place a thing comes from: "from the counter in the downstairs kitchen".
    const home = await datasetScene('home');
    const lunch =
      "The baby's having lunch in dining room 1. Take the banana from the counter in the downstairs kitchen";
    expect(thingsNotInRooms(home, [`${lunch} to the table in there.`])).toEqual([]);
    expect(inNamedRoom(home, 'the table', `${lunch} to the table in there.`, 'asset')).toBe('dining_table1');
  });

  it('counts a thing of a kind of what is said: the shelf in the library is its bookshelf', async () => {
    const home = await datasetScene('home');
    expect(thingsNotInRooms(home, ['Put the atlas on the shelf in the library.'])).toEqual([]);
    expect(thingsNotInRooms(home, ['Put the atlas on the wardrobe in the library.'])).toEqual([
      expect.objectContaining({ phrase: 'wardrobe in library0' }),
    ]);
  });
});

describe('things a negated relative clause leaves out', () => {
  it('the things of that name in the room, the rooms of that kind, or on the asset the clause says', async () => {
    const office = await datasetScene('office');
    const apples = office.filterNodes((id) => /apple/.test(id));
    const notInKitchen = thingsNotThere(
      office,
      "Take the red apple that isn't in the kitchen over to the reception desk.",
    );
    expect([...notInKitchen].sort()).toEqual(apples.filter((id) => roomOf(office, id) === 'kitchen').sort());
    expect(notInKitchen.size).toBeGreaterThan(0);
    expect(notInKitchen.size).toBeLessThan(apples.length);

    const home = await datasetScene('home');
    const plants = thingsNotThere(
      home,
      'Every potted plant that isn\u2019t in a bathroom should go out on the patio table.',
    );
    const inBathrooms = home.filterNodes(
      (id) => /potted_plant/.test(id) && /^bathroom\d*$/.test(roomOf(home, id) ?? ''),
    );
    expect(inBathrooms.length).toBeGreaterThan(0);
    expect([...plants].sort()).toEqual(inBathrooms.sort());
  });

  it('leaves out nothing for a place the building does not have, or a clause that is not negated', async () => {
    const office = await datasetScene('office');
    expect(thingsNotThere(office, "Take the apple that isn't in the greenhouse to Peter.").size).toBe(0);
    expect(thingsNotThere(office, 'Take the apple that is in the kitchen to Peter.').size).toBe(0);
  });

  it('read a thing said where it is as the ones there: "a clean one out of the cutlery drawer"', async () => {
    const office = await datasetScene('office');
    const [fork] = thingsAtPlaces(
      office,
      'She forgot to pack a fork. Could you grab her a clean one out of the cutlery drawer?',
    );
    expect(fork?.at).toEqual(['fork_3']);
    expect(fork?.ofKind.length).toBeGreaterThan(1);
    // A place that holds none of them says nothing, and "on" says where a thing goes.
    expect(thingsAtPlaces(office, 'Bring the fork from the printer.')).toEqual([]);
    expect(thingsAtPlaces(office, 'Put the fork on the cutlery drawer.')).toEqual([]);
  });

  it('read which of several things by the room the instruction names anywhere, not where things come from', async () => {
    const home = await datasetScene('home');
    const tables = ['coffee_table0', 'coffee_table1'];
    const said =
      "I'm following a workout video in the first-floor living room. Could you bring the dumbbells down from the gym and set them on the coffee table?";
    expect(onlyOneInRoomsSaid(home, tables, said)).toBe('coffee_table1');
    expect(
      onlyOneInRoomsSaid(
        home,
        tables,
        'Bring the remote from the first-floor living room to the coffee table.',
      ),
    ).toBe(undefined);
    expect(onlyOneInRoomsSaid(home, tables, 'Set the dumbbells on the coffee table.')).toBe(undefined);
  });

  it('reads the rooms a phrase could mean when it names a kind of room several of which are on its floor', async () => {
    const home = await datasetScene('home');
    expect(roomsOfKindSaid(home, 'the first-floor bedroom')).toEqual(['bedroom0', 'bedroom1']);
    expect(roomsOfKindSaid(home, 'the bathroom on the first floor')).toEqual(['bathroom1', 'bathroom2']);
    expect(roomsOfKindSaid(home, 'the kitchen')).toEqual(['kitchen0', 'kitchen1']);
    // One room, or no kind of room: nothing to ask.
    expect(roomsOfKindSaid(home, 'the first-floor kitchen')).toEqual([]);
    expect(roomsOfKindSaid(home, 'bedroom 2')).toEqual([]);
    expect(roomsOfKindSaid(home, 'the coffee table')).toEqual([]);
  });
});
