import type { SceneGraph } from '@groundplan/scene-graph';
import type { ActionSpec, PlanStep, SimState } from '@groundplan/simulator';
import { NAVIGATION_ACTION } from './room-moves.js';
import { staticFailure } from './static-checks.js';

/** The table's steps over the explored nodes, split into those that may run and those that never can. */
export interface GroundSteps {
  /** Rooms for goto(room). */
  readonly moves: string[];
  /** Steps whose arguments have the kinds the parameters take and whose affordance checks pass. */
  readonly steps: PlanStep[];
  /** Steps an affordance check rules out for good, with the simulator's reason. */
  readonly neverRun: { readonly step: PlanStep; readonly why: string }[];
}

/** Every step of the table whose arguments are explored nodes of the kinds its parameters take. */
export function groundSteps(
  scene: SceneGraph,
  sim: SimState,
  nodes: readonly string[],
  actions: readonly ActionSpec[],
): GroundSteps {
  const known = [...new Set(nodes)].filter((id) => scene.hasNode(id)).sort();
  const kindOf = (id: string): string => scene.getNodeAttribute(id, 'kind');
  const grounded: GroundSteps = { moves: [], steps: [], neverRun: [] };
  for (const spec of actions) {
    if (spec.name === NAVIGATION_ACTION) {
      // High-level navigation, as in SayPlan: goto(room); the path planner fills in the poses.
      if (spec.parameters.length === 1) grounded.moves.push(...known.filter((id) => kindOf(id) === 'room'));
      continue;
    }
    const choices = spec.parameters.map((parameter) =>
      known.filter((id) => (parameter.kinds as readonly string[]).includes(kindOf(id))),
    );
    for (const args of product(choices)) {
      const step = { action: spec.name, args };
      const why = staticFailure(scene, sim, spec, step);
      if (why === undefined) grounded.steps.push(step);
      else grounded.neverRun.push({ step, why });
    }
  }
  return grounded;
}

function product(choices: readonly (readonly string[])[]): string[][] {
  let tuples: string[][] = [[]];
  for (const choice of choices) tuples = tuples.flatMap((tuple) => choice.map((id) => [...tuple, id]));
  return tuples;
}
