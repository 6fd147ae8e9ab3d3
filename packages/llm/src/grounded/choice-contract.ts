import { z } from 'zod';

/** The contract of one grounded choice: exactly one of the offered labels. */
export function choiceSchema(labels: readonly string[]) {
  return z.object({ choice: z.enum(unique(labels)) }).strict();
}

/** The contract of a goal choice: one to `max` distinct labels of the offered goals. */
export function goalsChoiceSchema(labels: readonly string[], max: number) {
  return z
    .object({
      goals: z
        .array(z.enum(unique(labels)))
        .min(1)
        .max(max),
    })
    .strict()
    .refine((answer) => new Set(answer.goals).size === answer.goals.length, 'name each goal once');
}

function unique(labels: readonly string[]): [string, ...string[]] {
  const distinct = [...new Set(labels)];
  if (distinct.length === 0) throw new Error('a choice needs at least one option');
  return distinct as [string, ...string[]];
}
