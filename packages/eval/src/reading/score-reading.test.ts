import type { Reading } from '@groundplan/grounding';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { describe, expect, it } from 'vitest';
import type { EvalTask } from '../tasks.js';
import { readingSummary } from './reading-summary.js';
import { scoreReading } from './score-reading.js';

const task = (criteria: EvalTask['criteria'], category?: EvalTask['category']): EvalTask => ({
  id: 't',
  environment: 'office',
  family: 'simple-planning',
  instruction: 'x',
  required: [],
  criteria,
  ...(category ? { category } : {}),
});

const read = (
  kind: 'question' | 'request',
  things: string[],
  grounding: [string, string, number][],
  excluded: string[] = [],
): Reading => ({
  ...(kind === 'question' ? { kind, form: 'whether' as const } : { kind }),
  asks: ['x'],
  by: 'model',
  details: {
    things,
    excluded,
    requests: [],
    places: [],
    people: [],
    grounding: grounding.map(([phrase, id, score]) => ({ phrase, nodes: [{ id, score }] })),
  },
});

describe('judging a reading', () => {
  it('a question is right for an answer task, a request for a plan; a missing thing counts for an impossible request only', async () => {
    const office = await datasetScene('office');
    const answer = scoreReading(
      task({ kind: 'answer', answer: ['fridge'], match: 'any' }, 'question'),
      read('question', ['fridge'], [['fridge', 'fridge', 0.7]]),
      office,
    );
    expect(answer).toMatchObject({ expected: 'question', kindRight: true, falseMissing: false });
    const pizza = read('request', ['pizza'], [['pizza', 'plate', 0.3]]);
    expect(
      scoreReading(task({ kind: 'cannot', missing: 'pizza' }, 'impossible'), pizza, office),
    ).toMatchObject({
      kindRight: true,
      cannotSeen: true,
      absent: ['pizza'],
    });
    // The same reading of a task that can be done would end it NotFound: a false missing thing.
    expect(
      scoreReading(task({ kind: 'planning', goal: ['on(plate, lunch_table)'] }), pizza, office).falseMissing,
    ).toBe(true);
  });

  it('a negation is seen when something is excluded, and wrong when the goals need what it excluded', async () => {
    const office = await datasetScene('office');
    const negation = task({ kind: 'planning', goal: ['inside(mug_3, dishwasher)'] }, 'negation');
    const right = scoreReading(
      negation,
      read('request', ['mug', 'mug 2'], [['mug 2', 'mug_2', 0.9]], ['mug 2']),
      office,
    );
    expect(right).toMatchObject({ exclusionSeen: true, excludesNeeded: false });
    const wrong = scoreReading(
      negation,
      read('request', ['mug 3'], [['mug 3', 'mug_3', 0.9]], ['mug 3']),
      office,
    );
    expect(wrong).toMatchObject({ exclusionSeen: true, excludesNeeded: true });
    const summary = readingSummary(
      [right, wrong].map((score, i) => ({
        id: `t${i}`,
        instruction: 'x',
        category: 'negation',
        criteria: 'planning',
        reader: 'model' as const,
        model: 'm',
        prompt: 'p',
        commit: 'c',
        latencyMs: 10 * (i + 1),
        score,
      })),
    );
    expect(summary.exclusionSeen).toEqual({ right: 2, of: 2 });
    expect(summary.excludesNeeded).toEqual({ right: 1, of: 2 });
    expect(summary.byGroup.negation).toEqual({ right: 2, of: 2 });
  });
});
