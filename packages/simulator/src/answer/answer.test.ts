import { describe, expect, it } from 'vitest';
import { officeScene } from '../test-support/office-scene.js';
import { describeAnswer } from './answer.js';

const scene = officeScene();

describe('the answer to a question', () => {
  it('names each node found with where it rests and its state', () => {
    const answer = describeAnswer(scene, ['banana'], ['kitchen']);
    expect(answer.nodes).toEqual([
      { id: 'banana', kind: 'object', where: ['inside fridge', 'in kitchen'], state: { ripeness: 'ripe' } },
    ]);
    expect(answer.text).toBe('banana (inside fridge, in kitchen) [ripeness: ripe]');
  });

  it('says none found, and where it looked, when nothing answers', () => {
    const answer = describeAnswer(scene, ['giraffe'], ['meeting_room', 'kitchen']);
    expect(answer).toEqual({
      nodes: [],
      searched: ['kitchen', 'meeting_room'],
      text: 'none found; searched kitchen, meeting_room',
    });
  });
});
