import type { Goal } from '@groundplan/simulator';
import { describe, expect, it } from 'vitest';
import { CLAUSE_MARGIN, clauseConjunctions, clauseRanking, offeredGoals } from './clause-goals.js';
import { goalOption, onGoal } from './test-support/goal-options.js';

const on = onGoal;
const coffee = (node: string): Goal => ({
  kind: 'state',
  node,
  dimension: 'contents',
  value: 'coffee',
  negated: false,
});
const hot = (node: string): Goal => ({
  kind: 'state',
  node,
  dimension: 'temperature',
  value: 'hot',
  negated: false,
});
const option = goalOption;

describe('clause-wise goal conjunctions', () => {
  it('takes each clause its best goal; the last clause says where a thing ends', () => {
    const [first] = clauseConjunctions(
      [option(on('mug', 'coffee_machine'), 0.7), option(coffee('mug'), 0.68)],
      [
        [option(on('mug', 'coffee_machine'), 0.69), option(coffee('mug'), 0.66)],
        [option(on('mug', 'desk'), 0.65), option(coffee('mug'), 0.4)],
      ],
      3,
    );
    // The mug on the desk comes first; the coffee clause cannot place the mug again and takes
    // its next goal, the coffee.
    expect(first).toEqual(['on(mug, desk)', 'state(mug, contents, coffee)']);
  });

  it("with one clause close enough, joins it to the instruction's best goal", () => {
    const [first] = clauseConjunctions(
      [option(coffee('mug'), 0.7)],
      [[option(on('mug', 'desk'), 0.65)], [option(on('plate', 'table'), 0.5)]],
      3,
    );
    expect(first).toEqual(['state(mug, contents, coffee)', 'on(mug, desk)']);
  });

  it("joins the instruction's best goal only for an open clause that did not join", () => {
    // "Locate the office, throw away the fruit and get them a fresh apple": only the apple's
    // clause joins; the fruit's goal is the scene's and locating asks for no change, so nothing
    // is left for the instruction's best (the apple in the cabinet) to stand for.
    const whole = [option(on('apple', 'cabinet'), 0.58)];
    const perClause = [[], [], [option(on('apple', 'desk'), 0.52), option(on('apple_2', 'desk'), 0.44)]];
    const [alone] = clauseConjunctions(whole, perClause, 3, [false, false, true]);
    expect(alone).toEqual(['on(apple, desk)']);
    // With the fruit's clause still open (the scene said no goal for it), the best joins as before.
    const [joined] = clauseConjunctions(whole, perClause, 3, [false, true, true]);
    expect(joined).toEqual(['on(apple, cabinet)', 'on(apple_2, desk)']);
  });

  it('leaves out a clause whose best goal scores more than CLAUSE_MARGIN below the instruction', () => {
    const conjunctions = clauseConjunctions(
      [option(coffee('mug'), 0.8)],
      [[option(on('mug', 'desk'), 0.8 - CLAUSE_MARGIN - 0.01)]],
      3,
    );
    expect(conjunctions).toEqual([]);
  });

  it('joins a clause that puts a thing where it says, however far below its words score', () => {
    // "Warm the ham in the microwave and leave it on the bench for him".
    const whole = [option(on('ham', 'microwave'), 0.8)];
    const perClause = [
      [option(on('ham', 'microwave'), 1.0), option(hot('ham'), 0.9)],
      [option(on('ham', 'bench'), 0.8 - CLAUSE_MARGIN - 0.1)],
    ];
    expect(clauseConjunctions(whole, perClause, 3)[0]).toEqual([
      'on(ham, microwave)',
      'state(ham, temperature, hot)',
    ]);
    expect(clauseConjunctions(whole, perClause, 3, undefined, [false, true])[0]).toEqual([
      'on(ham, bench)',
      'state(ham, temperature, hot)',
    ]);
  });

  it('offers the cheapest swap next and stops at the limit', () => {
    const conjunctions = clauseConjunctions(
      [option(on('a', 'x'), 0.9)],
      [
        [option(on('a', 'x'), 0.9), option(on('a', 'y'), 0.89)],
        [option(on('b', 'x'), 0.85), option(on('b', 'y'), 0.6)],
        [option(on('c', 'x'), 0.84)],
      ],
      2,
    );
    expect(conjunctions[0]).toEqual(['on(c, x)', 'on(b, x)']);
    expect(conjunctions[1]).toEqual(['on(c, x)', 'on(b, y)']);
  });

  it("ranks a clause's goals by the mean of its score and the whole instruction's", () => {
    const ranked = clauseRanking(
      [option(on('mug', 'nikos_desk'), 0.6), option(on('mug', 'wills_desk'), 0.4)],
      [option(on('mug', 'wills_desk'), 0.7), option(on('mug', 'nikos_desk'), 0.65)],
    );
    expect(ranked.map((o) => [o.label, Number(o.score.toFixed(3))])).toEqual([
      ['on(mug, nikos_desk)', 0.625],
      ['on(mug, wills_desk)', 0.55],
    ]);
  });

  it("offers the model the instruction's and each clause's best goals in turn, without repeats", () => {
    const offered = offeredGoals(
      [option(on('a', 'x'), 0.9), option(on('a', 'y'), 0.8), option(on('a', 'z'), 0.7)],
      [
        [option(on('b', 'x'), 0.85), option(on('a', 'x'), 0.8)],
        [option(on('a', 'x'), 0.8), option(on('c', 'x'), 0.7)],
      ],
      4,
    );
    expect(offered.map((o) => o.label)).toEqual(['on(a, x)', 'on(b, x)', 'on(a, y)', 'on(c, x)']);
  });
});
