import { isAdjective, isAdverb, isNoun, isParticiple } from './lexicon.js';
import { nounPhrases, opensNounPhrase } from './noun-phrases.js';
import { type QuestionForm, readInstruction } from './reading.js';

/**
 * The things a question asks whether the building has at all: "Have we got a mop anywhere in the
 * house?" -> mop, "Is there a dustpan and brush kept anywhere on this floor?" -> dustpan, "Has
 * anyone in the PhD bays left a phone charger lying around?" -> phone charger, "Is there any Scotch
 * tape or packing tape?" -> scotch tape, packing tape (either will do). Only a question of that
 * form ("is there", "are there", "have we got", "do we have", "has anyone got", "we don't own ...,
 * do we?"; not "which desks don't have a T-shirt on them?"), and only the thing it asks about:
 * what its sentence says first ("My daughter's grazed her knee - have we got any plasters?") is no
 * thing asked for. Each thing ends before a word that says where or how it lies ("anywhere",
 * "lying", "tucked away"). Empty for a request.
 */
export function askedWhetherThere(instruction: string): string[] {
  const reading = readInstruction(instruction);
  if (reading.kind !== 'question' || !ASKING_WHETHER.has(reading.form)) return [];
  return reading.asks.flatMap((sentence) =>
    [...sentence.matchAll(WHETHER_THERE)].flatMap((match) => {
      // "Matt's lost his bike helmet - has anyone got one?": "one" is the thing said before.
      if (/^one\b/i.test(match[1]!)) {
        const said = lastThing(instruction.slice(0, instruction.indexOf(sentence) + match.index));
        return said === undefined ? [] : [said];
      }
      const rest = sentence.slice(match.index + match[0].length - match[1]!.length);
      const first = nounPhrases(rest)[0];
      if (first === undefined) return [];
      // "Scotch tape or packing tape": the other thing after "or" is asked for too.
      const lower = rest.toLowerCase();
      const after = lower.slice(lower.indexOf(first) + first.length);
      const or = /^\s*,?\s+or\s+(?:(?:a|an|any|some)\s+)?(.*)$/.exec(after);
      const other = or === null ? undefined : nounPhrases(`the ${or[1]}`)[0];
      return [first, ...(other === undefined ? [] : [other])].map(thingOnly).filter((thing) => thing !== '');
    }),
  );
}

/** The last thing a text names: "whether we keep a fire extinguisher" -> fire extinguisher, "Matt's lost his bike helmet" -> bike helmet. */
function lastThing(text: string): string | undefined {
  const words = nounPhrases(text).at(-1)?.split(' ');
  if (words === undefined) return undefined;
  const after = words.slice(words.findLastIndex(opensNounPhrase) + 1);
  // "his bike helmet - has anyone": the thing ends at a dash.
  const end = after.findIndex((word) => !/^[a-z]/.test(word));
  const thing = thingOnly((end === -1 ? after : after.slice(0, end)).join(' '));
  return thing === '' ? undefined : thing;
}

/**
 * A phrase up to the word after a noun that says where or how the thing lies: "mop anywhere" ->
 * mop, "phone charger lying" -> phone charger, "ice cream left" -> ice cream; not "washing
 * machine" or "clean drinking glasses", whose participle follows no noun ("clean" describes).
 */
function thingOnly(phrase: string): string {
  const words = phrase.split(' ');
  const end = words.findIndex(
    (word, i) =>
      i > 0 &&
      (isAdverb(word) || (isParticiple(word) && isNoun(words[i - 1]!) && !isAdjective(words[i - 1]!))),
  );
  return (end === -1 ? words : words.slice(0, end)).join(' ');
}

/** The forms of question that may ask whether a thing is there (not "which", "how many", "who", "where", "what"). */
const ASKING_WHETHER = new Set<QuestionForm>(['whether', 'find', 'other']);

/** "Is there", "whether there's", "have we got", "do we have", "has anyone ... got", "don't own" and the like, then "a", "an", "any", "some" or "one". */
const WHETHER_THERE =
  /\b(?:is\s+there|are\s+there|(?:whether|if)\s+there(?:['’]s|\s+is|\s+are)|(?:have|has|'ve|’ve)\s+(?:we|you|they|i|anyone|anybody|someone|somebody)(?:\s+[a-z]+){0,4}?\s+(?:got|left|kept)|(?:do|does|don't|don’t)\s+(?:we|you|they|i)?\s*(?:have|own|keep)|(?:have|has|'ve|’ve)\s+got|(?:we|they|you)\s+(?:have|own|keep))\s+((?:a|an|any|some)\s|one\b)/gi;
