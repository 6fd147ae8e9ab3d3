import type { Goal } from '@groundplan/simulator';
import type { Option } from './options.js';
import { asksForFit, isGeneric, placeKind, plainWords, quantifiedPhrase } from './quantified.js';
import {
  bestFits,
  fittingPlaces,
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
  /** The object a noun names best, by retrieval ("water bottles" -> water_bottle_1). */
  objectFor: (noun: string) => Promise<string | undefined>;
  embed: (texts: readonly string[]) => Promise<Float32Array[]>;
};

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
export async function requestGoals(context: RequestContext): Promise<Goal[]> {
  const { scene, requests, destinations } = context;
  const goals: Goal[] = [];
  for (const [c, request] of requests.entries()) {
    const quantified = quantifiedPhrase(request);
    // A set with no place to go of its own goes where a later request that takes it up says.
    let to = destinations[c] === undefined ? undefined : c;
    if (quantified && to === undefined)
      for (let later = c + 1; later < requests.length && to === undefined; later++)
        if (destinations[later] !== undefined && TAKES_UP.test(requests[later]!)) to = later;
    const destination = to === undefined ? undefined : destinations[to];
    const fit = destination !== undefined && asksForFit(destination);
    if (!quantified && !fit) continue;
    const ranking = context.ranking(c);
    // The thing a set is of is the object its noun names best ("water bottles"); a single thing is
    // the one the request's best goal is about.
    const seed =
      (quantified && !isGeneric(quantified) ? await context.objectFor(quantified.noun) : undefined) ??
      ranking.map((option) => objectOf(scene, option.value)).find((id) => id !== undefined);
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
  }
  return goals;
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
