import { err, ok, type Result, type SceneGraph } from '@groundplan/scene-graph';
import { navigationIndexOf } from './navigation-index.js';
import { resolvePlace } from './place.js';
import { pathTo, type SearchAlgorithm, searchPath } from './search.js';
import { disconnected, type Unreachable } from './unreachable.js';

/** A route along the navigation layer: node ids from start to goal, and its length in metres. */
export type Route = { path: string[]; length: number };

export type ShortestPathOptions = {
  /** 'auto' (default) runs A* when the Euclidean heuristic is admissible for this scene, else Dijkstra. */
  algorithm?: SearchAlgorithm;
};

/**
 * The shortest navigation route between two places. Assets and objects stand for their room, the
 * agent (or an object it holds) for where the agent is; the route runs between those places.
 */
export function shortestPath(
  graph: SceneGraph,
  from: string,
  to: string,
  options: ShortestPathOptions = {},
): Result<Route, Unreachable> {
  const index = navigationIndexOf(graph);
  const start = resolvePlace(graph, index, from);
  if (!start.ok) return start;
  const goal = resolvePlace(graph, index, to);
  if (!goal.ok) return goal;
  const found = searchPath(index, start.value.number, goal.value.number, options.algorithm);
  if (found === undefined) return err(disconnected(graph, index, start.value, goal.value));
  return ok({ path: pathTo(index, found.reached), length: found.length });
}
