import { cosine, spoken } from '@groundplan/retrieval';
import type { SceneGraph } from '@groundplan/scene-graph';
import { fullStateOf, type Goal, parentIn, type SimState } from '@groundplan/simulator';
import { stem } from './building-words.js';
import { nodeWords } from './node-words.js';

/** The scene a set of goals is grounded in: the graph and the state the plan starts from. */
export type SetScene = { graph: SceneGraph; state: SimState };

/** At most this many things in one quantified request: the classical planner's search grows with each. */
export const MAX_SET_MEMBERS = 8;

/** Whether a node is an object that can be picked up (not an asset, not a fixed object). */
export function isPickable(graph: SceneGraph, id: string): boolean {
  const attributes = graph.getNodeAttributes(id);
  return attributes.kind === 'object' && attributes.affordances?.includes('pickup') === true;
}

/** The objects that can be picked up lying on or inside an asset now ("the dishes on the lunch table"). */
export function contentsOf({ graph, state }: SetScene, asset: string): string[] {
  return graph
    .filterNodes((id) => isPickable(graph, id))
    .filter((id) => parentIn(graph, state, id)?.parent === asset)
    .sort(byNumber);
}

/** An object's kind: its id without a number suffix ("tshirt_4" -> "tshirt", "fork" -> "fork"). */
export function kindOf(id: string): string {
  return id.replace(/_\d+$/, '');
}

/** Every object of the seed's kind that can be picked up, in number order ("tshirt", "tshirt_2", ...). */
export function sameKind(graph: SceneGraph, seed: string): string[] {
  const kind = kindOf(seed);
  return graph.filterNodes((id) => isPickable(graph, id) && kindOf(id) === kind).sort(byNumber);
}

/**
 * The things a quantified request is about: the contents of the asset it names ("on the lunch
 * table", or the thing of the request before: "Empty the dishwasher. Place all items ..."), else
 * every object of the seed's kind (the object its best goal is about: "all 6 t-shirts"); as many
 * as it asks for, at most MAX_SET_MEMBERS. Of an asset's contents, those its noun names ("all the
 * bowls from the nightstand" leaves the lamp), or all when it names none of them ("the dishes").
 */
export function setMembers(
  scene: SetScene,
  from: { source?: string; seed?: string; noun?: string },
  count: number | undefined,
): string[] {
  const members =
    from.source !== undefined
      ? ofNoun(scene.graph, contentsOf(scene, from.source), from.noun)
      : from.seed !== undefined
        ? sameKind(scene.graph, from.seed)
        : [];
  return members.slice(0, Math.min(count ?? MAX_SET_MEMBERS, MAX_SET_MEMBERS));
}

/**
 * The things whose words share the noun's last word, or all of them when none does: the noun is
 * then a category ("the dishes" on the table are plates, bowls and forks).
 */
function ofNoun(graph: SceneGraph, things: string[], noun: string | undefined): string[] {
  const head = noun?.split(/\s+/).at(-1);
  if (head === undefined) return things;
  const word = stem(head);
  const named = things.filter((id) => nodeWords(graph, id).includes(word));
  return named.length > 0 ? named : things;
}

/** Each member placed on or inside its target (inside when the target contains things); those already there are left out. */
export function placementGoals(
  { graph, state }: SetScene,
  members: readonly string[],
  targetOf: (member: string) => string | undefined,
): Goal[] {
  const goals: Goal[] = [];
  for (const object of members) {
    const target = targetOf(object);
    if (target === undefined || !graph.hasNode(target)) continue;
    const kind = graph.getNodeAttribute(target, 'affordances')?.includes('contain') ? 'inside' : 'on';
    const now = parentIn(graph, state, object);
    if (now?.parent === target && (now.relation ?? 'on') === kind) continue;
    goals.push({ kind, object, target, negated: false });
  }
  return goals;
}

/** The template's state for every member that has its dimension at another value ("wash all the dishes"). */
export function stateGoals(
  { graph, state }: SetScene,
  members: readonly string[],
  template: { dimension: string; value: string },
): Goal[] {
  return members.flatMap((node): Goal[] => {
    const now = fullStateOf(graph, state, node)[template.dimension];
    return now === undefined || now === template.value
      ? []
      : [{ kind: 'state', node, dimension: template.dimension, value: template.value, negated: false }];
  });
}

/**
 * What an asset says it is for: its text attributes ("holds: plates, bowls and mugs", "bin_type:
 * organic"); empty for an asset that says nothing.
 */
export function purposeOf(graph: SceneGraph, asset: string): string {
  return Object.values(graph.getNodeAttribute(asset, 'attributes') ?? {})
    .filter((value): value is string => typeof value === 'string')
    .map((value) => spoken(value))
    .join(', ');
}

/**
 * The places a fitting destination chooses among: the building's containers that say what they
 * are for, of the kind it names ("the correct bin": every bin) or of any kind ("their correct
 * locations").
 */
export function fittingPlaces(graph: SceneGraph, kind: string | undefined): string[] {
  return graph
    .filterNodes(
      (_id, attributes) => attributes.kind === 'asset' && attributes.affordances?.includes('contain'),
    )
    .filter((id) => purposeOf(graph, id).length > 0)
    .filter((id) => kind === undefined || spoken(id).split(' ').at(-1) === kind)
    .sort();
}

/**
 * Each member's best place by retrieval: the cosine of its kind's name ("fork") with each place's
 * purpose ("cutlery"). Places are not the member's own container.
 */
export async function bestFits(
  scene: SetScene,
  members: readonly string[],
  places: readonly string[],
  embed: (texts: readonly string[]) => Promise<Float32Array[]>,
): Promise<Map<string, string>> {
  if (places.length === 0 || members.length === 0) return new Map();
  const purposes = await embed(places.map((id) => purposeOf(scene.graph, id)));
  const kinds = await embed(members.map((id) => spoken(kindOf(id))));
  const fits = new Map<string, string>();
  for (const [m, member] of members.entries()) {
    const now = parentIn(scene.graph, scene.state, member)?.parent;
    let best: { place: string; score: number } | undefined;
    for (const [p, place] of places.entries()) {
      if (place === now) continue;
      const score = cosine(kinds[m]!, purposes[p]!);
      if (best === undefined || score > best.score) best = { place, score };
    }
    if (best !== undefined) fits.set(member, best.place);
  }
  return fits;
}

/** "tshirt" before "tshirt_2" before "tshirt_10". */
function byNumber(a: string, b: string): number {
  const number = (id: string) => Number(/_(\d+)$/.exec(id)?.[1] ?? 0);
  return kindOf(a) < kindOf(b) ? -1 : kindOf(a) > kindOf(b) ? 1 : number(a) - number(b);
}
