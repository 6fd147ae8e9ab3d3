import type { PlanStep, Result, SceneGraph } from '@groundplan/scene-graph';
import { ok } from '@groundplan/scene-graph';
import { fullStateOf, parentIn, type SimState, stateOf } from '../state/sim-state.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { formatGoal, type Goal, goalNodes, parseGoals } from './goal.js';

export interface GoalResult {
  readonly goal: string;
  readonly pass: boolean;
  /** One line on what is actually true. */
  readonly reason: string;
}

export interface GoalReport {
  /** Every goal passes. */
  readonly satisfied: boolean;
  readonly results: GoalResult[];
}

/** Checks a conjunction of parsed goal predicates against the scene after the plan's changes. */
export function checkGoals(scene: SceneGraph, sim: SimState, goals: readonly Goal[]): GoalReport {
  const results = goals.map((goal) => checkGoal(scene, sim, goal));
  return { satisfied: results.every((result) => result.pass), results };
}

/** Parses goal text (a list, or one string joined by `and`) and checks it; unreadable text is an error. */
export function checkGoalText(
  scene: SceneGraph,
  sim: SimState,
  goals: string | readonly string[],
): Result<GoalReport> {
  const parsed = parseGoals(goals);
  return parsed.ok ? ok(checkGoals(scene, sim, parsed.value)) : parsed;
}

/** Whether a plan, run from the scene as it is, leaves a world that satisfies the goal text. */
export function checkPlanGoals(
  scene: SceneGraph,
  plan: readonly PlanStep[],
  goals: string | readonly string[],
): Result<{ satisfied: boolean; failed: string[] }> {
  const verification = verifyPlan(scene, plan);
  if (!verification.ok) return ok({ satisfied: false, failed: [verification.failure.feedback] });
  const report = checkGoalText(scene, verification.final, goals);
  if (!report.ok) return report;
  return ok({
    satisfied: report.value.satisfied,
    failed: report.value.results.filter((r) => !r.pass).map((r) => `${r.goal}: ${r.reason}`),
  });
}

function checkGoal(scene: SceneGraph, sim: SimState, goal: Goal): GoalResult {
  const text = formatGoal(goal);
  const missing = goalNodes(goal).find((id) => !scene.hasNode(id));
  if (missing !== undefined) return { goal: text, pass: false, reason: `no node '${missing}' in the scene` };
  const { holds, fact } = evaluate(scene, sim, goal);
  const pass = goal.negated ? !holds : holds;
  return { goal: text, pass, reason: goal.negated && !pass ? `${fact}, which the goal rules out` : fact };
}

function evaluate(scene: SceneGraph, sim: SimState, goal: Goal): { holds: boolean; fact: string } {
  switch (goal.kind) {
    case 'inside': {
      const holds = isInside(scene, sim, goal.object, goal.target);
      const where = whereIs(scene, sim, goal.object);
      return {
        holds,
        fact: holds
          ? `${goal.object} is inside ${goal.target}`
          : `${goal.object} is ${where}, not inside ${goal.target}`,
      };
    }
    case 'on': {
      const placement = parentIn(scene, sim, goal.object);
      const holds = placement?.parent === goal.target && restsOn(scene, placement.parent, placement.relation);
      const where = whereIs(scene, sim, goal.object);
      return {
        holds,
        fact: holds
          ? `${goal.object} is on ${goal.target}`
          : `${goal.object} is ${where}, not on ${goal.target}`,
      };
    }
    case 'state': {
      if (goal.dimension === undefined) {
        const state = fullStateOf(scene, sim, goal.node);
        const dimension = Object.keys(state).find((key) => state[key] === goal.value);
        const shown =
          Object.entries(state)
            .map(([key, value]) => `${key} ${value}`)
            .join(', ') || 'no state';
        return dimension === undefined
          ? { holds: false, fact: `${goal.node} is not ${goal.value} (it has ${shown})` }
          : { holds: true, fact: `${goal.node} ${dimension} is ${goal.value}` };
      }
      const actual = stateOf(scene, sim, goal.node, goal.dimension);
      if (actual === undefined) return { holds: false, fact: `${goal.node} has no ${goal.dimension} state` };
      return {
        holds: actual === goal.value,
        fact:
          actual === goal.value
            ? `${goal.node} ${goal.dimension} is ${actual}`
            : `${goal.node} ${goal.dimension} is ${actual}, not ${goal.value}`,
      };
    }
    case 'holding': {
      const held = sim.holding ?? 'nothing';
      const wanted = goal.object ?? 'nothing';
      return {
        holds: held === wanted,
        fact: held === wanted ? `the agent holds ${held}` : `the agent holds ${held}, not ${wanted}`,
      };
    }
    case 'at':
      return {
        holds: sim.place === goal.place,
        fact:
          sim.place === goal.place
            ? `the agent is at ${goal.place}`
            : `the agent is at ${sim.place}, not ${goal.place}`,
      };
  }
}

/**
 * Inside means below the target, entering it through an `inside` link, or placed anywhere within a
 * room or floor (on or in one of its assets, or lying there); an object in the gripper is inside nothing.
 */
function isInside(scene: SceneGraph, sim: SimState, object: string, target: string): boolean {
  const targetKind = scene.getNodeAttribute(target, 'kind');
  const isSpace =
    targetKind === 'room' || targetKind === 'floor' || targetKind === 'building' || targetKind === 'campus';
  let current = object;
  for (let depth = 0; depth < 64; depth++) {
    const placement = parentIn(scene, sim, current);
    if (placement === undefined) return false;
    if (placement.parent === target) return isSpace || placement.relation === 'inside';
    // A held object is in the gripper, not placed anywhere: inside(x, room) asks that x be put there.
    if (scene.getNodeAttribute(placement.parent, 'kind') === 'agent') return false;
    current = placement.parent;
  }
  return false;
}

/** An object under an asset or object with no relation stated rests on it. */
function restsOn(scene: SceneGraph, parent: string, relation: string | undefined): boolean {
  if (relation !== undefined) return relation === 'on';
  const kind = scene.getNodeAttribute(parent, 'kind');
  return kind === 'asset' || kind === 'object';
}

function whereIs(scene: SceneGraph, sim: SimState, id: string): string {
  const placement = parentIn(scene, sim, id);
  if (placement === undefined) return 'nowhere in the hierarchy';
  const kind = scene.getNodeAttribute(placement.parent, 'kind');
  if (kind === 'agent') return 'in the gripper';
  if (kind === 'room') return `in ${placement.parent}`;
  return `${placement.relation ?? (restsOn(scene, placement.parent, undefined) ? 'on' : 'in')} ${placement.parent}`;
}
