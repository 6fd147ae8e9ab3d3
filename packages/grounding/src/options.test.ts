import { describe, expect, it } from 'vitest';
import { MODEL_PICK_WEIGHT, type Option, withModelPick } from './options.js';

const option = (label: string, score: number): Option<string> => ({
  label,
  value: label,
  score,
  gloss: label,
});

describe("the model's pick combined with the retrieval prior", () => {
  const options = [
    option('expand(kitchen)', 0.6),
    option('expand(cafeteria)', 0.58),
    option('done(floor_0)', -0.5),
  ];

  it('decides between options the prior scores within MODEL_PICK_WEIGHT of each other', () => {
    expect(withModelPick(options, ['expand(cafeteria)'])[0]?.label).toBe('expand(cafeteria)');
  });

  it('is outweighed by the prior when it picks an option the prior scores far lower', () => {
    const ranked = withModelPick(options, ['done(floor_0)']);
    expect(ranked[0]?.label).toBe('expand(kitchen)');
    expect(ranked.find((o) => o.label === 'done(floor_0)')?.score).toBeCloseTo(-0.5 + MODEL_PICK_WEIGHT);
  });

  it('leaves the prior order as it is when the model picks nothing offered', () => {
    expect(withModelPick(options, ['expand(garage)']).map((o) => o.label)).toEqual(
      options.map((o) => o.label),
    );
  });
});
