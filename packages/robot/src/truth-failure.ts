import { formatStep, type Observation, type PlanStep, type SceneGraph } from '@groundplan/scene-graph';
import { checks, type PlanFailure, type SimState } from '@groundplan/simulator';
import { type PerceptionOptions, perceive } from './simulated-perception.js';

/** Preconditions that fail because a node is not where the robot's plan assumed it is. */
const WHEREABOUTS = new Set(['in_agent_room', 'within_accessed_asset', 'rests_on_accessed']);

/**
 * Why a skill failed in the true world, said as the robot can know it (what it sees where it works,
 * not where things really are), and what it saw there, so the belief can be corrected.
 */
export function explainFailure(
  world: SceneGraph,
  sim: SimState,
  step: PlanStep,
  failure: PlanFailure,
  stepId: string,
  perception: PerceptionOptions,
): { reason: string; observation?: Observation } {
  const observation = lookWhereWorking(world, sim, stepId, perception);
  const node = step.args.find((id) => !world.hasNode(id)) ?? step.args[0];
  // Objects move, so where one is not is all the robot can say; assets stay, so a plan that
  // misplaces one gets the simulator's feedback (which names the asset's room).
  const missing =
    node !== undefined &&
    (!world.hasNode(node) ||
      (WHEREABOUTS.has(failure.precondition ?? '') && world.getNodeAttribute(node, 'kind') === 'object'));
  if (!missing) return { reason: failure.feedback, ...withObservation(observation) };
  // An object sought at the accessed asset is missing there; anything else is missing in the room.
  const atAsset = sim.accessed !== null && step.action !== 'access' && !step.action.startsWith('look_');
  const where =
    atAsset && sim.accessed !== null
      ? `${lookedKind(world, sim.accessed) === 'inside' ? 'in' : 'on'} ${sim.accessed}`
      : `${world.getNodeAttribute(sim.place, 'kind') === 'room' ? 'in' : 'at'} ${sim.place}`;
  return { reason: `${formatStep(step)}: ${node} is not ${where}`, ...withObservation(observation) };
}

/** The look the robot takes where it stands: at the accessed asset, else around the room it is in. */
function lookWhereWorking(
  world: SceneGraph,
  sim: SimState,
  stepId: string,
  perception: PerceptionOptions,
): Observation | undefined {
  if (sim.accessed !== null && world.hasNode(sim.accessed))
    return perceive(world, lookedKind(world, sim.accessed), sim.accessed, stepId, perception);
  if (world.hasNode(sim.place) && world.getNodeAttribute(sim.place, 'kind') === 'room')
    return perceive(world, 'around', sim.place, stepId, perception);
  return undefined;
}

/** Inside an open container (or one without a door), on anything else. */
function lookedKind(world: SceneGraph, asset: string): 'on' | 'inside' {
  const open = world.getNodeAttribute(asset, 'state')?.door !== 'closed';
  return open && checks.affords(world, asset, 'contain') ? 'inside' : 'on';
}

function withObservation(observation: Observation | undefined): { observation?: Observation } {
  return observation === undefined ? {} : { observation };
}
