import type { SceneGraph } from '@groundplan/scene-graph';
import { type ActionSpec, type PlanStep, type SimState, tryStep } from '@groundplan/simulator';
import { NAVIGATION_ACTION, roomMoves } from '../successors/room-moves.js';

/**
 * Greedy action elimination (Nakhost & Müller 2010): drop a step, and with it every later step
 * that no longer applies; keep the shorter plan when it still reaches the goals. Greedy search
 * finds plans with detours (a thing picked up and put back); this removes them without searching
 * again. Steps are applied as the search applies them (goto(room) along the route).
 */
export function eliminateSteps(
  scene: SceneGraph,
  start: SimState,
  plan: readonly PlanStep[],
  isGoal: (state: SimState) => boolean,
  actions: readonly ActionSpec[],
): { plan: PlanStep[]; final: SimState } | undefined {
  const moveTo = roomMoves(scene, actions);
  const apply = (state: SimState, step: PlanStep) =>
    step.action === NAVIGATION_ACTION && step.args.length === 1
      ? moveTo(state, step.args[0]!)
      : tryStep(scene, state, step, actions);
  let steps = [...plan];
  let final: SimState | undefined;
  // The state before each step of the current plan.
  const before: SimState[] = [start];
  for (let i = 0; i < steps.length; i++) {
    let state = before[i]!;
    const kept: PlanStep[] = [];
    for (const step of steps.slice(i + 1)) {
      const next = apply(state, step);
      if (next === undefined) continue;
      kept.push(step);
      state = next;
    }
    if (isGoal(state)) {
      steps = [...steps.slice(0, i), ...kept];
      final = state;
      i--;
      continue;
    }
    const next = apply(before[i]!, steps[i]!);
    if (next === undefined) return undefined;
    before[i + 1] = next;
  }
  if (final === undefined) {
    final = before[steps.length];
    if (final === undefined || !isGoal(final)) return undefined;
  }
  return { plan: steps, final };
}
