import { type SceneGraph, visibleNodes } from '@groundplan/scene-graph';
import { beforeAll, describe, expect, it } from 'vitest';
import { asksForRoom, mayAnswerWithRoom, searchChoices } from './search-choices.js';
import { datasetScene } from './test-support/datasets.js';

let office: SceneGraph;
beforeAll(async () => {
  office = await datasetScene('office');
});

describe('the legal search choices on the office', () => {
  it('expands only what can be expanded, contracts only what is expanded, and answers with things or "nothing on this floor"', () => {
    const view = { expanded: ['kitchen'], memory: ['kitchen'] };
    const legal = searchChoices(office, view, 'Find me a banana.');
    expect(legal.expand).toContain('fruit_bowl');
    expect(legal.expand).not.toContain('kitchen');
    expect(legal.contract).toEqual(['kitchen']);
    expect(
      legal.done.every((id) =>
        ['asset', 'object', 'floor', 'building'].includes(office.getNodeAttribute(id, 'kind')),
      ),
    ).toBe(true);
    expect(legal.done.every((id) => visibleNodes(office, view).includes(id))).toBe(true);
  });

  it('lets done name a room only when the instruction asks for one', () => {
    const view = { expanded: [], memory: [] };
    const isRoom = (id: string) => office.getNodeAttribute(id, 'kind') === 'room';
    expect(searchChoices(office, view, 'Find me a banana.').done.some(isRoom)).toBe(false);
    expect(searchChoices(office, view, 'Which office has a poster of the Terminator?').done).toContain(
      'kitchen',
    );
    expect(mayAnswerWithRoom('I left my headphones in one of the meeting rooms. Locate them.')).toBe(true);
    expect(mayAnswerWithRoom('Find me a carrot.')).toBe(false);
  });

  it('reads whether the answer asked for is a room, not a room merely mentioned', () => {
    for (const instruction of [
      'Find the PhD bay that has a drone in it.',
      'One of the offices has a poster of the Terminator. Which one is it?',
      'I need something to access ChatGPT. Where should I go?',
      'Find me the closest meeting room to the kitchen.',
      'There is a meeting room with a chair but no table. Locate it.',
      'Which bathroom has the most potted plants.',
    ])
      expect(asksForRoom(instruction), instruction).toBe(true);
    for (const instruction of [
      'Find me a carrot.',
      'I left my headphones in one of the meeting rooms. Locate them.',
      'Find the kale that is not in the kitchen.',
      'Find the closest fire extinguisher to the manipulation lab.',
      'Locate a chair that is not in any dining room.',
      'There is a postdoc that has a pet Husky. Find the desk that is most likely theirs.',
    ])
      expect(asksForRoom(instruction), instruction).toBe(false);
  });
});
