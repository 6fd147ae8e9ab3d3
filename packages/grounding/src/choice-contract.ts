import { z } from 'zod';
import { oneOf } from './one-of.js';

// Options are answered by their labels, as the prompt shows them. Under a grammar, a small model
// is fast while it writes what it would have written anyway and slow where the grammar rejects
// its preferred tokens (numbers for options took SmolLM2 2 s a token; labels it copies, 0.05 s).

/** The contract of one grounded choice: exactly one of the offered labels. */
export function choiceSchema(labels: readonly string[]) {
  return z.object({ choice: oneOf(labels, 'option') }).strict();
}

/** The contract of a goal choice: one to `max` of the offered labels (a repeat is dropped, not refused). */
export function goalsChoiceSchema(labels: readonly string[], max: number) {
  return z
    .object({
      goals: z.array(oneOf(labels, 'option')).min(1).max(max),
    })
    .strict();
}

/** The reply that picks one option, as the prompt shows the format: what the model's scores are of. */
export function choiceReply(kind: 'search' | 'goals', label: string): string {
  return kind === 'search' ? oneChoiceReply(label) : `{"goals": [${JSON.stringify(label)}]}`;
}

/** The reply of a one-label choice (`{"choice": "<option>"}`: a search move, a next action, a room). */
export function oneChoiceReply(label: string): string {
  return `{"choice": ${JSON.stringify(label)}}`;
}
