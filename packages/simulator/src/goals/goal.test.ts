import { describe, expect, it } from 'vitest';
import { formatGoal, parseGoal, parseGoals } from './goal.js';

describe('goal predicates', () => {
  it.each([
    ['inside(orange, fridge)', { kind: 'inside', object: 'orange', target: 'fridge', negated: false }],
    ['on(mug,nikos_desk)', { kind: 'on', object: 'mug', target: 'nikos_desk', negated: false }],
    [
      'state(fridge, door, closed)',
      { kind: 'state', node: 'fridge', dimension: 'door', value: 'closed', negated: false },
    ],
    [
      'state(fridge, closed)',
      { kind: 'state', node: 'fridge', dimension: undefined, value: 'closed', negated: false },
    ],
    ['holding(nothing)', { kind: 'holding', object: null, negated: false }],
    ['holding(mug)', { kind: 'holding', object: 'mug', negated: false }],
    ['at(kitchen)', { kind: 'at', place: 'kitchen', negated: false }],
    ['not inside(banana, fridge)', { kind: 'inside', object: 'banana', target: 'fridge', negated: true }],
    ['not(on("mug", table))', { kind: 'on', object: 'mug', target: 'table', negated: true }],
  ])('reads %s', (text, goal) => {
    expect(parseGoal(text)).toEqual({ ok: true, value: goal });
  });
  it('writes goals back as text', () => {
    for (const text of [
      'not inside(banana, fridge)',
      'state(fridge, closed)',
      'state(mug, contents, coffee)',
      'holding(nothing)',
    ]) {
      const goal = parseGoal(text);
      if (!goal.ok) throw new Error(goal.error);
      expect(formatGoal(goal.value)).toBe(text);
    }
  });
  it.each([
    ['inside(banana)', "cannot read goal 'inside(banana)': inside takes 2 arguments"],
    ['near(banana, fridge)', "cannot read goal 'near(banana, fridge)': unknown predicate 'near'"],
    ['the banana is in the fridge', "cannot read goal 'the banana is in the fridge': write one of"],
    ['on(mug, )', "cannot read goal 'on(mug, )': an argument is empty"],
    [
      'state(fridge)',
      "cannot read goal 'state(fridge)': state takes (node, dimension, value) or (node, value)",
    ],
  ])('turns %s into an error value', (text, message) => {
    const goal = parseGoal(text);
    expect(goal.ok).toBe(false);
    if (!goal.ok) expect(goal.error).toContain(message);
  });
  it('reads a conjunction from a list or from one string', () => {
    const listed = parseGoals(['inside(banana, fridge)', 'holding(nothing)']);
    const joined = parseGoals('inside(banana, fridge) and holding(nothing)');
    expect(listed).toEqual(joined);
    expect(parseGoals('inside(banana, fridge) && state(fridge, closed) ∧ at(kitchen)')).toMatchObject({
      ok: true,
      value: [{ kind: 'inside' }, { kind: 'state' }, { kind: 'at' }],
    });
  });
  it('stops at the first unreadable predicate of a conjunction', () => {
    expect(parseGoals(['holding(nothing)', 'hold(mug)'])).toMatchObject({ ok: false });
  });
});
