import { describe, expect, it } from 'vitest';
import { lazyGreedySearch } from './lazy-greedy.js';
import type { SearchProblem } from './search-problem.js';

/** Walking a number line by +1 or *2 from 1 to the target; the estimate prefers the step toward it. */
function numberLine(target: number, options: { limit?: number } = {}): SearchProblem<number, string> {
  const limit = options.limit ?? 10_000;
  return {
    initial: 1,
    key: (n) => String(n),
    isGoal: (n) => n === target,
    successors: (n) =>
      [
        { step: '+1', state: n + 1 },
        { step: '*2', state: n * 2 },
      ].filter(({ state }) => state <= limit),
    evaluate: (n) => ({
      estimate: Math.abs(target - n),
      preferred: (step) => (step === '*2' ? n * 2 <= target : n < target),
    }),
  };
}

const replay = (steps: readonly string[]) => steps.reduce((n, step) => (step === '+1' ? n + 1 : n * 2), 1);

describe('lazyGreedySearch', () => {
  it('finds a plan whose steps lead from the start to the goal', () => {
    const outcome = lazyGreedySearch(numberLine(37), { maxExpansions: 1000 });
    expect(outcome.found).toBe(true);
    if (outcome.found) {
      expect(replay(outcome.steps)).toBe(37);
      expect(outcome.final).toBe(37);
    }
  });

  it('returns an empty plan when the start is a goal', () => {
    expect(lazyGreedySearch(numberLine(1), { maxExpansions: 10 })).toMatchObject({ found: true, steps: [] });
  });

  it('says no plan exists, with no steps, once every reachable state is searched', () => {
    const outcome = lazyGreedySearch(numberLine(50, { limit: 40 }), { maxExpansions: 1000 });
    expect(outcome).toEqual({ found: false, exhausted: true, expansions: 40, generated: expect.any(Number) });
  });

  it('stops at its expansion budget and says which budget ran out', () => {
    const outcome = lazyGreedySearch(numberLine(5000), { maxExpansions: 3 });
    expect(outcome).toMatchObject({ found: false, exhausted: false, limit: 'expansions', expansions: 3 });
    expect('steps' in outcome).toBe(false);
  });

  it('stops at its time budget', () => {
    const outcome = lazyGreedySearch(numberLine(9_999, { limit: 1e9 }), {
      maxExpansions: 1e9,
      maxMilliseconds: 0,
    });
    expect(outcome).toMatchObject({ found: false, exhausted: false, limit: 'time' });
  });
});
