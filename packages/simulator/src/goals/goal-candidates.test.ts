import { datasetScene } from '@groundplan/scene-graph/test-support';
import { describe, expect, it } from 'vitest';
import { initialState } from '../state/sim-state.js';
import { checkGoals } from './check-goals.js';
import { formatGoal } from './goal.js';
import { goalCandidates, settableStates } from './goal-candidates.js';

describe('goal candidates', () => {
  it('knows which state values the action table can set', () => {
    const settable = settableStates();
    expect([...(settable.get('door') ?? [])].sort()).toEqual(['closed', 'open']);
    expect(settable.get('contents')?.has('coffee')).toBe(true);
    expect(settable.has('ripeness')).toBe(false);
  });

  it('offers goals for "make Niko a coffee", none already true', async () => {
    const office = await datasetScene('office');
    const start = initialState(office);
    if (!start.ok) throw new Error(start.error);
    const nodes = ['kitchen', 'nikos_office', 'coffee_machine', 'nikos_mug', 'nikos_desk', 'fridge'];
    const goals = goalCandidates(office, start.value, nodes);
    const texts = goals.map(formatGoal);
    expect(texts).toContain('state(nikos_mug, contents, coffee)');
    expect(texts).toContain('on(nikos_mug, coffee_machine)');
    expect(texts).toContain('inside(nikos_mug, fridge)');
    expect(texts).toContain('state(coffee_machine, power, on)');
    // Niko's mug already stands on his desk: not a goal to reach.
    expect(texts).not.toContain('on(nikos_mug, nikos_desk)');
    expect(texts.some((t) => t.includes('kitchen'))).toBe(false);
    expect(checkGoals(office, start.value, goals).results.every((r) => !r.pass)).toBe(true);
  });
});
