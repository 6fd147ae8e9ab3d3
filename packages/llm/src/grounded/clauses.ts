/**
 * Where an instruction's clauses part: sentence ends, commas and semicolons, and the connectives
 * that join requests ("and", "then", "once finished", "after that"). A word list, not a parser:
 * it splits "snacks and drinks" too, which only gives each noun its own clause.
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
 * The instruction's clauses in order, each trimmed of its connective and closing punctuation:
 * "Make Niko a coffee and place the mug on his desk." -> ["Make Niko a coffee", "place the mug on
 * his desk"]. A clause of fewer than two words ("Once finished", "now") is no request and is
 * dropped; an instruction with no clause left is returned whole.
 */
export function instructionClauses(instruction: string): string[] {
  const clauses = instruction
    .split(/[.!?;:]+(?:\s+|$)|,/)
    .flatMap((sentence) => sentence.split(CONNECTIVE))
    .map((clause) => clause.replace(/\s+/g, ' ').trim())
    .filter((clause) => clause.split(' ').length >= 2);
  return clauses.length > 0 ? clauses : [instruction.trim()];
}

/**
 * Words that open a statement rather than a request: pronouns, determiners and "there" ("There is
 * coffee on the floor", "My parcel got delivered"). A request opens with its verb.
 */
const STATEMENT_OPENERS = new Set(
  "i i'm i've we we're you he she it it's they there there's this that these those my our your his her their its a an the someone something somebody everyone each every let's".split(
    ' ',
  ),
);

/** A verb that makes a clause's second word a statement's ("Peter is working hard", "Dimity might have it"). */
const STATEMENT_VERBS = new Set(
  'is are was were has have had might may can could will would should must just'.split(' '),
);

/** Whether a clause asks for something (opens with a verb) rather than says how things are. */
export function isRequest(clause: string): boolean {
  const [first, second] = clause.toLowerCase().replace(/[’]/g, "'").split(' ');
  return !STATEMENT_OPENERS.has(first ?? '') && !STATEMENT_VERBS.has(second ?? '');
}
