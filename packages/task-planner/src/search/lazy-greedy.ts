import { Heap } from 'heap-js';
import {
  type SearchLimits,
  type SearchNode,
  type SearchOutcome,
  type SearchProblem,
  stepsTo,
} from './search-problem.js';

interface Entry<State, Step> {
  readonly node: SearchNode<State, Step>;
  /** The parent's estimate: lazy search scores a state only when it is expanded. */
  readonly estimate: number;
  readonly order: number;
}

// How far the preferred queue jumps ahead when the search finds a state closer to the goal than
// any before (Fast Downward's lazy search boosts by the same amount).
const BOOST = 1000;

/**
 * Lazy greedy best-first search with preferred operators, as in LAMA and Fast Downward's
 * lazy_greedy: a state is scored when it is taken out of the queue (one estimate per expansion,
 * not per successor); its successors enter one queue with the parent's estimate, and those the
 * estimate prefers enter a second one as well. The queues take turns, the preferred one more
 * often after progress. Goals are tested on generation; each state is expanded once.
 */
export function lazyGreedySearch<State, Step>(
  problem: SearchProblem<State, Step>,
  limits: SearchLimits,
): SearchOutcome<Step, State> {
  const evaluate =
    problem.evaluate ??
    ((state: State) => ({ estimate: problem.estimate?.(state) ?? 0, preferred: () => false }));
  const compare = (a: Entry<State, Step>, b: Entry<State, Step>) =>
    a.estimate - b.estimate || a.order - b.order;
  const queues = [new Heap<Entry<State, Step>>(compare), new Heap<Entry<State, Step>>(compare)];
  // Fast Downward's alternation: take from the queue with the lower priority, which then rises.
  const priority = [0, 0];
  const [regular, preferred] = queues as [Heap<Entry<State, Step>>, Heap<Entry<State, Step>>];
  const closed = new Set<string>();
  const deadline =
    limits.maxMilliseconds === undefined ? Infinity : performance.now() + limits.maxMilliseconds;
  let order = 0;
  let generated = 1;
  let expansions = 0;
  let best = Infinity;

  const root: SearchNode<State, Step> = { state: problem.initial, parent: null, step: null, depth: 0 };
  if (problem.isGoal(root.state)) return { found: true, steps: [], final: root.state, expansions, generated };
  regular.push({ node: root, estimate: 0, order: order++ });
  for (;;) {
    const from = pickQueue(queues, priority);
    if (from === undefined) return { found: false, exhausted: true, expansions, generated };
    const { node } = queues[from]!.pop()!;
    const key = problem.key(node.state);
    if (closed.has(key)) continue;
    if (expansions >= limits.maxExpansions)
      return { found: false, exhausted: false, limit: 'expansions', expansions, generated };
    if (performance.now() > deadline)
      return { found: false, exhausted: false, limit: 'time', expansions, generated };
    closed.add(key);
    expansions++;
    const { estimate, preferred: isPreferred } = evaluate(node.state);
    if (estimate < best) {
      best = estimate;
      priority[1] = priority[1]! - BOOST;
    }
    const children: { node: SearchNode<State, Step>; preferred: boolean }[] = [];
    for (const { step, state } of problem.successors(node.state)) {
      generated++;
      const child = { state, parent: node, step, depth: node.depth + 1 };
      if (problem.isGoal(state))
        return { found: true, steps: stepsTo(child), final: state, expansions, generated };
      children.push({ node: child, preferred: isPreferred(step) });
    }
    // Preferred successors first, so among equal estimates they are tried first in both queues.
    children.sort((a, b) => Number(b.preferred) - Number(a.preferred));
    for (const child of children) {
      if (closed.has(problem.key(child.node.state))) continue;
      regular.push({ node: child.node, estimate, order: order++ });
      if (child.preferred) preferred.push({ node: child.node, estimate, order: order++ });
    }
  }
}

function pickQueue<T>(queues: readonly Heap<T>[], priority: number[]): number | undefined {
  let pick: number | undefined;
  for (let i = 0; i < queues.length; i++)
    if (queues[i]!.size() > 0 && (pick === undefined || priority[i]! < priority[pick]!)) pick = i;
  if (pick !== undefined) priority[pick]!++;
  return pick;
}
