import { err, ok, type Result, type SceneGraph } from '@groundplan/scene-graph';
import { navigationIndexOf } from './navigation-index.js';
import { type Place, resolvePlace } from './place.js';
import { pathTo, searchNearest } from './search.js';
import type { Route } from './shortest-path.js';
import type { Unreachable } from './unreachable.js';

/** The candidate closest to a place by route length, the room or pose it stands at, and the route. */
export type Nearest = Route & { candidate: string; place: string };

/**
 * The candidate nearest to `from` by navigation route length, found with one Dijkstra that stops
 * when the first candidate's place settles ("the closest fire extinguisher to the manipulation
 * lab"). Candidates may be any nodes; each stands for its place as in shortestPath. Candidates
 * sharing the nearest place are resolved in the order given. A candidate that does not exist or is
 * no place is an error, not silently skipped, so a hallucinated id is reported.
 */
export function nearest(
  graph: SceneGraph,
  from: string,
  candidates: readonly string[],
): Result<Nearest, Unreachable> {
  const index = navigationIndexOf(graph);
  const start = resolvePlace(graph, index, from);
  if (!start.ok) return start;
  if (candidates.length === 0) {
    return err({
      reason: 'not_a_place',
      message: `no candidates were given to choose the nearest from ${from}`,
    });
  }
  const places: Place[] = [];
  for (const candidate of candidates) {
    const place = resolvePlace(graph, index, candidate);
    if (!place.ok) return place;
    places.push(place.value);
  }
  const found = searchNearest(
    index,
    start.value.number,
    places.map((p) => p.number),
  );
  if (found === undefined) {
    const names =
      candidates.length <= 5 ? candidates.join(', ') : `${candidates.slice(0, 5).join(', ')}, ...`;
    return err({
      reason: 'disconnected',
      from,
      message: `none of the ${candidates.length} candidates (${names}) can be reached from ${from}: no navigation path leads from ${start.value.node} to any of their rooms or poses`,
    });
  }
  const chosen = places.find((p) => p.number === found.reached)!;
  return ok({
    candidate: chosen.requested,
    place: chosen.node,
    path: pathTo(index, found.reached),
    length: found.length,
  });
}
