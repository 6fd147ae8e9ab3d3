import type { SceneGraph } from '@groundplan/scene-graph';
import type { PlanStep } from '../plan/plan.js';
import { commitState } from '../state/commit-state.js';
import { initialState, withAgent } from '../state/sim-state.js';
import { applyStep, type StepOutcome } from '../verify/verify-plan.js';

/**
 * The simulator written the easy way, as a reference: the same action table, but the whole graph
 * is copied and the step written into the copy after every step. Slow; for tests and benchmarks.
 */
export function verifyCopyingPerStep(
  scene: SceneGraph,
  plan: readonly PlanStep[],
): { graph: SceneGraph; failure: StepOutcome | undefined } {
  let graph = scene;
  let accessed: string | null = null;
  for (const [index, step] of plan.entries()) {
    const start = initialState(graph);
    if (!start.ok) throw new Error(start.error);
    const outcome = applyStep(
      graph,
      withAgent(start.value, start.value.place, accessed, start.value.holding),
      step,
      {
        index,
      },
    );
    if (!outcome.ok) return { graph, failure: outcome };
    accessed = outcome.state.accessed;
    graph = commitState(graph, outcome.state);
  }
  return { graph, failure: undefined };
}
