import {
  collapse,
  contract,
  expand,
  type SceneGraph,
  searchTree,
  type View,
  visibleWithTree,
} from '@groundplan/scene-graph';
import type { SearchTraceEntry } from '@groundplan/workflows/contract';
import type { SearchStepView } from './view-data.js';

/**
 * A run's search trace step by step, each with the view it left: replayed from the collapsed
 * view with the same expand and contract the workflow applied, so the trace need not carry views.
 * A refused or invalid command leaves the view as it was, as it did in the run.
 */
export function searchStepViews(scene: SceneGraph, trace: readonly SearchTraceEntry[]): SearchStepView[] {
  let view: View = collapse(scene);
  const tree = searchTree(scene);
  return trace.map((entry) => {
    if (!entry.error && (entry.command === 'expand' || entry.command === 'contract')) {
      const next =
        entry.command === 'expand' ? expand(scene, view, entry.node) : contract(scene, view, entry.node);
      if (next.ok) view = next.value;
    }
    return {
      step: entry.step,
      command: entry.command,
      node: entry.node,
      viewTokens: entry.viewTokens,
      ...(entry.error ? { error: entry.error } : {}),
      expanded: view.expanded,
      // A large building's view shows groups of rooms too (none in a flat one).
      visible: shownBy(visibleWithTree(scene, view, tree)),
    };
  });
}

function shownBy({ nodes, groups }: { nodes: string[]; groups: string[] }): string[] {
  return groups.length === 0 ? nodes : [...nodes, ...groups].sort();
}

/**
 * Per node, the search step whose view first showed it, counted from 1 as the page lists them:
 * 0 for the collapsed view the search starts from. Nodes no view showed are absent; so is every
 * node of a run that did not search.
 */
export function revealedSteps(scene: SceneGraph, steps: readonly SearchStepView[]): Record<string, number> {
  const revealed: Record<string, number> = {};
  if (steps.length === 0) return revealed;
  for (const id of shownBy(visibleWithTree(scene, collapse(scene), searchTree(scene)))) revealed[id] = 0;
  steps.forEach((step, index) => {
    for (const id of step.visible) revealed[id] ??= index + 1;
  });
  return revealed;
}
