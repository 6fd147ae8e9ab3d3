import { Heap } from 'heap-js';
import {
  type SearchLimits,
  type SearchNode,
  type SearchOutcome,
  type SearchProblem,
  stepsTo,
} from './search-problem.js';

export type BestFirstAlgorithm = 'astar' | 'gbfs';

interface Entry<State, Step> {
  readonly node: SearchNode<State, Step>;
  readonly key: string;
  /** The priority: g + h for A*, h for greedy best-first. */
  readonly priority: number;
  readonly estimate: number;
  /** Insertion order, so equal priorities pop first-in first-out and the search is deterministic. */
  readonly order: number;
}

/**
 * A* (priority g + h, goal test on expansion, re-opening a state reached by a shorter path: with
 * an admissible estimate the plan is shortest) or greedy best-first (priority h, goal test on
 * generation, each state queued once: fast, not optimal). Ties prefer the lower estimate, then
 * the older entry.
 */
export function bestFirstSearch<State, Step>(
  problem: SearchProblem<State, Step>,
  algorithm: BestFirstAlgorithm,
  limits: SearchLimits,
): SearchOutcome<Step, State> {
  const estimate = problem.estimate ?? (() => 0);
  const greedy = algorithm === 'gbfs';
  const open = new Heap<Entry<State, Step>>(
    (a, b) => a.priority - b.priority || a.estimate - b.estimate || a.order - b.order,
  );
  const bestDepth = new Map<string, number>();
  let order = 0;
  let generated = 0;
  let expansions = 0;
  const enqueue = (node: SearchNode<State, Step>, key: string) => {
    const h = estimate(node.state);
    bestDepth.set(key, node.depth);
    generated++;
    open.push({ node, key, priority: greedy ? h : node.depth + h, estimate: h, order: order++ });
  };

  const root: SearchNode<State, Step> = { state: problem.initial, parent: null, step: null, depth: 0 };
  if (problem.isGoal(root.state))
    return { found: true, steps: [], final: root.state, expansions, generated: 1 };
  enqueue(root, problem.key(root.state));
  for (;;) {
    const entry = open.pop();
    if (entry === undefined) return { found: false, exhausted: true, expansions, generated };
    const { node, key } = entry;
    // A stale entry: the state was queued again through a shorter path.
    if (node.depth > bestDepth.get(key)!) continue;
    if (!greedy && problem.isGoal(node.state)) {
      return { found: true, steps: stepsTo(node), final: node.state, expansions, generated };
    }
    if (expansions >= limits.maxExpansions) return { found: false, exhausted: false, expansions, generated };
    expansions++;
    for (const { step, state } of problem.successors(node.state)) {
      const childKey = problem.key(state);
      const known = bestDepth.get(childKey);
      if (known !== undefined && (greedy || known <= node.depth + 1)) continue;
      const child = { state, parent: node, step, depth: node.depth + 1 };
      if (greedy && problem.isGoal(state)) {
        return {
          found: true,
          steps: stepsTo(child),
          final: child.state,
          expansions,
          generated: generated + 1,
        };
      }
      enqueue(child, childKey);
    }
  }
}
