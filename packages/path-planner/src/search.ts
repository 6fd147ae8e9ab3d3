import type { NavigationIndex, SearchWorkspace } from './navigation-index.js';

/** How a search ended: the goal node it settled and its distance, or nothing reachable. */
export type SearchOutcome = { reached: number; length: number } | undefined;

/** Which algorithm a point-to-point query runs; 'auto' picks A* whenever it is exact, and 'astar' falls back to Dijkstra when it would not be. */
export type SearchAlgorithm = 'auto' | 'dijkstra' | 'astar';

// Shrinks the heuristic by a hair so rounding in Math.hypot can never make it overestimate.
const HEURISTIC_SCALE = 1 - 1e-9;

function begin(workspace: SearchWorkspace): number {
  workspace.heap.clear();
  workspace.stamp = (workspace.stamp + 1) >>> 0;
  if (workspace.stamp === 0) {
    // After 2^32 queries the stamps wrap around; start them afresh.
    workspace.seen.fill(0);
    workspace.settled.fill(0);
    workspace.goal.fill(0);
    workspace.stamp = 1;
  }
  return workspace.stamp;
}

/**
 * Point-to-point shortest path on the index. Dijkstra, or A* with the straight-line distance
 * when the index says that heuristic is admissible; both stop as soon as the target settles.
 */
export function searchPath(
  index: NavigationIndex,
  source: number,
  target: number,
  algorithm: SearchAlgorithm = 'auto',
): SearchOutcome {
  if (index.components[source] !== index.components[target]) return undefined;
  const useAStar = algorithm === 'astar' || (algorithm === 'auto' && index.euclideanAdmissible);
  if (useAStar && !index.euclideanAdmissible) return searchPath(index, source, target, 'dijkstra');

  const { positions, workspace } = index;
  const stamp = begin(workspace);
  const tx = positions[3 * target]!;
  const ty = positions[3 * target + 1]!;
  const tz = positions[3 * target + 2]!;
  const heuristic = useAStar
    ? (u: number) => {
        const dx = positions[3 * u]! - tx;
        const dy = positions[3 * u + 1]! - ty;
        const dz = positions[3 * u + 2]! - tz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz) * HEURISTIC_SCALE;
      }
    : undefined;
  return dijkstra(index, source, stamp, (v) => v === target, heuristic);
}

/** Dijkstra from source until the first of the goal nodes settles: the nearest goal by path length. */
export function searchNearest(
  index: NavigationIndex,
  source: number,
  goals: readonly number[],
): SearchOutcome {
  const { components, workspace } = index;
  const { goal } = workspace;
  const stamp = begin(workspace);
  let reachableGoals = 0;
  for (const g of goals) {
    if (components[g] === components[source] && goal[g] !== stamp) {
      goal[g] = stamp;
      reachableGoals++;
    }
  }
  if (reachableGoals === 0) return undefined;
  return dijkstra(index, source, stamp, (v) => goal[v] === stamp);
}

/**
 * The one Dijkstra loop: settles nodes from source in order of path length (plus the heuristic,
 * which makes it A*) and stops at the first node isGoal accepts.
 */
function dijkstra(
  index: NavigationIndex,
  source: number,
  stamp: number,
  isGoal: (node: number) => boolean,
  heuristic?: (node: number) => number,
): SearchOutcome {
  const { offsets, targets, weights, workspace } = index;
  const { distance, parent, seen, settled, heap } = workspace;
  distance[source] = 0;
  parent[source] = -1;
  seen[source] = stamp;
  heap.push(source, 0);
  while (heap.size > 0) {
    const v = heap.pop();
    if (isGoal(v)) return { reached: v, length: distance[v]! };
    settled[v] = stamp;
    const dv = distance[v]!;
    for (let e = offsets[v]!, end = offsets[v + 1]!; e < end; e++) {
      const u = targets[e]!;
      if (settled[u] === stamp) continue;
      const candidate = dv + weights[e]!;
      if (seen[u] === stamp && candidate >= distance[u]!) continue;
      seen[u] = stamp;
      distance[u] = candidate;
      parent[u] = v;
      heap.push(u, heuristic === undefined ? candidate : candidate + heuristic(u));
    }
  }
  return undefined;
}

/** The node ids from the search's source to node, read back through the parent links just searched. */
export function pathTo(index: NavigationIndex, node: number): string[] {
  const { parent } = index.workspace;
  const path: string[] = [];
  for (let v = node; v !== -1; v = parent[v]!) path.push(index.ids[v]!);
  return path.reverse();
}
