/**
 * English ways of asking for a device to be switched on, said the plain way: "put the telly on in
 * the lounge", "get the projector in there going", "light the barbecue", "fire up the console"
 * -> "switch on the ...". The skills are asked for by "switch on" (the action table's `askedBy`);
 * these idioms are English phrasal verbs, not words of any task set. A particle that a place
 * follows is no switching: "put the mug on the desk" stays as it is.
 */
export function plainSwitching(text: string): string {
  return text
    .replace(PARTICLE_AFTER, (_all, verb: string, thing: string) => `${switchAs(verb)} on ${thing}`)
    .replace(SWITCH_VERB, (_all, verb: string, thing: string) => `${switchAs(verb)} on ${thing}`);
}

/** "switch", capitalised as the verb it stands for was. */
function switchAs(verb: string): string {
  return /^[A-Z]/.test(verb) ? 'Switch' : 'switch';
}

/** What opens the thing switched: a determiner or a possessive. */
const THING = String.raw`((?:the|a|an|his|her|their|my|our|your|that|this|those|these|both|[A-Z][a-z]+['’]s)\s+[a-z0-9'’-]+(?:\s+(?!on\b|off\b|and\b|then\b|to\b)[a-z0-9'’-]+){0,5}?)`;

/** What may follow a clause's last word: its end, a place it is in, who it is for, a conjunction. */
const CLAUSE_END = String.raw`(?=\s*(?:[,.;:!?)]|$)|\s+(?:in|for|there|up|down|downstairs|upstairs|please|now|again|too|and|then|so|while|before|when|as|if|ready|first)\b)`;

/**
 * "Put the telly on", "pop the kettle on for me", "get the TV in there going", "have the
 * projector running": a thing and a particle that ends its clause.
 */
const PARTICLE_AFTER = new RegExp(
  String.raw`\b(put|puts|putting|pop|stick|bung|whack|throw|flick|get|getting|have|set)\s+${THING}\s+(?:on|going|running|started|working)${CLAUSE_END}`,
  'gi',
);

/** "Light the barbecue", "fire up the console", "boot up the laptop": verbs that mean switching on. */
const SWITCH_VERB = new RegExp(
  String.raw`\b(light|fire\s+up|boot\s+up|power\s+up|start\s+up)\s+${THING}`,
  'gi',
);
