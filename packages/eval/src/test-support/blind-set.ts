// What the checks of the blind task sets (blind-tasks.test.ts, blind-set-suite.ts) share: the
// node ids a task's criteria name, an untouched node's start as goals, the planner's view of a task.
import { parentOf, type SceneGraph } from '@groundplan/scene-graph';
import {
  fullStateOf,
  goalNodes,
  initialState,
  parentIn,
  parseGoals,
  type SimState,
} from '@groundplan/simulator';
import type { EvalTask } from '../tasks.js';

/** The simulator's start state of a scene, or the reason it has none. */
export const startOf = (graph: SceneGraph) => {
  const start = initialState(graph);
  if (!start.ok) throw new Error(start.error);
  return start.value;
};

/** Every node id a task's criteria name. */
export function criteriaNodes(task: EvalTask): string[] {
  const c = task.criteria;
  switch (c.kind) {
    case 'search':
    case 'answer':
      return c.answer;
    case 'planning': {
      const goals = parseGoals(c.goal);
      if (!goals.ok) throw new Error(`${task.id}: ${goals.error}`);
      return [...goals.value.flatMap(goalNodes), ...(c.untouched ?? [])];
    }
    case 'ask':
      return c.options;
    case 'cannot':
      return [];
  }
}

/** An untouched node's start, as goals: where it rests (a held object: still held) and its state. */
export function untouchedGoals(graph: SceneGraph, start: SimState, id: string): string[] {
  const goals: string[] = [];
  const kind = graph.getNodeAttribute(id, 'kind');
  const placement = parentIn(graph, start, id);
  if (kind === 'object' && placement) {
    const parentKind = graph.getNodeAttribute(placement.parent, 'kind');
    if (parentKind === 'agent') goals.push(`holding(${id})`);
    else if (parentKind === 'room' || placement.relation === 'inside')
      goals.push(`inside(${id}, ${placement.parent})`);
    else goals.push(`on(${id}, ${placement.parent})`);
  }
  for (const [dimension, value] of Object.entries(fullStateOf(graph, start, id)))
    goals.push(`state(${id}, ${dimension}, ${value})`);
  return goals;
}

/**
 * The planner's view: the task's nodes with the assets and rooms above them (as a search would
 * have expanded them) and the cleaning tools when a goal cleans something; wide, every asset of
 * those rooms too (somewhere to set down what the robot holds), for the planner's second try.
 */
export function plannerNodes(
  graph: SceneGraph,
  ids: readonly string[],
  cleans: boolean,
  wide: boolean,
): string[] {
  const wanted = [...ids];
  if (cleans)
    graph.forEachNode((id, attributes) => {
      if ((attributes.affordances ?? []).includes('clean_with')) wanted.push(id);
    });
  const nodes = new Set<string>();
  for (const id of wanted)
    for (
      let current: string | undefined = id;
      current !== undefined;
      current = parentOf(graph, current)?.parent
    ) {
      const kind = graph.getNodeAttribute(current, 'kind');
      if (kind === 'floor' || kind === 'agent') break;
      nodes.add(current);
      if (kind === 'room') break;
    }
  if (!wide) return [...nodes].sort();
  const rooms = new Set([...nodes].filter((id) => graph.getNodeAttribute(id, 'kind') === 'room'));
  graph.forEachNode((id, attributes) => {
    const parent = parentOf(graph, id)?.parent;
    if (attributes.kind === 'asset' && parent !== undefined && rooms.has(parent)) nodes.add(id);
  });
  return [...nodes].sort();
}
