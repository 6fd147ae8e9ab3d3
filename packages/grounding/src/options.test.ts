import { describe, expect, it } from 'vitest';
import { MODEL_PICK_WEIGHT, modelScoreBonus, type Option, withBonus, withModelPick } from './options.js';

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

describe("the model's scores combined with the retrieval prior (the scores chooser)", () => {
  const options = [
    option('expand(kitchen)', 0.6),
    option('expand(cafeteria)', 0.58),
    option('done(floor_0)', -0.5),
  ];
  const labels = options.map((o) => o.label);

  it("gives the model's most likely option a pick's weight, the others that weight times their relative probability", () => {
    const bonus = modelScoreBonus(labels, [-2.0, -0.5, -0.5 + Math.log(0.25)]);
    expect(bonus.get('expand(cafeteria)')).toBeCloseTo(MODEL_PICK_WEIGHT);
    expect(bonus.get('done(floor_0)')).toBeCloseTo(MODEL_PICK_WEIGHT * 0.25);
    expect(bonus.get('expand(kitchen)')).toBeCloseTo(MODEL_PICK_WEIGHT * Math.exp(-1.5));
    expect(withBonus(options, bonus).map((o) => o.label)).toEqual([
      'expand(cafeteria)',
      'expand(kitchen)',
      'done(floor_0)',
    ]);
  });

  it('leaves the prior order when the model finds the options equally likely', () => {
    const bonus = modelScoreBonus(labels, [-1, -1, -1]);
    expect(withBonus(options, bonus).map((o) => o.label)).toEqual(labels);
  });

  it('refuses scores that do not match the options one to one', () => {
    expect(() => modelScoreBonus(labels, [-1, -1])).toThrow('2 scores for 3 options');
  });
});
