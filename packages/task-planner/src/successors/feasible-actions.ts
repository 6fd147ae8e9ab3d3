import type { SceneGraph } from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  type ActionSpec,
  formatStep,
  type PlanStep,
  type SimState,
  tryStep,
} from '@groundplan/simulator';
import { type GroundSteps, groundSteps } from './ground-steps.js';
import { NAVIGATION_ACTION, roomMoves } from './room-moves.js';

/** A step the simulator accepts in a state, as data and as the model reads it. */
export interface FeasibleAction {
  readonly step: PlanStep;
  /** pickup(mug) */
  readonly text: string;
}

/** A feasible step and the state it leads to. */
export interface Successor extends FeasibleAction {
  readonly state: SimState;
}

export interface FeasibleActionOptions {
  /** The explored subgraph's node ids: the only arguments a step may name. Unknown ids are ignored. */
  readonly nodes: readonly string[];
  /** The skills the robot has; the simulator's ACTION_SPECS by default. */
  readonly actions?: readonly ActionSpec[];
}

/** The successor function of one planning problem: grounding and routes are computed once. */
export type SuccessorFunction = (state: SimState) => Successor[];

/**
 * Grounds the action table over the nodes once (dropping steps an affordance check rules out for
 * good) and returns the function that lists, for a state, every step whose preconditions hold
 * there with the state it leads to. goto(room) is a macro over the navigation route; every other
 * step is applied by the simulator as it stands.
 */
export function successorFunction(scene: SceneGraph, options: FeasibleActionOptions): SuccessorFunction {
  const actions = options.actions ?? ACTION_SPECS;
  const moveTo = roomMoves(scene, actions);
  let grounded: GroundSteps | undefined;
  return (state) => {
    grounded ??= groundSteps(scene, state, options.nodes, actions);
    const found: Successor[] = [];
    for (const room of grounded.moves) {
      if (room === state.place) continue;
      const next = moveTo(state, room);
      const step = { action: NAVIGATION_ACTION, args: [room] };
      if (next !== undefined) found.push({ step, text: formatStep(step), state: next });
    }
    for (const step of grounded.steps) {
      // tryStep is applyStep without the feedback text, which most rejected steps would cost.
      const next = tryStep(scene, state, step, actions);
      if (next !== undefined) found.push({ step, text: formatStep(step), state: next });
    }
    return found;
  };
}

/** Every step whose preconditions hold in the state, arguments drawn only from the explored nodes. */
export function feasibleActions(
  scene: SceneGraph,
  state: SimState,
  options: FeasibleActionOptions,
): FeasibleAction[] {
  return successorFunction(scene, options)(state).map(({ step, text }) => ({ step, text }));
}
