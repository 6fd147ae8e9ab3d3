import { ACTION_SPECS } from '@groundplan/simulator';
import { leavesAsIs } from './asked-goals.js';
import { instructionClauses, isRequest, politeness } from './clauses.js';
import { plainRequests } from './indirect-requests.js';
import { isBaseVerb } from './lexicon.js';

/** What kind of question an instruction asks; `find` is an imperative search ("Find me a carrot"). */
export type QuestionForm = 'find' | 'whether' | 'where' | 'which' | 'who' | 'what' | 'how-many' | 'other';

/** Who read the instruction: the small general rules below, or the model (reading/model-reading.ts). */
export type Reader = 'rules' | 'model';

/** A phrase of a reading and the nodes retrieval finds nearest to it (cosine, best first). */
export type GroundedPhrase = { phrase: string; nodes: { id: string; score: number }[] };

/**
 * What the model read beyond the kind: the things named, the things not to touch, each change
 * asked for, the places and people named, and each thing grounded to its nearest nodes.
 */
export type ReadingDetails = {
  things: string[];
  excluded: string[];
  requests: { verb: string; thing: string; to: string }[];
  places: string[];
  people: string[];
  grounding: GroundedPhrase[];
  /** Set when the model read a request and the rules a question, which it then is. */
  questionBy?: 'rules';
};

/** What reading the instruction cost: the model's tokens and calls (none for the rules). */
export type ReadingCost = {
  usage: { usage: { promptTokens: number; completionTokens: number } };
  calls: number;
};

/**
 * What an instruction was read to mean: a question (answer it; the robot changes nothing) or a
 * request (goals, a plan, execution). `asks` holds the sentences that ask; a model's reading
 * carries its details and cost.
 */
export type Reading =
  | {
      kind: 'question';
      form: QuestionForm;
      asks: string[];
      by: Reader;
      details?: ReadingDetails;
      cost?: ReadingCost;
    }
  | { kind: 'request'; asks: string[]; by: Reader; details?: ReadingDetails; cost?: ReadingCost };

/**
 * The small, general reader the no-model planners use (no word list of any task set): English
 * question words and auxiliaries open a question; the imperative verbs of searching (find, locate,
 * look for, search, identify, show, tell) ask for an answer too, unless a clause of the same
 * sentence asks for something else ("find the stapler and bring it to me" is a request); any other
 * imperative is a request; statements ("I left my headphones in a meeting room") only give
 * context. A thing asked to belong somewhere or a person asked to have it is a request ("Could
 * it live in the toy chest?", "could she have the stapler?"). An instruction with no sentence that
 * asks is read as a request, as a whole.
 */
export function readInstruction(said: string): Reading {
  // "Could the magazines live there instead?" asks for them to be put there (plainRequests).
  const instruction = plainRequests(said);
  const questions: { sentence: string; form: QuestionForm }[] = [];
  const requests: string[] = [];
  for (const sentence of sentences(instruction)) {
    const asked = politeness(sentence);
    const words = asked.toLowerCase().split(/\s+/);
    // "Can you bring me a mug?" asks for the mug: its question mark is politeness, also after
    // what the sentence says first ("The drive is dead; would you throw it away?", "I'm in bed -
    // could you bring me the album?").
    const polite = POLITE_ASK.test(sentence.trim()) || politePassive(words);
    // "Check if the coffee machine is working" stays a request: SayPlan's task set has the robot
    // try the machine (a planning task), and the harness's oracle plans it.
    const form = indirectQuestion(asked) ?? questionForm(words, sentence.trim().endsWith('?') && !polite);
    if (form !== undefined) {
      questions.push({ sentence, form });
      continue;
    }
    // The sentence's first clause that asks: "Ajay's hungry: get his granola bar" asks in its second.
    const clauses = instructionClauses(asked);
    const at = clauses.findIndex(asks);
    if (at < 0) continue;
    // "Leave it as it is, I'll go up and have a word": asks that nothing change.
    if (clauses.slice(at).filter(asks).every(leavesAsIs)) continue;
    const [first, ...rest] = clauses.slice(at) as [string, ...string[]];
    if (SEARCH_VERBS.has(firstWord(first))) {
      // "Locate it and place it in the lab": a later clause that asks for something else makes a request.
      if (
        rest.some(
          (clause) => isRequest(clause) && !isStatement(clause) && !SEARCH_VERBS.has(firstWord(clause)),
        )
      )
        requests.push(sentence);
      else questions.push({ sentence, form: 'find' });
      continue;
    }
    requests.push(sentence);
  }
  // "Can you check whether the printer is on? Just tell me.": a check the person says in so many
  // words is for an answer, not a change ("put the kettle on and just let me know" still asks).
  if (
    requests.length > 0 &&
    ANSWER_ONLY.test(instruction) &&
    requests
      .flatMap((request) => instructionClauses(politeness(request)))
      .filter(asks)
      .every((clause) => CHECKING.test(clause))
  )
    return {
      kind: 'question',
      form: questions[0]?.form ?? (requests.some((r) => /\b(?:whether|if)\b/i.test(r)) ? 'whether' : 'other'),
      asks: [...questions.map((q) => q.sentence), ...requests],
      by: 'rules',
    };
  if (requests.length > 0) return { kind: 'request', asks: requests, by: 'rules' };
  if (questions.length > 0)
    return {
      kind: 'question',
      form: questions[0]!.form,
      asks: questions.map((q) => q.sentence),
      by: 'rules',
    };
  return { kind: 'request', asks: [instruction.trim()], by: 'rules' };
}

/**
 * Words by which a person asks for an answer and nothing done: "just tell me", "only let us know".
 * "Don't touch anything" alone does not say it: "drop it on his desk, don't disturb anything of
 * his" still asks for the drop.
 */
const ANSWER_ONLY = /\b(?:just|only)\s+(?:tell|let)\s+(?:me|us)\b/i;
/**
 * Whether a clause asks for something done: an imperative, not a statement ("I'll sort it out
 * myself"), not a negated one ("don't bring it", "no need to touch it": they ask that nothing be
 * done) and not a request for an answer ("just tell me").
 */
function asks(clause: string): boolean {
  return isRequest(clause) && !isStatement(clause) && !NEGATED.test(clause) && !ANSWER_ONLY.test(clause);
}

/** A negated imperative: "don't bring it", "do not touch", "never mind", "no need to touch it". */
const NEGATED = /^(?:just\s+|please\s+)?(?:don['’]?t|do\s+not|never|no\s+need)\b/i;
/** The verbs of looking: "check", "see", "look", "find out". */
const CHECKING = /\b(?:check|see|look|find\s+out)\b/i;

/** Verbs whose imperative asks for an answer, not for a change in the world. */
const SEARCH_VERBS = new Set(['find', 'locate', 'look', 'search', 'identify', 'show', 'tell', 'spot']);

/** The words that open a question, and the form each asks. */
const QUESTION_WORDS: Record<string, QuestionForm> = {
  where: 'where',
  which: 'which',
  who: 'who',
  whose: 'who',
  whom: 'who',
  what: 'what',
  how: 'other',
  why: 'other',
  when: 'other',
  is: 'whether',
  are: 'whether',
  was: 'whether',
  were: 'whether',
  do: 'whether',
  does: 'whether',
  did: 'whether',
  has: 'whether',
  have: 'whether',
  had: 'whether',
};

function questionForm(words: readonly string[], endsWithMark: boolean): QuestionForm | undefined {
  const [said = '', second = ''] = words;
  // "Where's the hammer got to?" asks where.
  const first = said.replace(/['’]s$/, '');
  if (first === 'how' && (second === 'many' || second === 'much')) return 'how-many';
  const form = Object.hasOwn(QUESTION_WORDS, first) ? QUESTION_WORDS[first] : undefined;
  if (form !== undefined) return form;
  // "Can the robot reach the shelf?", "Any milk left?": a question mark. A verb's base form that
  // is no auxiliary asks for a deed: "Fish it out and leave it on her desk?" is a request.
  if (isBaseVerb(first) && !AUXILIARIES.has(first)) return undefined;
  return endsWithMark ? 'other' : undefined;
}

/** Verbs that open a question, not a request: "Can the robot ...?", "Do we have milk?". */
const AUXILIARIES = new Set(
  'can could would will shall should may might must do does did have has had be am is are was were need dare'.split(
    ' ',
  ),
);

/**
 * The form of a question asked as a statement: "I wonder whether the lights are still on", "I'd
 * like to know where the stapler is" ask, they do not request.
 */
function indirectQuestion(sentence: string): QuestionForm | undefined {
  // "Check whether there's a bottle opener in the kitchen": whether a thing is there is no skill's
  // to change, so the check is for an answer ("check if the coffee machine is working" still asks
  // the robot to try it; "see if there are clean mugs, then bring me one" asks for the mug).
  if (CHECK_THERE.test(sentence) && !instructionClauses(sentence).slice(1).some(asks)) return 'whether';
  const match = INDIRECT.exec(sentence.trim());
  if (match === null) return undefined;
  const word = match[1]!.toLowerCase();
  if (word === 'whether' || word === 'if') return 'whether';
  return Object.hasOwn(QUESTION_WORDS, word) ? QUESTION_WORDS[word] : 'other';
}

/**
 * "Can/could/would/will you" opening the sentence or a part of it after ; : , or a dash, and a
 * conjunction ("..., so could you put both on the workbench?", "- and could you put the telly on?").
 */
const POLITE_ASK =
  /(?:^|[;:,]\s*|\s[-–—]\s+)(?:(?:so|and|but|then|now)\s+)?(?:can|could|would|will)\s+you\b/i;

/** A verb of looking, then whether there is a thing: "check whether there's", "see if there are". */
const CHECK_THERE = /\b(?:check|see|look|find\s+out)\s+(?:whether|if)\s+there(?:['’]s|\s+is|\s+are)\b/i;

const INDIRECT =
  /^(?:i\s+(?:wonder|was\s+wondering)|i'?m\s+wondering|i\s+(?:want|need|would\s+like)\s+to\s+know|i'd\s+like\s+to\s+know)\s+([a-z]+)/i;

/** A clause that says how things are, by its verb: "Luis gave ...", "Tobi spilt ...", "The kitchen flooded". */
function isStatement(clause: string): boolean {
  const [first = '', second = ''] = clause.toLowerCase().split(/\s+/);
  if (/^\d/.test(first) || STATEMENT_SUBJECTS.has(first) || SUBJECT_CONTRACTION.test(first)) return true;
  return PAST_TENSE.test(second) || IRREGULAR_PAST.has(second);
}

/** A subject pronoun with its verb: "I'll", "we've", "she's". */
const SUBJECT_CONTRACTION = /^(?:i|you|we|he|she|they|it)['’](?:ll|m|ve|d|re|s)$/;
/** Subjects isRequest does not know: quantities and "one of". */
const STATEMENT_SUBJECTS = new Set(['one', 'either', 'neither', 'both', 'all', 'no', 'nobody', 'none']);
const PAST_TENSE = /^[a-z]{3,}ed$/;
/** Common irregular past tenses that open what a person did ("Luis gave ...", "I left ..."). */
const IRREGULAR_PAST = new Set(
  'gave left spilt spilled forgot took brought threw got made put lost bought sent found broke ate drank hid dropped'.split(
    ' ',
  ),
);

function firstWord(clause: string): string {
  return clause.toLowerCase().split(/\s+/)[0] ?? '';
}

/** The instruction's sentences, each with its closing mark. */
function sentences(instruction: string): string[] {
  return (instruction.match(/[^.!?]+[.!?]*/g) ?? []).map((s) => s.trim()).filter((s) => /[a-z0-9]/i.test(s));
}

/**
 * "Could the apple be kept in the fridge?", "Can the printer be switched off?": a modal, its
 * subject and the passive of a verb a skill is asked by ask for a deed politely. "Could it be
 * broken?" still asks a question: no skill breaks things.
 */
function politePassive(words: readonly string[]): boolean {
  if (!MODALS.has(words[0] ?? '')) return false;
  const be = words.indexOf('be');
  return be >= 2 && skillVerbOf(words[be + 1] ?? '') !== undefined;
}

const MODALS = new Set(['can', 'could', 'would', 'will', 'should']);

/** The verbs the robot's skills are asked by ("put", "keep", "switch", "heat"), their first words. */
const SKILL_VERBS = new Set(
  ACTION_SPECS.flatMap((action) => action.askedBy ?? []).map((phrase) => phrase.split(/\s+/)[0]!),
);

/** The skill verb a past participle is of: "kept" -> keep, "switched" -> switch, "stored" -> store. */
function skillVerbOf(participle: string): string | undefined {
  const word = participle.toLowerCase().replace(/[^a-z]/g, '');
  const forms = [
    IRREGULAR_PARTICIPLES[word] ?? '',
    word.replace(/ied$/, 'y'),
    word.replace(/ed$/, ''),
    word.replace(/d$/, ''),
    word.replace(/([a-z])\1ed$/, '$1'),
  ];
  return forms.find((form) => form !== word && SKILL_VERBS.has(form));
}

/** English irregular past participles of verbs of putting and fetching. */
const IRREGULAR_PARTICIPLES: Record<string, string> = {
  kept: 'keep',
  put: 'put',
  left: 'leave',
  taken: 'take',
  brought: 'bring',
  set: 'set',
  hung: 'hang',
  hidden: 'hide',
  given: 'give',
  thrown: 'throw',
  laid: 'lay',
  stood: 'stand',
  sent: 'send',
  shut: 'shut',
  stuck: 'stick',
  got: 'get',
  gotten: 'get',
};
