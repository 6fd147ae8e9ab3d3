import type { SceneGraph } from '@groundplan/scene-graph';
import {
  type ActionSpec,
  fillTemplate,
  formatStep,
  type PlanStep,
  type SimState,
} from '@groundplan/simulator';

// The simulator names its affordance checks affords_<skill>. Affordances are scene data that no
// effect changes (effects change only the simulation state), so such a check that fails in one
// state fails in every state: the step can be dropped once, and explained once.
const AFFORDANCE_CHECK = /^affords_/;

/** Why the step can never run (its failing affordance check, as the simulator words it), or undefined. */
export function staticFailure(
  scene: SceneGraph,
  sim: SimState,
  spec: ActionSpec,
  step: PlanStep,
): string | undefined {
  const args = Object.fromEntries(spec.parameters.map((parameter, i) => [parameter.name, step.args[i]!]));
  const context = { scene, sim, args };
  for (const precondition of spec.preconditions) {
    if (!AFFORDANCE_CHECK.test(precondition.name)) continue;
    const bindings = precondition.test(context);
    if (bindings !== undefined)
      return `${formatStep(step)}: ${fillTemplate(precondition.message, context, bindings)}`;
  }
  return undefined;
}
