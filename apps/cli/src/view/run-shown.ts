// What a run names on a large building, read alike by the server (which groups to send open) and
// the page (which of them it has not drawn yet): types only besides, so the page can bundle it.
import type { RunData } from './view-data.js';

/** What a run names on a large building: nodes (and groups) to draw, and the groups its search expanded. */
export type Shown = { nodes: readonly string[]; open: readonly string[] };

/** What a run names: where it starts, its route, what it touches or explored, what every search step showed or expanded. */
export function shownByRun(run: RunData): Shown {
  const expanded = run.search.flatMap((step) => step.expanded);
  return {
    nodes: [
      ...(run.start !== undefined ? [run.start] : []),
      ...run.route,
      ...run.touched,
      ...(run.explored ?? []),
      ...run.search.flatMap((step) => step.visible),
      ...expanded,
    ],
    open: expanded,
  };
}
