import { formatGoal, type Goal } from './goal.js';

/** Goals kept, and each dropped one with the goal it contradicts. */
export type ConsistentGoals = { kept: Goal[]; dropped: Array<{ goal: string; contradicts: string }> };

/**
 * The goals in order, without any that contradicts one before it, so no planner searches for a
 * state that cannot exist: one place per object (on, inside and holding are all where it is), one
 * thing held, one value per state dimension of a node, one place for the robot. Negated goals
 * never contradict here (the planner finds out).
 */
export function consistentGoals(goals: readonly Goal[]): ConsistentGoals {
  const kept: Goal[] = [];
  const dropped: ConsistentGoals['dropped'] = [];
  for (const goal of goals) {
    const clash = goal.negated ? undefined : kept.find((taken) => !taken.negated && contradicts(taken, goal));
    if (clash === undefined) kept.push(goal);
    else dropped.push({ goal: formatGoal(goal), contradicts: formatGoal(clash) });
  }
  return { kept, dropped };
}

/** The object a placement goal puts somewhere (held counts as a place), if it is one. */
function placed(goal: Goal): string | undefined {
  if (goal.kind === 'on' || goal.kind === 'inside') return goal.object;
  if (goal.kind === 'holding') return goal.object ?? undefined;
  return undefined;
}

function contradicts(a: Goal, b: Goal): boolean {
  if (a.kind === 'holding' && b.kind === 'holding') return a.object !== b.object;
  const object = placed(a);
  if (object !== undefined && object === placed(b)) return formatGoal(a) !== formatGoal(b);
  if (a.kind === 'state' && b.kind === 'state')
    return a.node === b.node && a.dimension === b.dimension && a.value !== b.value;
  if (a.kind === 'at' && b.kind === 'at') return a.place !== b.place;
  return false;
}
