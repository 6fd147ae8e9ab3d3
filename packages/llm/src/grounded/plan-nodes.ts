import type { SceneGraph } from '@groundplan/scene-graph';
import { type Goal, goalNodes, parentIn, type SimState } from '@groundplan/simulator';
import { toolNodes } from './tool-nodes.js';

/**
 * The nodes a plan for these goals needs: the goals' own nodes, the tools their states need, and
 * every node above each of them up to its room (the containers to open, the assets to access).
 * The classical planner searches over the nodes it is given; over every explored node its greedy
 * search ran out of its budget on one-placement goals ("put the document on Will's desk"). What the
 * agent holds is one of them: a plan that needs the gripper puts it down first.
 */
export function planNodes(graph: SceneGraph, state: SimState, goals: readonly Goal[]): string[] {
  const nodes = new Set<string>();
  const withAncestors = (id: string) => {
    for (let at: string | undefined = id; at !== undefined && !nodes.has(at); ) {
      if (!graph.hasNode(at)) return;
      nodes.add(at);
      if (graph.getNodeAttribute(at, 'kind') === 'room') return;
      at = parentIn(graph, state, at)?.parent;
    }
  };
  for (const goal of goals) for (const id of goalNodes(goal)) withAncestors(id);
  for (const id of toolNodes(graph, goals)) withAncestors(id);
  if (state.holding !== null) nodes.add(state.holding);
  return [...nodes].sort();
}
