import { describe, expect, it } from 'vitest';
import { nodeTexts, spoken } from './node-texts.js';
import { dataset } from './test-support/scenes.js';

describe('nodeTexts', () => {
  it('describes an object by its name, where it rests, its room, state and affordances', async () => {
    const { scene } = await dataset('office');
    const banana = nodeTexts(scene).find((node) => node.id === 'banana');
    expect(banana).toEqual({
      id: 'banana',
      kind: 'object',
      parent: 'fruit_bowl',
      text: 'banana: object inside fruit bowl in kitchen; colour yellow; ripeness ripe; affords pickup',
    });
  });

  it('gives a room its floor and attributes, and an asset its room', async () => {
    const { scene } = await dataset('office');
    const texts = new Map(nodeTexts(scene).map((node) => [node.id, node.text]));
    expect(texts.get('nikos_office')).toBe('nikos office: room in floor 0; occupant Niko');
    expect(texts.get('fruit_bowl')).toBe('fruit bowl: asset in kitchen; affords contain');
  });

  it('indexes floors, rooms, assets and objects, not poses or the agent, sorted by id', async () => {
    const { scene } = await dataset('home');
    const nodes = nodeTexts(scene);
    const kinds = new Set(nodes.map((node) => node.kind));
    expect([...kinds].sort()).toEqual(['asset', 'floor', 'object', 'room']);
    const ids = nodes.map((node) => node.id);
    expect(ids).toEqual([...ids].sort());
    expect(nodes.length).toBe(scene.filterNodes((_id, a) => a.kind !== 'pose' && a.kind !== 'agent').length);
  });
});

describe('spoken', () => {
  it('turns ids into words the encoder knows and keeps codes whole', () => {
    expect(spoken('meeting_room2')).toBe('meeting room 2');
    expect(spoken('turn_on')).toBe('turn on');
    expect(spoken('K31X')).toBe('K31X');
    expect(spoken('floor0')).toBe('floor 0');
  });
});
