import { spoken } from '@groundplan/retrieval';
import type { SceneGraph } from '@groundplan/scene-graph';
import type { ActionSpec, Goal } from '@groundplan/simulator';
import { askedParts } from './acted-on-phrases.js';
import { buildingName, stem } from './building-words.js';
import { instructionClauses } from './clauses.js';
import { isAdverb, isBaseVerb, isOnlyNoun, isParticiple } from './lexicon.js';
import { attributeNames, nodeWords } from './node-words.js';
import { isPersonOf, ownerOf, saidNames } from './people.js';
import { assetKind } from './resting-places.js';
import { thingsAtPlaces, thingsInRooms } from './things-in-rooms.js';

/**
 * Whether a goal is one the instruction asks for, as far as its words can say. A goal the
 * retrieval ranking offers is asked for when
 * - the thing it moves or changes is named: the person chose it, or it is among the things a
 *   phrase of the instruction names best (namedNodes), and
 * - for a state goal, a verb of a skill that sets that state says it ("switch ... on", "heat",
 *   "close": the skills' `askedBy`) in a part of a clause that asks the robot for it (`askedParts`;
 *   an instruction with none is read whole), or the instruction names the state it changes
 *   ("take care of the dirty plate" asks for it clean).
 * A word names the thing to change only outside the phrases that say where things are or go:
 * "take the pliers out of the toolbox and put them on the workbench" names the pliers, not the
 * toolbox. People's names do not name things ("Jason's cabinet" names no keyboard of Jason's),
 * and neither do general words ("something", "items"). The goals of quantified and
 * fitting requests (request-goals.ts) are read from the scene, not offered by the ranking, and are
 * not judged here.
 */
export function askedGoals(context: {
  graph: SceneGraph;
  instruction: string;
  /** Nodes the person has said are meant (an answer to "which?"). */
  named: readonly string[];
  actions: readonly ActionSpec[];
  /**
   * The instruction's requests, when it has statements besides ("Lock Peter's drawer, his wallet
   * is on the desk"): what only a statement names is named only when a request points back to it
   * ("The ball's on the floor. Put it away.").
   */
  requests?: readonly string[];
}): (goal: Goal) => boolean {
  const { graph, instruction, actions, requests } = context;
  const naming =
    requests !== undefined && requests.length > 0 && !requests.some((request) => POINTING_BACK.test(request))
      ? requests.join('. ')
      : instruction;
  const named = new Set([...context.named, ...namedNodes(graph, naming)]);
  const mentioned = new Set([...named, ...namedNodes(graph, instruction, { places: true })]);
  const sources = placesAfter(graph, instruction, SOURCE);
  const destinations = placesAfter(graph, instruction, DESTINATION, true);
  const lower = askingText(instruction);
  // Whether a skill that moves things is asked for: the same for every goal, so said once.
  const saysAny = (phrases: readonly string[]) => phrases.some((phrase) => says(lower, phrase));
  // A change of state is asked for by a verb the robot is told to do ("heat the soup") or a thing
  // someone wants ("I'd love a coffee"), not by a skill's word elsewhere ("beans on toast", "a
  // pasta bake", "Aarav wants to heat his porridge").
  const told = askedParts(instructionClauses(instruction));
  const toldText = told.length > 0 ? askingText(told.join('. ')) : lower;
  const toldAny = (phrases: readonly string[]) => phrases.some((phrase) => says(toldText, phrase));
  const holdingSaid = saysAny(movingPhrases(actions, 'holding'));
  const placingSaid = holdingSaid || saysAny(movingPhrases(actions, 'on'));
  const people = saidNames(instruction);
  // A state the instruction describes a thing in ("the dirty plate"); "meeting room 2" says no
  // thing is at room temperature.
  const described = withoutRoomNames(graph, lower);
  return (goal) => {
    const subject = subjectOf(goal);
    if (subject === undefined) return false;
    // Someone else's thing is not used unless they are named ("get them a fresh apple" takes no
    // apple from Peter's desk; "make Niko a coffee" may take Niko's mug).
    const owner = ownerOf(graph, subject);
    if (owner !== undefined && !people.has(owner) && !context.named.includes(subject)) return false;
    // A thing to move is named as such; a state may change on a place named ("clean Tobi's desk").
    // A thing taken out of a place is not put back into it ("take the fork out of the dishwasher").
    if (
      (goal.kind === 'on' || goal.kind === 'inside') &&
      sources.has(goal.target) &&
      !destinations.has(goal.target)
    )
      return false;
    // A thing is moved when a verb of a skill that moves things says so ("put", "bring", "hang"):
    // "feed the fish" moves no fish poster.
    if (goal.kind !== 'state')
      return named.has(subject) && (goal.kind === 'holding' ? holdingSaid : placingSaid);
    if (!mentioned.has(subject)) return false;
    if (toldAny(phrasesFor(actions, goal.dimension, goal.value))) return true;
    const now = graph.hasNode(subject) ? (graph.getNodeAttribute(subject, 'state') ?? {}) : {};
    const was = goal.dimension === undefined ? undefined : (now as Record<string, string>)[goal.dimension];
    return (
      was !== undefined &&
      was !== goal.value &&
      // "on" and "off" are also where things go: "drop it on his desk" names no printer that is on.
      !FUNCTION_WORDS.has(was) &&
      says(described, was.replace(/_/g, ' '), { describing: true })
    );
  };
}

/** The lower-cased text with the building's room names taken out: their words describe no thing. */
function withoutRoomNames(graph: SceneGraph, lower: string): string {
  const names = graph
    .filterNodes((_id, attributes) => attributes.kind === 'room')
    .map((room) => spoken(room).toLowerCase())
    .sort((a, b) => b.length - a.length);
  return names.reduce((text, name) => text.split(name).join(' '), lower);
}

/**
 * The text in which a skill's verb asks for a change, lower-cased: "something to clean with"
 * names a tool for the person's own work, not a change to make, "leave the other one running"
 * asks that a thing stay as it is, not that it be put somewhere, and "I want to find out" says
 * what the speaker will do.
 */
function askingText(text: string): string {
  return text.toLowerCase().replace(TOOL_PURPOSE, ' ').replace(LEAVING_AS_IS, ' ').replace(OWN_AIM, ' ');
}

/** Whether a clause asks that things stay as they are ("leave it like that for her"): it shares no verb before it. */
export function leavesAsIs(clause: string): boolean {
  return new RegExp(LEAVING_AS_IS.source).test(clause.toLowerCase());
}

/** Whether a clause asks for any change a skill makes ("locate the office" asks for none). */
export function asksForChange(clause: string, actions: readonly ActionSpec[]): boolean {
  const lower = askingText(clause);
  return actions.some(
    (action) => action.effects.length > 0 && askedBy(action).some((phrase) => says(lower, phrase)),
  );
}

/** The assets and objects named by the phrases after a preposition: by their last word (or any). */
function placesAfter(
  graph: SceneGraph,
  instruction: string,
  preposition: RegExp,
  /** Any word of the phrase names ("bed 0" names every bed), not only its last. */
  anyWord = false,
): Set<string> {
  const places = new Set<string>();
  const words = wordsOf(graph);
  for (const match of instruction.toLowerCase().matchAll(preposition)) {
    const said = match[1]!
      .trim()
      .split(/\s+/)
      .map((word) => stem(word.replace(/['’]s?$/, '')))
      .filter((word) => /^[a-z]{2,}$/.test(word) && !FUNCTION_WORDS.has(word));
    const naming = anyWord ? said : said.slice(-1);
    for (const [id, own] of words) if (naming.some((word) => own.includes(word))) places.add(id);
  }
  return places;
}

/** The phrase after "from" or "out of", to the next preposition, conjunction or punctuation. */
const SOURCE =
  /\b(?:from|out\s+of)\s+(?:the\s+|his\s+|her\s+|their\s+|my\s+|our\s+)?([a-z][a-z0-9'’ -]*?)(?=\s*(?:[,.;:!?]|$)|\s+(?:and|then|to|into|onto|on|in|at|from|please)\b)/g;
/** The phrase after "to", "into", "onto", "on", "in" or "inside". */
const DESTINATION =
  /\b(?:to|into|onto|on|in|inside)\s+(?:the\s+|his\s+|her\s+|their\s+|my\s+|our\s+)?([a-z][a-z0-9'’ -]*?)(?=\s*(?:[,.;:!?]|$)|\s+(?:and|then|to|into|onto|on|in|at|from|please)\b)/g;

/** Words by which a request points back to a thing said before it. */
const POINTING_BACK = /\b(?:it|them|they|this|that|these|those|one|ones|both)\b/i;

/**
 * "leave" in a clause that says no place ("leave the other one running"), or that says a thing
 * stays as it is whatever follows ("leave it alone", "leave it like that for her", "leave it be if
 * it is - I want to find out whose phone's connected to it"). A dash ends the clause as a comma does.
 */
const LEAVING_AS_IS =
  /\bleav(?:e|es|ing)\s+(?:it|them|that|this|these|those|everything)\s+(?:be|alone|as\s+(?:it|they)\s+(?:is|are)|as\s+is|like\s+(?:that|this)|(?:that|this)\s+way)\b|\bleav(?:e|es|ing)\b(?!(?:(?!\s-\s)[^.,;!?–—])*\b(?:on|in|into|onto|at|by|beside|near|next|under|inside|behind|with|for|to|out|there|here)\b)(?:(?!\s-\s)[^.,;!?–—])*/g;

/** "want to" with a verb says what the one who wants will do ("I want to find out whose phone it is"), not a thing wanted. */
const OWN_AIM = /\bwant(?:s|ed)?\s+to\b/g;

/** A thing and what it is for: "something to clean with", "a cloth to wipe the table with". */
const TOOL_PURPOSE =
  /\b(?:something|anything|a|an|some|one)\s+(?:[a-z]+\s+)?to\s+([a-z]+)(?:\s+[a-z'’]+){0,4}?\s+with\b/g;

/** The skill a request asks a tool for ("take him something to clean with" -> "clean"), if any. */
export function toolPurpose(request: string): string | undefined {
  return [...request.toLowerCase().matchAll(TOOL_PURPOSE)][0]?.[1];
}

/** The node a goal moves or changes: the object placed or held, the node whose state it sets. */
export function subjectOf(goal: Goal): string | undefined {
  if (goal.kind === 'on' || goal.kind === 'inside') return goal.object;
  if (goal.kind === 'holding') return goal.object ?? undefined;
  if (goal.kind === 'state') return goal.node;
  return undefined;
}

/**
 * The one-word verbs by which a person asks for a thing to be taken and put somewhere: those of the
 * skills that hold or place things ("put", "bring", "leave", "hide", "lay"; the action table's
 * `askedBy`).
 */
export function placingVerbs(actions: readonly ActionSpec[]): Set<string> {
  return new Set(movingPhrases(actions, 'on').filter((phrase) => !/\s/.test(phrase)));
}

/** The phrases that ask for a thing held (pickup's) or put somewhere (release's, then pickup's). */
function movingPhrases(actions: readonly ActionSpec[], kind: Goal['kind']): readonly string[] {
  const builders = kind === 'holding' ? ['takeIntoGripper'] : ['putOnAccessed', 'takeIntoGripper'];
  return actions.flatMap((action) =>
    action.effects.some((effect) => builders.includes(effect.form?.builder ?? '')) ? askedBy(action) : [],
  );
}

/** How a person asks for a skill: its `askedBy`, else its name read aloud ("make_coffee" -> "make coffee"). */
function askedBy(action: ActionSpec): readonly string[] {
  return action.askedBy ?? [action.name.replace(/_/g, ' ')];
}

/** The phrases that ask for a state: those of every skill whose effect sets it. */
function phrasesFor(
  actions: readonly ActionSpec[],
  dimension: string | undefined,
  value: string,
): readonly string[] {
  return actions.flatMap((action) =>
    action.effects.some(
      (effect) =>
        effect.sets !== undefined &&
        effect.sets.value === value &&
        (dimension === undefined || effect.sets.dimension === dimension),
    )
      ? askedBy(action)
      : [],
  );
}

/** Whether the text says the phrase: its words in order, at most three words apart, each with an ending. */
export function says(
  text: string,
  phrase: string,
  /** The phrase may describe a thing ("the dirty plate"); else it is read as a verb. */
  options: { describing?: boolean } = {},
): boolean {
  const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  const gap = String.raw`(?:\s+[a-z'’-]+){0,3}?\s+`;
  const pattern = words
    .map((word) => `${escapeRegExp(word)}(?:s|es|d|ed|ing|${last(word)}ed|${last(word)}ing)?`)
    .join(gap);
  const said = new RegExp(String.raw`(\b(?:${DETERMINER_WORDS})\s+)?\b${pattern}\b(\s+[a-z]+)?`, 'g');
  // Between a determiner and a noun a word describes a thing ("the clean fork"): it asks for
  // nothing. A noun after a determiner still asks ("make Niko a coffee").
  return [...text.matchAll(said)].some(
    ([, determiner, next]) =>
      options.describing || determiner === undefined || next === undefined || FUNCTION_WORDS.has(next.trim()),
  );
}

const DETERMINER_WORDS = 'the|a|an|his|her|their|my|our|your|its|this|that|these|those';

function last(word: string): string {
  return escapeRegExp(word.at(-1) ?? '');
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The assets and objects the instruction names as things to act on. Its naming words come in
 * phrases (runs of words between function words, names and punctuation: "the soil sensor",
 * "the red striped socks"); a phrase names the nodes one of whose words is its last word, or
 * contains it ("book" in textbook), and of those the ones that share the most of its words: "the
 * soil sensor" names soil_sensor, not lidar_sensor; "the car keys" names no toy cars. Of those,
 * a node whose name has the word only before its last is left out when another's last word is
 * the word: "the TV" names no TV remote.
 */
export function namedNodes(
  graph: SceneGraph,
  instruction: string,
  options: {
    /** Phrases that say where name things too. */
    places?: boolean;
    /** The text said before this one, to which its "there" may point ("... in the lounge. Get the TV in there going"). */
    before?: string;
  } = {},
): Set<string> {
  const named = new Set<string>();
  const words = wordsOf(graph);
  for (const phrase of namingPhrases(instruction, options.places ?? false, {
    isPerson: (word) => isPersonOf(graph, word),
    isNodeWord: (word) => nodeWordSet(graph).has(word),
    otherName: (word) => buildingName(graph, word),
  })) {
    const head = phrase.at(-1)!;
    let best = 0;
    let ids: string[] = [];
    for (const [id, own] of words) {
      if (!head.some((word) => own.some((mine) => names(word, mine)))) continue;
      // Its states and its attributes' names describe it too, though they never name it: "the
      // clean fork" is the clean one of two forks; "empty the dishwasher" names no empty mug.
      const described = [...stateWords(graph, id), ...attributeNames(graph, id)];
      const score = phrase.filter((alternatives) =>
        alternatives.some((word) => own.some((mine) => names(word, mine)) || described.includes(word)),
      ).length;
      if (score > best) [best, ids] = [score, [id]];
      else if (score === best) ids.push(id);
    }
    // "The TV" names the TVs, not the TV remote; "the remote" still names the remote.
    for (const id of headedBy(ids, head)) named.add(id);
  }
  // "The TV in meeting room 3" names the TV there, not the one elsewhere; the TV remote is no TV.
  const before = options.before === undefined ? [] : thingsInRooms(graph, options.before);
  const inRooms = thingsInRooms(
    graph,
    options.before === undefined ? instruction : `${options.before} ${instruction}`,
  );
  for (const said of inRooms.slice(before.length))
    if (said.inRoom.length > 0)
      for (const id of headedBy(said.ofKind, [stem(said.head)]))
        if (!said.inRoom.includes(id)) named.delete(id);
  // "A clean one out of the cutlery drawer": the forks there, not the one on the lunch table.
  for (const said of thingsAtPlaces(graph, instruction)) {
    if (!said.ofKind.some((id) => named.has(id)) || said.at.length === said.ofKind.length) continue;
    for (const id of said.ofKind) if (!said.at.includes(id)) named.delete(id);
    for (const id of said.at) named.add(id);
  }
  return named;
}

/**
 * Of the things a word names, those it names as what they are: English compounds are head-last,
 * so when some thing's name ends in the word, a thing whose name has it only before its last word
 * is left out ("tv" names tv and tv_2, not tv_remote). A name that is no compound of the word
 * stays (pen_blue for "blue", beside a thesis whose colour is blue).
 */
function headedBy(ids: readonly string[], words: readonly string[]): string[] {
  const last = (id: string) => words.some((word) => names(word, assetKind(id) ?? ''));
  const before = (id: string) =>
    spoken(id)
      .split(' ')
      .slice(0, -1)
      .some((mine) => words.some((word) => names(word, stem(mine))));
  return ids.some(last) ? ids.filter((id) => last(id) || !before(id)) : [...ids];
}

/** Each asset's and object's naming words, cached per graph. */
const nodeWordCache = new WeakMap<SceneGraph, Map<string, string[]>>();
function wordsOf(graph: SceneGraph): Map<string, string[]> {
  let words = nodeWordCache.get(graph);
  if (words === undefined) {
    words = new Map();
    for (const id of graph.nodes()) {
      const kind = graph.getNodeAttribute(id, 'kind');
      if (kind === 'asset' || kind === 'object') words.set(id, nodeWords(graph, id));
    }
    nodeWordCache.set(graph, words);
  }
  return words;
}

/** Every asset's and object's naming words, as one set. */
const nodeWordSetCache = new WeakMap<SceneGraph, Set<string>>();
function nodeWordSet(graph: SceneGraph): Set<string> {
  let all = nodeWordSetCache.get(graph);
  if (all === undefined) {
    all = new Set([...wordsOf(graph).values()].flat());
    nodeWordSetCache.set(graph, all);
  }
  return all;
}

/** The words of a node's state values, stemmed ("clean", "dirty", "off"). */
function stateWords(graph: SceneGraph, id: string): string[] {
  const state = (graph.getNodeAttribute(id, 'state') ?? {}) as Record<string, unknown>;
  return Object.values(state).flatMap((value) =>
    typeof value === 'string' ? (value.toLowerCase().match(/[a-z]+/g) ?? []).map(stem) : [],
  );
}

/**
 * The instruction's naming phrases, each a list of word positions (a hyphenated word is one
 * position with its joined and split forms: "t-shirts" -> tshirt, t, shirt), stemmed. Skipped:
 * function and general words, people's names, the phrases that say where, and what a participle
 * says of a thing ("a banana going black" names the banana; "the cutting board" keeps its
 * "cutting", a word of a node of the building).
 */
function namingPhrases(
  instruction: string,
  places: boolean,
  building: {
    /** Whether a capitalised word opening a sentence is someone the building knows ("Chris has been ..."). */
    isPerson: (word: string) => boolean;
    /** Whether a stemmed word is one of the building's things' naming words. */
    isNodeWord: (word: string) => boolean;
    /** The name by which the building knows a word said another way ("lasagne": lasagna). */
    otherName: (word: string) => string | undefined;
  },
): string[][][] {
  const phrases: string[][][] = [];
  // A dash between spaces parts a sentence as a comma does.
  for (const sentence of instruction.replace(/\s[-–—]\s/g, ', ').split(/(?<=[.!?])\s+/)) {
    const tokens = sentence.match(/[A-Za-z][A-Za-z0-9'’-]*|[,;:]/g) ?? [];
    let place = false;
    let describing = false;
    // After "I", "you", "we'll" ... comes a verb: "I'll read it on the sofa" names no bread.
    let verbNext = false;
    let phrase: string[][] = [];
    const end = () => {
      // A participle after the thing says what it does, not what it is: "the orange left on ...".
      while (phrase.length > 1 && phrase.at(-1)!.some(isParticiple)) phrase.pop();
      if (phrase.length > 0) phrases.push(phrase);
      phrase = [];
    };
    tokens.forEach((token, i) => {
      const lower = token.toLowerCase();
      const next = tokens[i + 1]?.toLowerCase() ?? '';
      // A phrase that says where ("on the table in meeting room 3", "out of the toolbox", "where
      // the roast chicken is") runs to the next comma or conjunction; "switch on the TV" is a
      // verb, "to" before a verb an infinitive.
      if (/^[,;:]$/.test(token) || PHRASE_ENDS.has(lower) || AUXILIARY.test(lower)) place = false;
      else if (isPlacePreposition(lower, next, tokens[i - 1]?.toLowerCase() ?? '')) place = !places;
      // A capital inside a sentence, a capital's possessive, or someone the building knows, is a
      // person's (or a code's) name.
      // A capitalised word the building's things are named by, and no one's, is a brand or a
      // label ("his Pepsi", "that FooBar thing").
      const bare = lower.replace(/['’]s$/, '');
      const label = building.isNodeWord(stem(bare)) && !building.isPerson(bare);
      const name =
        !label &&
        ((i > 0 && /^[A-Z][a-z]/.test(token)) ||
          /^[A-Z].*['’]s$/.test(token) ||
          (i === 0 && /^[A-Z][a-z]/.test(token) && building.isPerson(lower)));
      const previous = tokens[i - 1]?.toLowerCase() ?? '';
      const subject = SUBJECT_PRONOUN.test(bare);
      const said = subject
        ? []
        : [bare.replace(/['’-]/g, ''), ...bare.split(/[-'’]/)].filter(
            (word) => word.length > 1 && (!FUNCTION_WORDS.has(word) || isNounHere(word, previous)),
          );
      // A noun said another way names what the building calls it too: "the veggie lasagne".
      const forms = said.flatMap((word) => {
        const own = stem(word);
        const other = building.isNodeWord(own) || !isOnlyNoun(word) ? undefined : building.otherName(word);
        return other === undefined || stem(other) === own ? [own] : [own, stem(other)];
      });
      // "The visitor log gets locked away": a verb after a thing ends its phrase, when what follows
      // it is a participle or an adverb ("the car keys from the garage" are keys, not a car).
      const verbAfter =
        phrase.length > 0 &&
        phrase.at(-1)!.some(building.isNodeWord) &&
        /[a-z]s$/.test(lower) &&
        !forms.some(building.isNodeWord) &&
        [lower.slice(0, -1), lower.replace(/es$/, '')].some(isBaseVerb) &&
        (isParticiple(next) || isAdverb(next));
      // The verb is the next word, after any adverb ("I just need ..."); "you get the lemonade"
      // has its verb, "get", and names the lemonade.
      // A clause that opens with a verb and its object ("Fish it out", "Water the plants") names
      // no fish and no water.
      const opensClause = i === 0 || /^[,;:]$/.test(previous) || previous === 'and' || previous === 'then';
      const verb =
        (verbNext && forms.length > 0 && !BEFORE_VERB.has(lower)) ||
        (opensClause && OBJECT_OPENER.test(next) && isBaseVerb(lower));
      if (subject) verbNext = true;
      else if (!BEFORE_VERB.has(lower)) verbNext = false;
      // A word that says where or how ("the oven downstairs", "the mug too") and names none of
      // the building's things ends the phrase: its head is the noun before it.
      const adverb = isAdverb(lower) && !forms.some(building.isNodeWord);
      if (verb || verbAfter) end();
      else if (place || name || adverb || forms.length === 0) {
        describing = false;
        end();
      } else if (describing && !(/[0-9]/.test(lower) && forms.some(building.isNodeWord))) {
        // What the participle says of the thing: "going black", "sitting open"; a code after it
        // is the thing's ("the sample marked K31X").
      } else if (phrase.length > 0 && isParticiple(lower) && !forms.some(building.isNodeWord)) {
        end();
        describing = true;
      } else {
        phrase.push([...new Set(forms)]);
        // "The veggie lasagne's come out": its 's is "has" or "is", and the thing's phrase ends.
        if (
          /['’]s$/.test(token) &&
          !building.isNodeWord(stem(next)) &&
          (isBaseVerb(next) || isParticiple(next))
        )
          end();
      }
    });
    end();
  }
  return phrases;
}

/** What opens a verb's object: "fish it out", "water the plants", "toast a slice". */
const OBJECT_OPENER =
  /^(?:the|a|an|some|all|any|my|his|her|their|our|your|this|that|these|those|it|them|him|me|us)$/;

/** A subject pronoun, or one with its verb ("I'll", "we're", "she's"): a verb comes after it. */
const SUBJECT_PRONOUN = /^(?:i|you|we|he|she|they)(?:['’](?:ll|m|ve|d|re|s))?$/;

/** Words between a subject and its verb: "I'll just read", "we always keep", "you could also bring". */
const BEFORE_VERB = new Set(
  'just also still really actually usually always never often already only even probably then can could would will should must might may'.split(
    ' ',
  ),
);

/** A function word used as a noun: "the can" (not "can you"). */
function isNounHere(word: string, previous: string): boolean {
  return word === 'can' && DETERMINERS.has(previous);
}

/** Whether a word opens a phrase that says where: a preposition of place, not a verb's particle or an infinitive's "to". */
function isPlacePreposition(word: string, next: string, previous: string): boolean {
  if (word === 'to') return DETERMINERS.has(next) || /['’]s$/.test(next) || next === 'me';
  if (word === 'out') return next === 'of';
  // "the table where the chicken is" says where; "find out where the pointer went" asks.
  if (word === 'where') return !ASKING.has(previous);
  if ((word === 'on' || word === 'off') && SWITCHING.has(previous)) return false;
  return PLACE_PREPOSITIONS.has(word);
}

const PLACE_PREPOSITIONS = new Set(
  'on in into onto from at off inside under behind near beside by next above below'.split(' '),
);
const DETERMINERS = new Set(
  'the a an his her their my our your this that these those every each all'.split(' '),
);
const SWITCHING = new Set(['switch', 'turn', 'power', 'put']);
/** Words after which "where" asks rather than says where. */
const ASKING = new Set('out me us know see check wonder ask tell find show remember'.split(' '));
/** A verb's auxiliary, which ends a phrase of place: "the TV in meeting room 3 hasn't got a remote". */
const AUXILIARY =
  /^(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|should|might|must)(?:n['’]t)?$|^[a-z]+n['’]t$/;
/** Words after which a phrase of place has ended. */
const PHRASE_ENDS = new Set(['and', 'then', 'or', 'but', 'which', 'that', 'who', 'so', 'because', 'once']);

/**
 * Whether the instruction's word names a node's word: the same stem; the last part of a compound,
 * four letters or more ("book" names a textbook, not a bookshelf: the compound is what its last
 * part says); or the word with a short ending ("alcohol" in alcoholic).
 */
function names(said: string, own: string): boolean {
  if (said === own) return true;
  if (said.length < 4) return false;
  return own.endsWith(said) || (own.startsWith(said) && own.length - said.length <= 3);
}

/** Words that name no thing: articles, pronouns, prepositions, auxiliaries, quantities, the general words. */
const FUNCTION_WORDS = new Set(
  `a an the this that these those some any all every each both either neither no not none of in on into onto
  to from at with by for near next under inside behind above below over off out up down and or but then so
  if when where which who whom whose what how why is are was were be been being do does did done has have
  had can could would will should may might must shall please me my mine him his her hers it its them their
  theirs us our ours you your yours i we they he she one ones thing things item items stuff something
  anything everything nothing someone somewhere place places location locations spot way kind sort lot
  somebody anybody nobody everybody anyone everyone
  lots bit piece rest other others same whole right wrong correct appropriate best last first second
  third own there here just also too very still again now soon there's it's that's let let's get got`.split(
    /\s+/,
  ),
);
