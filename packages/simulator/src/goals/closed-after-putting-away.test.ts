import { datasetScene } from '@groundplan/scene-graph/test-support';
import { describe, expect, it } from 'vitest';
import { initialState } from '../state/sim-state.js';
import { closedAfterPuttingAway } from './closed-after-putting-away.js';
import { formatGoal, parseGoals } from './goal.js';

describe('containers closed after putting things away', async () => {
  const office = await datasetScene('office');
  const start = initialState(office);
  if (!start.ok) throw new Error(start.error);
  const extra = (texts: string[]) => {
    const goals = parseGoals(texts);
    if (!goals.ok) throw new Error(goals.error);
    return closedAfterPuttingAway(office, start.value, goals.value).map(formatGoal);
  };

  it('closes a closed container a goal puts something in, once however many goals use it', () => {
    expect(extra(['inside(orange, fridge)', 'inside(apple, fridge)'])).toEqual([
      'state(fridge, door, closed)',
    ]);
  });

  it('adds nothing for a goal about the door itself, a placement on top, or a negated goal', () => {
    expect(extra(['inside(orange, fridge)', 'state(fridge, door, open)'])).toEqual([]);
    expect(extra(['on(orange, kitchen_bench)'])).toEqual([]);
    expect(extra(['not inside(orange, fridge)'])).toEqual([]);
  });
});
