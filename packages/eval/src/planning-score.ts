import type { SceneGraph } from '@groundplan/scene-graph';
import { checkPlanGoals } from '@groundplan/simulator';
import type { PlanTaskResult } from '@groundplan/workflows/contract';
import { untouchedKept } from './conduct.js';
import { type GoalVariant, goalVariants } from './goal-variants.js';
import type { PlanningScore } from './score.js';
import type { EvalTask } from './tasks.js';

/**
 * Judges a planning task (SayPlan's correctness): the plan is verified, the goal as written or one
 * of its accepted variants (goal-variants.ts) holds after it, and the nodes the task says to leave
 * alone end as they started. The failures reported are the written goal's; `variant` is the one
 * met, against which conduct is judged.
 */
export function scorePlanning(
  graph: SceneGraph,
  task: EvalTask,
  result: Pick<PlanTaskResult, 'status' | 'expandedPlan'>,
): { score: PlanningScore; variant?: GoalVariant } {
  if (task.criteria.kind !== 'planning') throw new Error(`${task.id} is not a planning task`);
  const met = (goal: readonly string[]) => {
    const checked = checkPlanGoals(graph, result.expandedPlan, [...goal]);
    if (!checked.ok) throw new Error(`${task.id}: the task's goal does not parse: ${checked.error}`);
    return checked.value;
  };
  const executable = result.status === 'verified';
  if (!executable) return { score: { executable, correct: false, failedGoals: [] } };
  // The written goal first: its check gives the failures, and most plans meet it or nothing.
  const [asWritten, ...substituted] = goalVariants(task);
  const written = met(asWritten!.goal);
  const kept = untouchedKept(graph, task, result);
  const variant = !kept
    ? undefined
    : written.satisfied
      ? asWritten
      : substituted.find((candidate) => met(candidate.goal).satisfied);
  return {
    score: {
      executable,
      correct: variant !== undefined,
      failedGoals: written.failed,
      ...(variant?.substitute ? { substitute: variant.substitute } : {}),
    },
    ...(variant ? { variant } : {}),
  };
}
