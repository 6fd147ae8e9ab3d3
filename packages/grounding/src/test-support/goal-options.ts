import { formatGoal, type Goal } from '@groundplan/simulator';
import type { Option } from '../options.js';

/** The goal "object on target", for tests of goal rankings. */
export const onGoal = (object: string, target: string): Goal => ({
  kind: 'on',
  object,
  target,
  negated: false,
});

/** A ranked goal option as the grounded planners build them, with its label and a given score. */
export const goalOption = (value: Goal, score: number): Option<Goal> => ({
  label: formatGoal(value),
  value,
  score,
  gloss: '',
});
