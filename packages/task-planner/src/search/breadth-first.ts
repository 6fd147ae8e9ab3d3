import {
  type SearchLimits,
  type SearchNode,
  type SearchOutcome,
  type SearchProblem,
  stepsTo,
} from './search-problem.js';

/** Breadth-first search with duplicate detection: a shortest plan (unit step costs), the reference. */
export function breadthFirstSearch<State, Step>(
  problem: SearchProblem<State, Step>,
  limits: SearchLimits,
): SearchOutcome<Step, State> {
  const root: SearchNode<State, Step> = { state: problem.initial, parent: null, step: null, depth: 0 };
  if (problem.isGoal(root.state))
    return { found: true, steps: [], final: root.state, expansions: 0, generated: 1 };
  const seen = new Set([problem.key(root.state)]);
  const queue = [root];
  let expansions = 0;
  let generated = 1;
  for (let head = 0; head < queue.length; head++) {
    if (expansions >= limits.maxExpansions) return { found: false, exhausted: false, expansions, generated };
    const node = queue[head]!;
    queue[head] = undefined as never; // let the garbage collector have expanded states
    expansions++;
    for (const { step, state } of problem.successors(node.state)) {
      const key = problem.key(state);
      if (seen.has(key)) continue;
      seen.add(key);
      generated++;
      const child = { state, parent: node, step, depth: node.depth + 1 };
      // Testing at generation is exact for unit costs: every later node is at least as deep.
      if (problem.isGoal(state))
        return { found: true, steps: stepsTo(child), final: state, expansions, generated };
      queue.push(child);
    }
  }
  return { found: false, exhausted: true, expansions, generated };
}
