import { nounPhrases } from './noun-phrases.js';
import { type QuestionForm, readInstruction } from './reading.js';

/**
 * The things a question asks whether the building has at all: "Have we got a mop anywhere in the
 * house?" -> mop, "Is there a dustpan and brush kept anywhere on this floor?" -> dustpan, "Has
 * anyone in the PhD bays left a phone charger lying around?" -> phone charger. Only a question of
 * that form ("is there", "are there", "have we got", "do we have", "has anyone got", "we don't own
 * ..., do we?"; not "which desks don't have a T-shirt on them?"), and only the thing it asks about: what its sentence says first ("My daughter's
 * grazed her knee - have we got any plasters?") is no thing asked for. Empty for a request.
 */
export function askedWhetherThere(instruction: string): string[] {
  const reading = readInstruction(instruction);
  if (reading.kind !== 'question' || !ASKING_WHETHER.has(reading.form)) return [];
  return reading.asks.flatMap((sentence) =>
    [...sentence.matchAll(WHETHER_THERE)].flatMap((match) => {
      const thing = nounPhrases(sentence.slice(match.index + match[0].length - match[1]!.length))[0];
      return thing === undefined ? [] : [thing];
    }),
  );
}

/** The forms of question that may ask whether a thing is there (not "which", "how many", "who", "where", "what"). */
const ASKING_WHETHER = new Set<QuestionForm>(['whether', 'find', 'other']);

/** "Is there", "have we got", "do we have", "has anyone ... got", "don't own" and the like, then "a", "an", "any" or "some". */
const WHETHER_THERE =
  /\b(?:is\s+there|are\s+there|(?:have|has|'ve|’ve)\s+(?:we|you|they|i|anyone|anybody|someone|somebody)(?:\s+[a-z]+){0,4}?\s+(?:got|left|kept)|(?:do|does|don't|don’t)\s+(?:we|you|they|i)?\s*(?:have|own|keep)|(?:have|has|'ve|’ve)\s+got|(?:we|they|you)\s+(?:have|own|keep))\s+((?:a|an|any|some)\s)/gi;
