import { describe, expect, it } from 'vitest';
import { describeReading } from './describe-reading.js';

describe('a reading as a person reads it', () => {
  it("says who read it, what kind it is, and the model's requests, things and exclusions with their nodes", () => {
    expect(
      describeReading({
        kind: 'request',
        asks: ['Put a mug in the dishwasher, but not mug 2.'],
        by: 'model',
        details: {
          things: ['mug', 'dishwasher', 'mug 2'],
          excluded: ['mug 2'],
          requests: [{ verb: 'put', thing: 'mug', to: 'dishwasher' }],
          places: [],
          people: [],
          grounding: [
            { phrase: 'mug', nodes: [{ id: 'mug_2', score: 0.8 }] },
            { phrase: 'mug 2', nodes: [{ id: 'mug_2', score: 0.9 }] },
          ],
        },
      }),
    ).toBe(
      'Read by the model as a request: put mug -> dishwasher; things: mug (mug_2), dishwasher, mug 2 (mug_2); not to touch: mug 2 (mug_2)',
    );
  });

  it("the rules' reading: the kind and the sentences that ask", () => {
    expect(
      describeReading({ kind: 'question', form: 'who', asks: ['Whose office has a dog?'], by: 'rules' }),
    ).toBe('Read by the rules as a who question: Whose office has a dog?');
  });
});
