import type { EvalTask } from './tasks.js';

/** One way a planning task may be met: its goal and required nodes, as written or with a substitute. */
export type GoalVariant = {
  goal: string[];
  required: string[];
  /** The substitution that made it ("cloth for sponge"); absent for the goal as written. */
  substitute?: { instead: string; use: string };
};

/**
 * The goal as written, then one variant per substitute the task accepts ("the cloth is accepted
 * instead of the sponge"): the goal and the required nodes with the two ids swapped, so "any three
 * of the four bottles" is three swaps of the one left out. One substitution at a time: the notes
 * accept one thing for another, not every combination.
 */
export function goalVariants(task: EvalTask): GoalVariant[] {
  const written: GoalVariant = {
    goal: task.criteria.kind === 'planning' ? task.criteria.goal : [],
    required: task.required,
  };
  if (task.criteria.kind !== 'planning') return [written];
  const variants = [written];
  for (const [instead, uses] of task.criteria.accepted ?? [])
    for (const use of uses) {
      const swap = (id: string) => (id === instead ? use : id === use ? instead : id);
      variants.push({
        goal: written.goal.map((predicate) => predicate.replace(/[^\s(),]+/g, swap)),
        required: written.required.map(swap),
        substitute: { instead, use },
      });
    }
  return variants;
}
