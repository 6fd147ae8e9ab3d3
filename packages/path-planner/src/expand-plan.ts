import { err, ok, type PlanStep, type Result, type SceneGraph } from '@groundplan/scene-graph';
import { navigationIndexOf } from './navigation-index.js';
import { placeOfAgent, resolvePlace } from './place.js';
import { pathTo, searchPath } from './search.js';
import { disconnected, type UnreachableReason } from './unreachable.js';

/** Why a plan could not be expanded: the step (0-based) and a message naming it for the LLM. */
export type PlanExpansionError = {
  step: number;
  action: string;
  args: string[];
  reason: UnreachableReason | 'malformed_step';
  message: string;
};

/**
 * Fills in navigation as in SayPlan (section 3.3): starting from the agent's location, every
 * goto(X) becomes one goto per navigation node passed along the shortest route (poses, and rooms
 * the route runs through), ending with goto of X's place: X itself for a room or pose, the room
 * of an asset or object (goto takes rooms and poses; access(X) then reaches the asset). A goto to
 * where the agent already is stays as one goto. Every other step passes through unchanged.
 */
export function expandPlan(
  graph: SceneGraph,
  plan: readonly PlanStep[],
): Result<PlanStep[], PlanExpansionError> {
  const traced = expandPlanTraced(graph, plan);
  return traced.ok ? ok(traced.value.steps) : traced;
}

/** A plan's expansion, and for each expanded step the index of the plan step it came from. */
export type TracedExpansion = { steps: PlanStep[]; origins: number[] };

/** expandPlan, keeping where each expanded step came from, so feedback can name the planner's own step. */
export function expandPlanTraced(
  graph: SceneGraph,
  plan: readonly PlanStep[],
): Result<TracedExpansion, PlanExpansionError> {
  const index = navigationIndexOf(graph);
  const expanded: PlanStep[] = [];
  const origins: number[] = [];
  let here: number | undefined;

  for (let i = 0; i < plan.length; i++) {
    const step = plan[i]!;
    const emit = (next: PlanStep) => {
      expanded.push(next);
      origins.push(i);
    };
    if (step.action !== 'goto') {
      emit(step);
      continue;
    }
    const fail = (reason: PlanExpansionError['reason'], why: string) =>
      err({
        step: i,
        action: step.action,
        args: step.args,
        reason,
        message: `step ${i + 1} ${step.action}(${step.args.join(', ')}) cannot be reached: ${why}`,
      });
    if (step.args.length !== 1) return fail('malformed_step', 'goto takes exactly one place');

    if (here === undefined) {
      const start = placeOfAgent(graph, index, 'the agent');
      if (!start.ok) return fail(start.error.reason, start.error.message);
      here = start.value.number;
    }
    const goal = resolvePlace(graph, index, step.args[0]!);
    if (!goal.ok) return fail(goal.error.reason, goal.error.message);

    const found = searchPath(index, here, goal.value.number);
    if (found === undefined) {
      const from = index.ids[here]!;
      const explanation = disconnected(
        graph,
        index,
        { requested: from, node: from, number: here },
        goal.value,
      );
      return fail('disconnected', explanation.message);
    }
    if (found.reached === here) emit({ action: 'goto', args: [goal.value.node] });
    else for (const node of pathTo(index, found.reached).slice(1)) emit({ action: 'goto', args: [node] });
    here = found.reached;
  }
  return ok({ steps: expanded, origins });
}
