import type { SceneGraph } from '@groundplan/scene-graph';
import type { ActionSpec, PlanStep } from '@groundplan/simulator';
import { NAVIGATION_ACTION } from './room-moves.js';

/** Every step of the table whose arguments are nodes of the kinds its parameters take. */
export function groundSteps(
  scene: SceneGraph,
  nodes: readonly string[],
  actions: readonly ActionSpec[],
): { moves: string[]; steps: PlanStep[] } {
  const known = [...new Set(nodes)].filter((id) => scene.hasNode(id)).sort();
  const kindOf = (id: string): string => scene.getNodeAttribute(id, 'kind');
  const moves: string[] = [];
  const steps: PlanStep[] = [];
  for (const spec of actions) {
    if (spec.name === NAVIGATION_ACTION) {
      // High-level navigation, as in SayPlan: goto(room); the path planner fills in the poses.
      if (spec.parameters.length === 1) moves.push(...known.filter((id) => kindOf(id) === 'room'));
      continue;
    }
    const choices = spec.parameters.map((parameter) =>
      known.filter((id) => (parameter.kinds as readonly string[]).includes(kindOf(id))),
    );
    for (const args of product(choices)) steps.push({ action: spec.name, args });
  }
  return { moves, steps };
}

function product(choices: readonly (readonly string[])[]): string[][] {
  let tuples: string[][] = [[]];
  for (const choice of choices) tuples = tuples.flatMap((tuple) => choice.map((id) => [...tuple, id]));
  return tuples;
}
