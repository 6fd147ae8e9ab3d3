import { isAdverb, isBaseVerb, isKnownWord } from './lexicon.js';

/**
 * Where an instruction's clauses part: sentence ends, commas, semicolons, dashes between words,
 * and the connectives that join requests ("and", "then", "once finished", "after that"). A word
 * list, not a parser: it splits "snacks and drinks" too, which only gives each noun its own
 * clause.
 */
const CONNECTIVES = [
  'and then',
  'and',
  'then',
  'once finished',
  'once done',
  'when finished',
  'when done',
  'after that',
  'afterwards',
  'finally',
] as const;

const CONNECTIVE = new RegExp(
  `\\b(?:${CONNECTIVES.map((words) => words.replace(' ', '\\s+')).join('|')})\\b`,
  'gi',
);

/**
 * The sentence without the politeness around its request: "Could you please bring me a mug?" ->
 * "bring me a mug"; "Please close the door" -> "close the door".
 */
export function politeness(sentence: string): string {
  return sentence
    .trim()
    .replace(/[?!.]+$/, '')
    .replace(/^(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?/i, '')
    .replace(/^(?:i\s+(?:want|need|would like)\s+you\s+to\s+)/i, '');
}

/**
 * A clause from where its request opens: without its politeness and the adverbs before its verb
 * (by WordNet: "Kindly switch on", "So just keep it in the fridge" -> "keep it in the fridge",
 * "Could you please then bring").
 */
export function requestOpening(clause: string): string {
  let rest = politeness(clause);
  for (;;) {
    const [first = '', ...others] = rest.split(/\s+/);
    if (others.length > 0 && isAdverb(first.replace(/,$/, ''))) rest = politeness(others.join(' '));
    else return rest;
  }
}

/**
 * The instruction's clauses in order, each trimmed of its connective and closing punctuation:
 * "Make Niko a coffee and place the mug on his desk." -> ["Make Niko a coffee", "place the mug on
 * his desk"]. Words before a colon keep it ("Game night downstairs:"): they lead in and ask for
 * nothing (isRequest). A clause of fewer than two words ("Once finished", "now") is no request and is
 * dropped; an instruction with no clause left is returned whole.
 */
export function instructionClauses(instruction: string): string[] {
  const clauses = instruction
    // A colon stays with the words before it: they lead in to what follows (isRequest).
    .split(/[.!?;]+(?:\s+|$)|(?<=:)\s+|:+$|\s[-–—]+\s|[–—]/)
    .flatMap((segment) =>
      withSharedVerb(
        segment
          .split(',')
          .flatMap((part) => withSharedSubject(part.split(CONNECTIVE).map(tidy)))
          .map(tidy),
      ),
    )
    .filter((clause) => clause.split(' ').length >= 2);
  return clauses.length > 0 ? clauses : [instruction.trim()];
}

/**
 * The parts "and" joins, each verb after the first given the first's subject when it has none:
 * "I'll go up and have a word" says what I will do in both ("I'll have a word"), not a request.
 * Only a subject pronoun other than "you" is shared ("you could bring it and put it away" asks).
 */
function withSharedSubject(parts: string[]): string[] {
  const subject = SUBJECT.exec(parts[0] ?? '')?.[0];
  if (subject === undefined) return parts;
  return parts.map((part, i) =>
    i > 0 && isBaseVerb(part.split(' ')[0]!.toLowerCase()) ? `${subject} ${part}` : part,
  );
}

/** A subject pronoun, with its verb run into it or not: "I'll", "we're", "she". */
const SUBJECT = /^(?:i|he|she|we|they)(?:['’](?:ll|d|re|ve|s|m))?(?=\s)/i;

function tidy(clause: string): string {
  return clause.replace(/\s+/g, ' ').trim();
}

/** Words that open a noun phrase: a part of a sentence that opens with one has no verb of its own. */
const DETERMINERS = new Set(
  'a an the some another my our your his her their its both all every each this these those'.split(' '),
);

/** A determiner, or a name's possessive ("Peter's"). */
const opensNounPhrase = (word: string) => DETERMINERS.has(word.toLowerCase()) || /^[a-z]+['’]s$/i.test(word);

/**
 * The parts of one sentence (or of one side of a dash), each part that is a bare noun phrase ("a
 * pepsi from Tobi") given the verb of the request before it ("Bring me an apple from Peter and a
 * pepsi from Tobi" -> "Bring me a pepsi from Tobi"): the words of that request before its own
 * first determiner. A list of things shares its verb across commas too, and the place its last
 * item goes to is where all go: "bring the wine from the rack, the salad and the loaf to the
 * table" -> "bring the wine from the rack to the table", "bring the salad to the table", "bring
 * the loaf to the table". A part that says something of its noun ("the kettle is on") is no item
 * of a list.
 */
function withSharedVerb(parts: readonly string[]): string[] {
  const out: string[] = [];
  // The parts of the list being read: its request, then the items given its verb.
  let list: number[] = [];
  // Where the things said "along with" the first go: where the first goes.
  let alongPlace: string | undefined;
  const endList = () => {
    const tail = list.length > 1 ? (LIST_PLACE.exec(out[list.at(-1)!]!)?.[1] ?? alongPlace) : undefined;
    if (tail !== undefined)
      for (const at of alongPlace === undefined ? list.slice(0, -1) : list.slice(1))
        if (!GOES_TO.test(out[at]!) && !out[at]!.endsWith(tail)) out[at] = `${out[at]} ${tail}`;
    list = [];
    alongPlace = undefined;
  };
  for (const part of alongWith(parts)) {
    if (typeof part !== 'string') {
      // "Bring it to him along with the tomato": the tomato is an item of a list the request opens.
      endList();
      if (part.request !== undefined) out.push(part.request);
      alongPlace = part.place;
      if (out.length > 0) list.push(out.length - 1);
      list.push(out.length);
      out.push(part.item);
      continue;
    }
    const previous = out.at(-1);
    const first = part.split(' ')[0] ?? '';
    if (previous !== undefined && opensNounPhrase(first) && isRequest(previous) && !saysOfItsNoun(part)) {
      const words = previous.split(' ');
      const at = words.findIndex((word, i) => i > 0 && opensNounPhrase(word));
      if (at > 0) {
        if (list.length === 0) list.push(out.length - 1);
        list.push(out.length);
        out.push(`${words.slice(0, at).join(' ')} ${part}`);
        continue;
      }
    }
    endList();
    out.push(part);
  }
  endList();
  return out;
}

/**
 * The parts with each request that says a thing "along with" another ("bring it to him along with
 * the tomato", "leave it on the bench, along with the sourdough", "take it to her desk with a clean
 * fork") parted into the request and the other thing given its verb; `place` is where the request
 * puts its thing, where the other goes too. A bare "with" is read so only after where the thing
 * goes ("clean the desk with a cloth" names a tool).
 */
function alongWith(parts: readonly string[]): (string | AlongWith)[] {
  return parts.flatMap((part, i): (string | AlongWith)[] => {
    // "..., along with the sourdough": the request is the part before. A bare "with" brings a thing
    // only when it is fetched from somewhere ("with a clean fork from the cutlery drawer"); else it
    // says which place ("on the bench with the seedling trays").
    const bare = /^with\s+/i.exec(part);
    const alone =
      ALONE.exec(part) ?? (bare && PLACED.test(parts[i - 1] ?? '') && FETCHED.test(part) ? bare : null);
    const withAt = PLACED_WITH.test(part) ? BARE_WITH.exec(part) : null;
    const split = alone
      ? null
      : (ALONG.exec(part) ?? (withAt && FETCHED.test(part.slice(withAt.index)) ? withAt : null));
    if (alone === null && split === null) return [part];
    const request = split === null ? undefined : part.slice(0, split.index);
    const item = alone !== null ? part.slice(alone[0].length) : part.slice(split!.index + split![0].length);
    const head = request ?? parts[i - 1] ?? '';
    const verb = VERB_BEFORE_OBJECT.exec(head)?.[1];
    if (verb === undefined || !isRequest(head) || !OPENS_ITEM.test(item)) return [part];
    return [{ request, item: `${verb} ${item}`, place: PLACE_OF.exec(head)?.[1] }];
  });
}

/** A thing said along with what a request moves: the request (or the part before), the thing given its verb, where both go. */
type AlongWith = { request: string | undefined; item: string; place: string | undefined };

/** What opens a thing said along with another: "the", "a", "some", a possessive. */
const ITEM = String.raw`(?:the|a|an|some|his|her|their|my|our|your|its)\s`;
const OPENS_ITEM = new RegExp(`^${ITEM}`, 'i');
const ALONG_WITH = String.raw`(?:along\s+with|together\s+with|as\s+well\s+as|plus)`;
const ALONE = new RegExp(String.raw`^${ALONG_WITH}\s+`, 'i');
const ALONG = new RegExp(String.raw`\s+${ALONG_WITH}\s+(?=${ITEM})`, 'i');
const BARE_WITH = new RegExp(String.raw`\s+with\s+(?=${ITEM})`, 'i');
/** A thing fetched from somewhere: "a clean fork from the cutlery drawer", "an extension lead too". */
const FETCHED = /\b(?:from|out\s+of|off)\s|\b(?:too|as\s+well)\s*$/i;
/** A request that says where its thing goes: "take it to Kai's desk", "leave the ham on the bench". */
const PLACED = /^\S+\s+(?:it|them|the\s.+?|a\s.+?|an\s.+?)\s+(?:to|into|onto|on|in)\s/i;
/** ... and then says "with": "take it to Kai's desk with a clean fork". */
const PLACED_WITH = new RegExp(`${PLACED.source}.+\\swith\\s`, 'i');
/** A request's verb: its words before its object ("bring it", "leave the ham" -> "bring", "leave"). */
const VERB_BEFORE_OBJECT =
  /^(.+?)\s+(?:it|them|this|that|these|those|the|a|an|some|his|her|their|my|our|your|its)\s/i;
/** Where a request puts its thing: from its first "to", "into", "onto", "on" or "in" after the object. */
const PLACE_OF = /\s((?:to|into|onto|on|in)\s.+)$/i;

/** Where the last item of a list goes: from its "to", "into" or "onto", or "out on", "down in". */
const LIST_PLACE = /\s((?:to|into|onto)\s.+|(?:out|down|up|over|back)\s+(?:on|in)\s.+)$/i;
/** A part that already says where its thing goes. */
const GOES_TO = /\s(?:to|into|onto)\s/i;
/**
 * A verb right after a noun phrase's first words says something of it: "the kettle is on", "the
 * milk's off"; not "the toolbox up to the attic till it's done".
 */
const saysOfItsNoun = (part: string) =>
  part
    .toLowerCase()
    .split(' ')
    .slice(1, 4)
    .some((word) => STATEMENT_VERBS.has(word) || /^[a-z]+['’]s$/.test(word));

/**
 * Where the speaker says they are ("I'm at the lunch table" -> "the lunch table"; "I'm curled up
 * on the sofa upstairs with a cold" -> "the sofa upstairs"; "we're all still sat round the table in
 * dining room 0"), from the instruction's first such
 * statement; undefined when it says none. "On" says where only after a word of how one rests ("I'm
 * on a call" says nothing of where).
 */
export function speakerPlace(instruction: string): string | undefined {
  const match = SPEAKER_AT.exec(instruction.replace(/[’]/g, "'"));
  return match ? tidy(match[1]!.split(/\s+(?:with|so|because|and|but|for|until|till)\s+/i)[0]!) : undefined;
}

/** How a person rests somewhere: "sat", "curled up", "laid up in bed". */
const RESTING = String.raw`(?:sat|sitting|lying|standing|stuck|waiting|working|curled\s+up|laid\s+up|tucked\s+up|stretched\s+out)`;
const SPEAKER_AT = new RegExp(
  String.raw`\b(?:i'm|i am|i will be|i'll be|we're|we are|we'll be)\s+(?:(?:all|still|just|both)\s+)*(?:(?:${RESTING}\s+)?(?:at|in|by|near|round|around)|${RESTING}\s+on)\s+([^.!?;,]+)`,
  'i',
);

/**
 * Words that open a statement rather than a request: pronouns, determiners and "there" ("There is
 * coffee on the floor", "My parcel got delivered"). A request opens with its verb.
 */
const STATEMENT_OPENERS = new Set(
  "i i'm i've i'll i'd we we're we've we'll we'd you he he's he'll he'd she she's she'll she'd it it's they they're they've they'll they'd there there's this that these those my our your his her their its a an the someone something somebody everyone each every let's".split(
    ' ',
  ),
);

/** A verb that makes a clause's second word a statement's ("Peter is working hard", "Dimity might have it"). */
const STATEMENT_VERBS = new Set(
  'is are was were has have had might may can could will would should must just'.split(' '),
);

/** A past tense after a capitalised first word says what someone did ("Tobi spilt soda on his desk"). */
const PAST_TENSE =
  /^(?:[a-z]{2,}ed|spilt|spilled|left|lost|broke|forgot|dropped|took|put|got|made|ate|drank|went|came|brought|bought)$/;

/**
 * Words that open a clause without being its verb: prepositions ("At the moment they're in the
 * toy box", "In the kitchen there is ..."), and a negation or an exception, which leaves things
 * out of the request before it ("Bring the headphones - not the black pair", "Clear the counter -
 * everything except the kettle"); excluded-words.ts reads what they leave out.
 */
const NON_VERB_OPENERS = new Set(
  `at in on by for from with after before during until since about behind under inside near
  not except apart aside other everything anything nothing none if unless whether although though
  because whereas while`.split(/\s+/),
);

/**
 * Whether a clause asks for something (opens with a verb, after a "but", "so", "yet", "or" or
 * "and") rather than says how things are. No verb ends in 's, so a first word that does is a
 * subject: a name's possessive ("Grandma's show is on") or "is" run into it ("Ajay's hungry"). A
 * tag ("would you", "please") asks nothing of its own.
 */
export function isRequest(said: string): boolean {
  // "Game night downstairs: switch on the console": the words before a colon lead in to the
  // request after it and ask nothing of their own.
  if (/:\s*$/.test(said)) return false;
  // "..., would you?": a tag asks nothing of its own.
  if (politeness(`${said.trim().replace(/[?!.]+$/, '')} x`) === 'x') return false;
  // "But he can't get the door open" says how things are; "so keep it cold" asks.
  const clause = said.replace(/^(?:but|so|yet|or|and)\s+/i, '');
  // "Don't shut it", "never mind the mug": a negative imperative asks for no change (what it
  // leaves alone is read by excluded-words.ts); "don't forget to close it" still asks.
  if (/^(?:(?:please\s+)?(?:don['’]t|do\s+not|never)\s+(?!forget\b))/i.test(politeness(clause))) return false;
  // "(I scrubbed the oven and) left the door down": a past tense says what someone did.
  const opener = clause.trim().split(/\s+/)[0]!.toLowerCase();
  if (PAST_TENSE.test(opener) && !isBaseVerb(opener)) return false;
  // A request opens with a verb's base form, after its politeness and adverbs: "Little Aarav
  // wants ..." and "coffee table's fine" do not; a word WordNet does not know may be one.
  const [opening = '', then = ''] = requestOpening(clause).split(' ');
  const verb = opening.toLowerCase();
  if (/^[a-z]+$/.test(verb) && isKnownWord(verb) && !isBaseVerb(verb)) return false;
  // "(Little) Aarav wants ...": a name, then a verb in its -s form, says what someone does.
  if (
    /^[A-Z][a-z]+$/.test(opening) &&
    /^[a-z]+s$/.test(then) &&
    (isBaseVerb(then.slice(0, -1)) || isBaseVerb(then.replace(/es$/, '')))
  )
    return false;
  // "Now it's raining": a statement's subject after an adverb opens it all the same.
  const [first, second] = requestOpening(clause).toLowerCase().replace(/[’]/g, "'").split(' ');
  const named = /^[A-Z][a-z]+$/.test(clause.split(' ')[0] ?? '');
  return (
    !STATEMENT_OPENERS.has(first ?? '') &&
    !NON_VERB_OPENERS.has(first ?? '') &&
    !/^[a-z]+'s$/.test(first ?? '') &&
    !STATEMENT_VERBS.has(second ?? '') &&
    !(named && PAST_TENSE.test(second ?? ''))
  );
}
