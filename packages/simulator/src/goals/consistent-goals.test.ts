import { describe, expect, it } from 'vitest';
import { consistentGoals } from './consistent-goals.js';
import { formatGoal, parseGoals } from './goal.js';

const check = (texts: string[]) => {
  const goals = parseGoals(texts);
  if (!goals.ok) throw new Error(goals.error);
  const result = consistentGoals(goals.value);
  return { kept: result.kept.map(formatGoal), dropped: result.dropped };
};

describe('consistent goals', () => {
  it('keeps one place per object: the first of on, inside and holding wins', () => {
    expect(check(['on(mug, desk)', 'inside(mug, fridge)', 'holding(mug)', 'on(mug, desk)'])).toEqual({
      kept: ['on(mug, desk)', 'on(mug, desk)'],
      dropped: [
        { goal: 'inside(mug, fridge)', contradicts: 'on(mug, desk)' },
        { goal: 'holding(mug)', contradicts: 'on(mug, desk)' },
      ],
    });
  });

  it('keeps one value per state dimension, one thing held and one place for the robot', () => {
    const result = check([
      'state(fridge, door, open)',
      'state(fridge, door, closed)',
      'state(fridge, power, on)',
      'holding(apple)',
      'holding(nothing)',
      'at(kitchen)',
      'at(lab)',
    ]);
    expect(result.kept).toEqual([
      'state(fridge, door, open)',
      'state(fridge, power, on)',
      'holding(apple)',
      'at(kitchen)',
    ]);
    expect(result.dropped.map((d) => d.goal)).toEqual([
      'state(fridge, door, closed)',
      'holding(nothing)',
      'at(lab)',
    ]);
  });

  it('leaves goals about different things, and negated goals, alone', () => {
    const texts = ['on(mug, desk)', 'on(plate, desk)', 'not on(mug, desk)', 'state(mug, contents, coffee)'];
    expect(check(texts)).toEqual({ kept: texts, dropped: [] });
  });
});
