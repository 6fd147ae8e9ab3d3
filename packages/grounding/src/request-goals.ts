import { cosine, spoken } from '@groundplan/retrieval';
import { fullStateOf, type Goal, parentIn } from '@groundplan/simulator';
import { subjectOf, toolPurpose } from './asked-goals.js';
import { stem } from './building-words.js';
import { nodeWords } from './node-words.js';
import type { Option } from './options.js';
import { asksForFit, isGeneric, placeKind, plainWords, quantifiedPhrase } from './quantified.js';
import {
  bestFits,
  fittingPlaces,
  isPickable,
  placementGoals,
  type SetScene,
  setMembers,
  stateGoals,
} from './set-goals.js';

/** What the goals of quantified and fitting requests are read from, per request clause. */
export type RequestContext = {
  scene: SetScene;
  /** The request clauses, in order, with names for pronouns. */
  requests: readonly string[];
  /** Each request's destination phrase, if it names one. */
  destinations: readonly (string | undefined)[];
  /** Request c's ranking of the goals, best first. */
  ranking: (c: number) => readonly Option<Goal>[];
  /** The asset that best matches request c's destination phrase. */
  destinationAsset: (c: number) => string | undefined;
  /** The asset a phrase names best, by retrieval ("the dishwasher" -> dishwasher). */
  /** The asset a phrase names; the clause it is said in may say which room it is in. */
  assetFor: (phrase: string, clause?: string) => Promise<string | undefined>;
  /** The objects a noun names best, by retrieval, best first ("water bottles" -> water_bottle_1, ...). */
  objectsFor: (noun: string, limit: number) => Promise<string[]>;
  embed: (texts: readonly string[]) => Promise<Float32Array[]>;
  /** The things a text names as things to act on (askedGoals' namedNodes); with places, also where things are. */
  namedIn: (text: string, options?: { places?: boolean }) => ReadonlySet<string>;
  /** The whole instruction, statements included ("Tobi spilt soda on his desk. Throw away the can."). */
  instruction: string;
  /** The node the search found, if any: what the statements describe ("the cabinet whose name has an even number"). */
  found?: string;
};

/** "Both" standing for two things, not opening a phrase ("both mugs"): "leave both on his desk", "run them both over". */
const BOTH =
  /\b(?:them\s+both|both\s+(?:of\s+them|on|in|into|onto|to|over|across|up|down|back|there|here))\b|\bboth\s*[,.;!?]?$/i;

/** The things that can be picked up that the instruction names before a request, in order of id. */
function namedBefore(context: RequestContext, request: string): string[] {
  const at = context.instruction.indexOf(request);
  const before = at > 0 ? context.instruction.slice(0, at) : '';
  return [...context.namedIn(before)].filter((id) => isPickable(context.scene.graph, id)).sort();
}

/** Words by which a later placing request takes up an earlier request's things ("... and place them on the shelf"). */
const TAKES_UP = /\b(?:them|they|these|those)\b/i;

/**
 * The goals of requests over several things and of requests for the place that fits a thing,
 * grounded in the scene: "wash all the dishes on the lunch table" -> each dirty thing on the
 * lunch table clean; "locate all 6 t-shirts ... and place them on the shelf in admin" -> each of the
 * six t-shirts on the admin shelf; "place all items in their correct locations" (after "empty the
 * dishwasher") -> each thing in the dishwasher in the container whose purpose its name matches
 * best; "throw the rotting fruit in the correct bin" -> the fruit in the bin whose type fits it.
 * A request of neither kind adds no goal. The model's vote does not change these goals.
 */
export async function requestGoals(context: RequestContext): Promise<RequestedGoals> {
  const { scene, requests, destinations } = context;
  const goals: Goal[] = [];
  const covered: number[] = [];
  let unclear: { phrase: string; options: string[] } | undefined;
  for (const [c, request] of requests.entries()) {
    const quantified = quantifiedPhrase(request);
    // A set with no place to go of its own goes where a later request that takes it up says.
    let to = destinations[c] === undefined ? undefined : c;
    if (quantified && to === undefined)
      for (let later = c + 1; later < requests.length && to === undefined; later++)
        if (destinations[later] !== undefined && TAKES_UP.test(requests[later]!)) to = later;
    const destination = to === undefined ? undefined : destinations[to];
    const fit = destination !== undefined && asksForFit(destination);
    const ranking = context.ranking(c);
    // "Take him something to clean with": a thing that affords cleaning with it goes there.
    const purpose = quantified ? undefined : toolPurpose(request);
    if (purpose !== undefined && destination !== undefined && !fit) {
      const tool = await toolFor(context, request, purpose, ranking);
      const target = context.destinationAsset(c);
      const placed = tool === undefined ? [] : placementGoals(scene, [tool], () => target);
      goals.push(...placed);
      if (placed.length > 0) covered.push(c);
      continue;
    }
    // "Leave both on his desk": the two things named before the request.
    if (!quantified && !fit && to !== undefined && BOTH.test(request)) {
      const pair = namedBefore(context, request);
      if (pair.length === 2) {
        const target = context.destinationAsset(to);
        const placed = placementGoals(scene, pair, () => target);
        goals.push(...placed);
        if (placed.length > 0) covered.push(c);
        continue;
      }
    }
    if (!quantified && !fit) continue;
    // The thing a set is of is the object its noun names best ("water bottles"), else the one the
    // request's best goal is about; a single thing is one the request names (theThing).
    const seed = quantified
      ? ((!isGeneric(quantified) ? (await context.objectsFor(quantified.noun, 1))[0] : undefined) ??
        ranking.map((option) => objectOf(scene, option.value)).find((id) => id !== undefined))
      : theThing(
          context,
          request,
          ranking,
          // A guess is never a thing already where the request would put it (the newspaper in a bin).
          fit ? fittingPlaces(scene.graph, placeKind(destination)) : [],
          // Nor, when the request throws things away, a thing whose state says it is no waste.
          fit && placeKind(destination) === 'bin',
        );
    // A place that opens the destination is where the things go, not where they are.
    const place =
      quantified?.place !== undefined &&
      !plainWords(destinations[c] ?? '')
        .join(' ')
        .startsWith(quantified.place)
        ? quantified.place
        : undefined;
    const source =
      place !== undefined
        ? await context.assetFor(place, requests[c])
        : quantified && isGeneric(quantified) && c > 0
          ? await context.assetFor(requests[c - 1]!.split(' ').slice(1).join(' '))
          : undefined;
    // "All the ingredients" with no place of their own: the noun names a kind of thing, not a
    // thing, and the nearest object by meaning (chips) is a guess. The run asks which.
    if (quantified && !isGeneric(quantified) && source === undefined && seed !== undefined) {
      const head = quantified.noun.split(' ').at(-1)!.replace(/[-'’]/g, '');
      if (!nodeWords(scene.graph, seed).includes(stem(head))) {
        unclear ??= {
          phrase: quantified.noun,
          options: await context.objectsFor(quantified.noun, ASKED_THINGS),
        };
        continue;
      }
    }
    const members = quantified
      ? setMembers(
          scene,
          {
            ...(source ? { source } : {}),
            ...(seed ? { seed } : {}),
            ...(isGeneric(quantified) ? {} : { noun: quantified.noun }),
          },
          quantified.count,
        )
      : seed
        ? [seed]
        : [];
    if (members.length === 0) continue;
    const before = goals.length;
    if (destination !== undefined && fit) {
      const fits = await bestFits(
        scene,
        members,
        fittingPlaces(scene.graph, placeKind(destination)),
        context.embed,
      );
      goals.push(...placementGoals(scene, members, (member) => fits.get(member)));
    } else if (to !== undefined) {
      const target = context.destinationAsset(to);
      goals.push(...placementGoals(scene, members, () => target));
    } else {
      const template = ranking.find(
        (option) => option.value.kind === 'state' && members.includes(option.value.node),
      )?.value;
      if (template?.kind === 'state' && template.dimension !== undefined)
        goals.push(...stateGoals(scene, members, { dimension: template.dimension, value: template.value }));
    }
    if (goals.length > before) covered.push(c);
  }
  return { goals, covered, ...(unclear ? { unclear } : {}) };
}

/**
 * The goals requests over sets and fitting places say, the request clauses they cover, and a set
 * whose things the words cannot say (ask which).
 */
export type RequestedGoals = {
  goals: Goal[];
  covered: number[];
  unclear?: { phrase: string; options: string[] };
};

/** How many things a question about an unclear set offers. */
const ASKED_THINGS = 5;

/**
 * The one thing a request about a single thing means: an object its words name ("throw away the
 * can" names both cans), first one lying where the instruction says ("Tobi spilt soda on his
 * desk": the can on a desk, not the one in the fridge), then by the request's ranking. Undefined
 * when neither its words, nor the instruction's statements (one thing, or one where the search
 * found), nor the ranking where the search found name one: no goal is made up from the ranking's
 * best guess elsewhere.
 */
function theThing(
  context: RequestContext,
  request: string,
  ranking: readonly Option<Goal>[],
  /** Places a thing the request does not name may not already be in. */
  settled: readonly string[],
  /** Whether the request throws the thing away: a thing it does not name must then be waste. */
  disposal: boolean,
) {
  const { graph, state } = context.scene;
  const objects = (text: string) =>
    [...context.namedIn(text)].filter(
      (id) => graph.hasNode(id) && graph.getNodeAttribute(id, 'kind') === 'object',
    );
  let named = objects(request);
  // "There is ... a rotten apple. ... throw away the fruit": a request that names no object takes
  // up the one thing the statements name, if they name exactly one or the search found one.
  if (named.length === 0) {
    const said = objects(statementsOf(context.instruction, context.requests));
    // Of several, the one the search found, or found it in.
    const atFound = said.filter(
      (id) => context.found !== undefined && within(context.scene, id, context.found),
    );
    if (said.length === 1) named = said;
    else if (atFound.length === 1) named = atFound;
  }
  // "Throw the rotting fruit in Dimity's office ...": else the ranking's best thing the search found,
  // or found it on or in (a whole room is too wide to guess in).
  if (
    named.length === 0 &&
    context.found !== undefined &&
    graph.hasNode(context.found) &&
    graph.getNodeAttribute(context.found, 'kind') !== 'room'
  ) {
    const best = ranking
      .map((option) => objectOf(context.scene, option.value))
      .find(
        (id) =>
          id !== undefined &&
          within(context.scene, id, context.found!) &&
          !settled.includes(parentIn(graph, state, id)?.parent ?? '') &&
          (!disposal || isWaste(context.scene, id)),
      );
    if (best !== undefined) named = [best];
  }
  if (named.length === 0) return undefined;
  const mentioned = context.namedIn(context.instruction, { places: true });
  const rank = new Map<string, number>();
  for (const [i, option] of ranking.entries()) {
    const id = objectOf(context.scene, option.value);
    if (id !== undefined && !rank.has(id)) rank.set(id, i);
  }
  const where = (id: string) => (mentioned.has(parentIn(graph, state, id)?.parent ?? '') ? 0 : 1);
  const order = (id: string) => rank.get(id) ?? ranking.length;
  return [...named].sort((a, b) => where(a) - where(b) || order(a) - order(b) || (a < b ? -1 : 1))[0];
}

/**
 * Whether a thing's state says it is waste: rotten food, an emptied container, a thing marked
 * compostable. "Dispose of it" with the clean bowl in the cupboard nearest in meaning throws
 * nothing away on that guess: the run asks which thing.
 */
function isWaste({ graph, state }: SetScene, id: string): boolean {
  const now = fullStateOf(graph, state, id);
  const attributes = (graph.getNodeAttribute(id, 'attributes') as Record<string, unknown> | undefined) ?? {};
  return now.ripeness === 'rotten' || now.contents === 'empty' || attributes.compostable === true;
}

/**
 * The object that affords doing the purpose with it (`clean_with` for "something to clean with"):
 * the request's ranking's first among several, else the one whose name is nearest the request in
 * meaning; undefined when none does.
 */
async function toolFor(
  context: RequestContext,
  request: string,
  purpose: string,
  ranking: readonly Option<Goal>[],
): Promise<string | undefined> {
  const affordance = `${purpose}_with`;
  const tools = context.scene.graph
    .filterNodes(
      (_id, attributes) =>
        attributes.kind === 'object' &&
        ((attributes.affordances as readonly string[] | undefined) ?? []).includes(affordance),
    )
    .sort();
  const ranked = ranking
    .map((option) => subjectOf(option.value))
    .find((id) => id !== undefined && tools.includes(id));
  if (ranked !== undefined || tools.length < 2) return ranked ?? tools[0];
  const [said, ...names] = await context.embed([request, ...tools.map((id) => spoken(id))]);
  const near = names.map((vector) => cosine(vector, said!));
  return tools[near.indexOf(Math.max(...near))];
}

/** Whether a thing is the place or lies in it, at any depth (the apple in the cabinet in Ajay's office). */
function within({ graph, state }: SetScene, id: string, place: string): boolean {
  const seen = new Set<string>();
  for (
    let at: string | undefined = id;
    at !== undefined && !seen.has(at);
    at = parentIn(graph, state, at)?.parent
  ) {
    if (at === place) return true;
    seen.add(at);
  }
  return false;
}

/** The instruction without its requests: what it says of how things are. */
function statementsOf(instruction: string, requests: readonly string[]): string {
  let rest = instruction;
  for (const request of requests) rest = rest.replace(request, ' ');
  return rest;
}

/** The object a goal is about, if it is about an object. */
function objectOf({ graph }: SetScene, goal: Goal): string | undefined {
  const id =
    goal.kind === 'on' || goal.kind === 'inside' || goal.kind === 'holding'
      ? goal.object
      : goal.kind === 'state'
        ? goal.node
        : null;
  return id !== null && graph.hasNode(id) && graph.getNodeAttribute(id, 'kind') === 'object' ? id : undefined;
}
