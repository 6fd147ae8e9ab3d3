import { childrenOf, roomOf } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { destinationAssets, personSaidAt, placeSaidAt } from './destination-assets.js';
import { datasetScene } from './test-support/datasets.js';

describe('the assets a destination can mean', () => {
  it('takes the kind its head word names, in the room the phrase names or points back to with "there"', async () => {
    const office = await datasetScene('office');
    const said = 'Leave the remote on the table in meeting room 3.';
    expect(destinationAssets(office, said, 'the table in meeting room 3')).toEqual(['meeting_table_3']);
    const there = 'Aaron presents in meeting room 2 at ten. Put his notes on the table in there for him.';
    expect(destinationAssets(office, there, 'the table in there for him')).toEqual(['meeting_table_2']);
  });

  it('takes the one in a room the instruction names as where someone is, not where things come from', async () => {
    const home = await datasetScene('home');
    const said = 'Dad is eating in dining room 1. Put the milk from the fridge on the table for him.';
    expect(destinationAssets(home, said, 'the table for him')).toEqual(['dining_table1']);
    // With no room said, every asset of the kind is a candidate.
    const anywhere = destinationAssets(home, 'Put the milk on the table.', 'the table');
    expect(anywhere).toContain('dining_table1');
    expect(anywhere!.length).toBeGreaterThan(1);
  });

  it('reads "there" as the last room named anywhere before it, the top floor as the highest', async () => {
    const office = await datasetScene('office');
    const said =
      'Printing zone 2 is out of paper. Move the spare ream from zone 1 onto the paper shelf over there.';
    expect(destinationAssets(office, said, 'the paper shelf over there')).toEqual(['paper_shelf_2']);
    const home = await datasetScene('home');
    const top = "I'm in the top-floor living room; leave the hammer on the bookshelf there.";
    const shelves = destinationAssets(home, top, 'the bookshelf there');
    expect(shelves).toHaveLength(1);
    expect(roomOf(home, shelves![0]!)).toBe('living_room2');
  });

  it("takes the one whose occupant the possessive names: Omar's desk is the PhD desk he sits at", async () => {
    const office = await datasetScene('office');
    expect(destinationAssets(office, "Put the orange on Omar's desk.", "Omar's desk")).toEqual([
      'phd_desk_4',
    ]);
  });

  it('reads a word before the head as the room the asset is in: the patio table is the one outside', async () => {
    const home = await datasetScene('home');
    const said = 'Carry the steak from the table in dining room 2 out to the patio table.';
    expect(destinationAssets(home, said, 'the patio table')).toEqual(['outdoor_table']);
  });

  it('reads "one" as the kind the last noun before it names: the one downstairs is a fridge', async () => {
    const home = await datasetScene('home');
    const said = 'Move the yogurt from the upstairs fridge into the one downstairs.';
    expect(destinationAssets(home, said, 'the one downstairs')).toEqual(['fridge0']);
    const sofa = 'Move the cushion from the navy sofa downstairs onto the beige one up there.';
    expect(destinationAssets(home, sofa, 'the beige one up there')).toEqual(['sofa1']);
  });

  it('takes those of the kind its words describe and on the floor it says', async () => {
    const home = await datasetScene('home');
    const said = "I'm curled up on the beige sofa upstairs. Bring me a blanket.";
    expect(destinationAssets(home, said, 'the beige sofa upstairs')).toEqual(['sofa1']);
    expect(destinationAssets(home, 'Put it on the sofa downstairs.', 'the sofa downstairs')).toEqual([
      'sofa0',
    ]);
  });

  it('takes the one holding the thing a "where" or "with" clause names', async () => {
    const home = await datasetScene('home');
    const said = 'Put the yogurt on the table where the roast chicken is.';
    const tables = destinationAssets(home, said, 'the table where the roast chicken is');
    expect(tables).toHaveLength(1);
    expect(childrenOf(home, tables![0]!)).toContain('roast_chicken');
  });

  it('takes the one in the room the speaker is in ("the downstairs kitchen"), or whose name says the number', async () => {
    const home = await datasetScene('home');
    const said =
      "I'm chopping veg in the downstairs kitchen. Bring the board down and leave it on the counter for me.";
    expect(destinationAssets(home, said, 'the counter for me')).toEqual(['kitchen_counter0']);
    const office = await datasetScene('office');
    const request = 'put it on the meeting table in room 1';
    expect(destinationAssets(office, request, 'the meeting table in room 1', request)).toEqual([
      'meeting_table_1',
    ]);
  });

  it('names no kind for a room, a general word or a word no asset has', async () => {
    const office = await datasetScene('office');
    expect(destinationAssets(office, 'Take it to the kitchen.', 'the kitchen')).toBeUndefined();
    expect(destinationAssets(office, 'Put it on the other one.', 'the other one')).toBeUndefined();
    expect(destinationAssets(office, 'Put it on hers.', 'hers')).toBeUndefined();
  });

  it('reads "the downstairs fridge" as a fridge on the ground floor', async () => {
    const home = await datasetScene('home');
    const said = 'Could you get it into the downstairs fridge before it goes off?';
    expect(destinationAssets(home, said, 'the downstairs fridge before it goes off')).toEqual(['fridge0']);
  });

  it('reads where someone is at an asset the building has, not "at the moment"', async () => {
    const home = await datasetScene('home');
    expect(
      placeSaidAt(
        home,
        "I'm planning next week's meals over a cuppa at the table in dining room 1. Could you bring me the cookbook?",
      ),
    ).toBe('the table in dining room 1');
    expect(
      placeSaidAt(home, 'The kids colour in at the table in dining room 2 - could you fetch their crayons?'),
    ).toBe('the table in dining room 2');
    expect(placeSaidAt(home, 'At the moment the kids are out. Bring the ball.')).toBeUndefined();
    // "In bed" says where someone is; "her" is the person named before it.
    expect(
      placeSaidAt(
        home,
        "My sister's finishing her essay in bed in bedroom 2. Could you take her the laptop?",
      ),
    ).toBe('bed in bedroom 2');
    const office = await datasetScene('office');
    expect(
      placeSaidAt(office, "Zoe's making herself a sandwich at her desk. Would you bring the tomato over?"),
    ).toBe("Zoe's desk");
    expect(
      placeSaidAt(
        office,
        "Lena's wrapping a present for Sam at her desk. Could you take her the black pair?",
      ),
    ).toBe("Lena's desk");
  });

  it('reads where a person is now from a sentence that names them', async () => {
    const office = await datasetScene('office');
    const said =
      "Omar's at the lab bench in the ag lab trying to get the cover off. Could you take him the screwdriver? Raj is at the meeting table.";
    expect(personSaidAt(office, said, 'Omar')).toBe('the lab bench in the ag lab');
    expect(personSaidAt(office, said, 'Raj')).toBe('the meeting table');
    expect(personSaidAt(office, said, 'Zoe')).toBeUndefined();
  });
});
