import { cosine, rankByVector, type SceneIndex, spoken } from '@groundplan/retrieval';
import { roomsOfGroup, type SceneGraph, searchTree, type View } from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  type ActionSpec,
  formatGoal,
  type Goal,
  goalCandidates,
  goalNodes,
  parentIn,
  type SimState,
} from '@groundplan/simulator';
import { asksForRoom, type SearchCommand, searchChoices } from './search-choices.js';

/** One option the model may choose, with the retrieval prior's score and a gloss it can read. */
export type Option<T> = { label: string; value: T; score: number; gloss: string };

/** One legal move of a search step. */
export type SearchOption = Option<{ command: SearchCommand; node: string }>;

/**
 * The legal (command, node) pairs of a search step, best first by the retrieval prior: expand
 * scores a node by what it holds (the prior lifts a container toward its best content), done by
 * the node itself, or, when the instruction asks for a room, by a looked-into room's contents;
 * contract is left to the model only when nothing else is legal.
 */
export function searchOptions(
  graph: SceneGraph,
  view: View,
  instruction: string,
  index: SceneIndex,
  query: Float32Array,
): SearchOption[] {
  const legal = searchChoices(graph, view, instruction);
  const lifted = scores(rankByVector(index, query));
  const own = scores(rankByVector(index, query, { contents: 0 }));
  const texts = new Map(index.nodes.map((node) => [node.id, node.text]));
  const option = (command: SearchCommand, node: string, score: number) => ({
    label: `${command}(${node})`,
    value: { command, node },
    score,
    gloss: texts.get(node) ?? groupGloss(graph, node),
  });
  const doneScore = asksForRoom(instruction)
    ? roomAnswerScore(graph, view, scores(rankByVector(index, query, { contents: 1 })))
    : (node: string) => (isThing(graph, node) ? (own.get(node) ?? -1) : NOTHING_FOUND);
  const options = [
    ...legal.expand.map((node) =>
      option('expand', node, lifted.get(node) ?? groupScore(graph, node, lifted)),
    ),
    ...legal.done.map((node) => option('done', node, doneScore(node))),
  ];
  if (options.length === 0) options.push(...legal.contract.map((node) => option('contract', node, -1)));
  return options.sort(byScore);
}

// A group of rooms (a large building's, scene-graph's search-tree.ts) is no scene node: it scores
// as its best room, and reads as what it holds.
function groupScore(graph: SceneGraph, id: string, lifted: ReadonlyMap<string, number>): number {
  let best = -1;
  for (const room of roomsOfGroup(graph, id)) best = Math.max(best, lifted.get(room) ?? -1);
  return best;
}

function groupGloss(graph: SceneGraph, id: string): string {
  const group = searchTree(graph).groups.get(id);
  return group ? `${group.rooms} rooms: ${group.roomTypes}` : id;
}

/**
 * How much the model's pick adds to an option's prior score (a cosine similarity). SayCan
 * multiplies the model's probability by the affordance; a small model's one pick is a weak vote,
 * so it decides between options the prior scores within this much of each other and no more.
 */
export const MODEL_PICK_WEIGHT = 0.05;

/** The options re-ranked with MODEL_PICK_WEIGHT added to each one the model picked. */
export function withModelPick<T>(options: readonly Option<T>[], picked: readonly string[]): Option<T>[] {
  const votes = new Set(picked);
  return options
    .map((option) =>
      votes.has(option.label) ? { ...option, score: option.score + MODEL_PICK_WEIGHT } : option,
    )
    .sort(byScore);
}

/** A floor or building as the answer means "nothing found": the prior never prefers it. */
const NOTHING_FOUND = -0.5;

/**
 * What the model's scores of the options (SayCan: each option's reply scored by its token
 * log-probabilities) add to their prior scores, by label: the model's most likely option gains
 * what a pick gains (MODEL_PICK_WEIGHT), each other one that weight times its probability relative
 * to the most likely one, so a scored choice and a generated pick weigh the model the same.
 */
export function modelScoreBonus(labels: readonly string[], logProbs: readonly number[]): Map<string, number> {
  if (logProbs.length !== labels.length)
    throw new Error(`${logProbs.length} scores for ${labels.length} options`);
  const best = Math.max(...logProbs);
  return new Map(labels.map((label, i) => [label, MODEL_PICK_WEIGHT * Math.exp(logProbs[i]! - best)]));
}

/** The options re-ranked with the bonus of each label added to its score. */
export function withBonus<T>(options: readonly Option<T>[], bonus: ReadonlyMap<string, number>): Option<T>[] {
  return options
    .map((option) => ({ ...option, score: option.score + (bonus.get(option.label) ?? 0) }))
    .sort(byScore);
}

/**
 * How the prior scores `done` when the instruction asks for a room: a room it has looked into
 * scores as its best content (`held`: contents weighted 1), so no expansion inside it ranks higher
 * and the prior answers with the room once it has seen why; a room not looked into, and any thing,
 * do not answer.
 */
function roomAnswerScore(graph: SceneGraph, view: View, held: Map<string, number>) {
  const expanded = new Set(view.expanded);
  return (node: string) => {
    const kind = graph.getNodeAttribute(node, 'kind');
    if (kind === 'room' && expanded.has(node)) return (held.get(node) ?? -1) + ROOM_ANSWER_MARGIN;
    return kind === 'asset' || kind === 'object' ? NOTHING_FOUND + ROOM_ANSWER_MARGIN : NOTHING_FOUND;
  };
}

/** How far a looked-into room's answer ranks above its contents' expansions, which score no higher. */
const ROOM_ANSWER_MARGIN = 0.01;

/** How much a goal about the node the search found gains over the others in the prior. */
export const FOUND_NODE_BONUS = 0.15;

/**
 * Goal predicates over the given nodes that the actions could make true, best first by how close
 * their words (the action that makes each true: "close cabinet 3") are to the instruction's; a
 * goal about the node the search found ranks higher.
 */
export async function goalOptions(
  graph: SceneGraph,
  state: SimState,
  nodes: readonly string[],
  embed: (texts: readonly string[]) => Promise<Float32Array[]>,
  query: Float32Array,
  found?: string,
  extra: readonly Goal[] = [],
  actions: readonly ActionSpec[] = ACTION_SPECS,
): Promise<Option<Goal>[]> {
  const goals = [...goalCandidates(graph, state, nodes, actions), ...extra];
  const glosses = goals.map((goal) => goalGloss(goal, actions));
  const vectors = glosses.length > 0 ? await embed(glosses) : [];
  return goals
    .map((goal, i) => ({
      label: formatGoal(goal),
      value: goal,
      score:
        (vectors[i] ? cosine(vectors[i]!, query) : -1) +
        (found !== undefined && goalNodes(goal).includes(found) ? FOUND_NODE_BONUS : 0),
      gloss: glosses[i]!,
    }))
    .sort(byScore);
}

/**
 * Where the given objects stand now, as placement goals: no goal alone (they hold already), but
 * part of a conjunction whose other goals move the object ("make a coffee in Niko's mug and put
 * it back on his desk").
 */
export function currentPlacements(graph: SceneGraph, state: SimState, nodes: readonly string[]): Goal[] {
  const placements: Goal[] = [];
  for (const id of nodes) {
    if (!graph.hasNode(id) || graph.getNodeAttribute(id, 'kind') !== 'object') continue;
    if (!(graph.getNodeAttribute(id, 'affordances') ?? []).includes('pickup')) continue;
    const now = parentIn(graph, state, id);
    if (
      now === undefined ||
      !graph.hasNode(now.parent) ||
      graph.getNodeAttribute(now.parent, 'kind') !== 'asset'
    )
      continue;
    const kind = now.relation === 'inside' ? 'inside' : 'on';
    placements.push({ kind, object: id, target: now.parent, negated: false });
  }
  return placements;
}

/**
 * A goal in words an encoder knows, named by the action of the action table that makes it true:
 * "close cabinet 3", "make coffee nikos mug", "put orange in fridge", "bring nikos mug".
 */
export function goalGloss(goal: Goal, actions: readonly ActionSpec[] = ACTION_SPECS): string {
  switch (goal.kind) {
    case 'inside':
    case 'on':
      return `put ${spoken(goal.object)} ${goal.kind === 'on' ? 'on' : 'in'} ${spoken(goal.target)}`;
    case 'state': {
      const action = actions.find((spec) =>
        spec.effects.some((e) => e.sets?.dimension === goal.dimension && e.sets?.value === goal.value),
      );
      return action
        ? `${spoken(action.name)} ${spoken(goal.node)}`
        : `${spoken(goal.node)} ${goal.dimension ?? ''} ${goal.value}`;
    }
    case 'holding':
      return goal.object === null ? 'hands empty' : `bring ${spoken(goal.object)}`;
    case 'at':
      return `go to ${spoken(goal.place)}`;
  }
}

function isThing(graph: SceneGraph, id: string): boolean {
  const kind = graph.getNodeAttribute(id, 'kind');
  return kind === 'asset' || kind === 'object' || kind === 'room';
}

function scores(ranked: { id: string; score: number }[]): Map<string, number> {
  return new Map(ranked.map((entry) => [entry.id, entry.score]));
}

/** Best score first; ties by label, so a ranking never depends on the order it was built in. */
export function byScore<T>(a: Option<T>, b: Option<T>): number {
  return b.score - a.score || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}
