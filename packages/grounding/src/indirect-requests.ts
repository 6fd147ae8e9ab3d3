/**
 * English ways of asking for a thing to be moved without naming who moves it, said the plain way
 * (the way the readers and the goal choosers read a request):
 * - where a thing should belong: "Could the magazines live there instead?", "Can it go on Will's
 *   bookshelf?", "Would they stay in the wardrobe?" -> "Could you put the magazines there instead?";
 * - who should have it: "Could she have the stapler on her desk?", "Could my lad have the atlas?"
 *   -> "Could you bring her the stapler on her desk?";
 * - the idiom "do me a favour and ...", which opens a request: "Do us a favour and drop it in the
 *   bin?" -> "Please drop it in the bin?".
 * The verbs are English's verbs of where a thing belongs (live, go, stay, sit) and of having one,
 * not words of any task set. A question about what is or was stays as it is: "Could it be
 * broken?", "Could Niko have taken it?" (a participle, not a thing, follows "have"), "Can it go
 * faster?" (no place follows).
 */
export function plainRequests(text: string): string {
  return text
    .replace(FAVOUR, (_all, first: string) => (/^[A-Z]/.test(first) ? 'Please ' : 'please '))
    .replace(BELONGS, (_all, modal: string, thing: string) => `${modal} you put ${objectForm(thing)} `)
    .replace(HAS, (_all, modal: string, person: string) => `${modal} you bring ${objectForm(person)} `);
}

/** "They" is "them", "he" "him", "she" "her" after the verb; other words stay. */
function objectForm(phrase: string): string {
  return OBJECT_FORMS[phrase.toLowerCase()] ?? phrase;
}
const OBJECT_FORMS: Record<string, string> = { they: 'them', he: 'him', she: 'her' };

/** A modal, capitalised or not (the patterns are case-sensitive: a name is capitalised). */
const MODAL = String.raw`\b([Cc]an|[Cc]ould|[Ww]ould|[Ww]ill|[Ss]hould)`;
/** A subject: a pronoun, or a phrase that opens with a determiner or a possessive (up to the verb). */
const SUBJECT = String.raw`(it|they|(?:the|that|this|these|those|his|her|their|my|our|your|[A-Z][a-z]+['’]s)\s+[^?.!;:]*?)`;
/** Words that open a place: "in", "on", "into", "up on", "back", "there". */
const PLACE_OPENS = String.raw`(?=(?:in|on|into|onto|inside|up|down|back|over|there|here|at|by|beside|next|with|under)\b)`;

/** "Could the magazines live there", "can it go on Will's bookshelf". */
const BELONGS = new RegExp(String.raw`${MODAL}\s+${SUBJECT}\s+(?:live|go|stay|sit)\s+${PLACE_OPENS}`, 'g');

/** "Could she have the", "could my lad have a": a person, then a thing (a determiner or a possessive after "have"). */
const HAS = new RegExp(
  String.raw`${MODAL}\s+(he|she|they|[A-Z][a-z]+|(?:my|our|his|her|their)\s+[a-z]+)\s+have\s+(?=(?:the|a|an|some|any|his|her|their|my|our|your|that|this|those|these|one|two|three|[A-Z][a-z]+['’]s)\b)`,
  'g',
);

/** "Do me a favour and", "do us a favor and". */
const FAVOUR = /\b(do)\s+(?:me|us)\s+a\s+favou?r\s+and\s+/gi;
