import { z } from 'zod';

/** The question forms a reading can name; `none` for a request (kept in step with Reading's QuestionForm). */
export const READING_FORMS = [
  'find',
  'whether',
  'where',
  'which',
  'who',
  'what',
  'how-many',
  'other',
  'none',
] as const;

/** At most this many phrases per list, each at most this long: a reading is a summary, not an essay. */
export const READING_BOUNDS = { phrases: 6, phrase: 48, requests: 5 } as const;

const phrase = z.string().trim().min(1).max(READING_BOUNDS.phrase);
const phrases = z.array(phrase).max(READING_BOUNDS.phrases);

/**
 * The model's reading of an instruction (contracts are grammar-constrained on local models):
 * - kind: `question` asks for an answer and changes nothing; `request` asks the robot to change
 *   something in the world (fetch, place, open, switch, ...).
 * - form: which question (`find` for "find me X", "where is X"...), `none` for a request.
 * - things: every object or piece of furniture the instruction names, as it says it.
 * - excluded: things the person says not to use, touch or move ("not the red mug", "except X").
 * - requests: each change asked for, its verb, its thing and where to (empty string when none).
 * - places, people: rooms and persons named.
 */
export const readingAnswerSchema = z
  .object({
    kind: z.enum(['question', 'request']),
    form: z.enum(READING_FORMS),
    things: phrases,
    excluded: phrases,
    requests: z
      .array(
        z.object({ verb: phrase, thing: phrase, to: z.string().trim().max(READING_BOUNDS.phrase) }).strict(),
      )
      .max(READING_BOUNDS.requests),
    places: phrases,
    people: phrases,
  })
  .strict();

export type ReadingAnswer = z.infer<typeof readingAnswerSchema>;

/** Most generated tokens a reading within READING_BOUNDS needs (measured readings take 40-90). */
export const READING_ANSWER_TOKENS = 200;
