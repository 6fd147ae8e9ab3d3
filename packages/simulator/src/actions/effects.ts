import { withAgent, withPlacement, withState } from '../state/sim-state.js';
import type { Effect } from './action-spec.js';
import { affords } from './checks.js';

/** The agent stands at the place and has nothing accessed any more. */
export function moveAgentTo(param: string): Effect {
  return {
    name: 'move_agent',
    form: { builder: 'moveAgentTo', param },
    apply: ({ sim, args }) => withAgent(sim, args[param]!, null, sim.holding),
  };
}

/** The asset becomes the one the agent works at. */
export function accessAsset(param: string): Effect {
  return {
    name: 'access_asset',
    form: { builder: 'accessAsset', param },
    apply: ({ sim, args }) => withAgent(sim, sim.place, args[param]!, sim.holding),
  };
}

/** The object becomes the agent's hierarchy child: in the gripper. */
export function takeIntoGripper(param: string): Effect {
  return {
    name: 'take_into_gripper',
    form: { builder: 'takeIntoGripper', param },
    apply: ({ sim, args }) => {
      const object = args[param]!;
      const moved = withPlacement(sim, object, { parent: sim.agent, relation: undefined });
      return withAgent(moved, sim.place, sim.accessed, object);
    },
  };
}

/** The held object goes inside the accessed asset when it can contain things, else on it. */
export function putOnAccessed(param: string): Effect {
  return {
    name: 'put_on_accessed',
    form: { builder: 'putOnAccessed', param },
    apply: ({ scene, sim, args }) => {
      const asset = sim.accessed!;
      const relation = affords(scene, asset, 'contain') ? 'inside' : 'on';
      const moved = withPlacement(sim, args[param]!, { parent: asset, relation });
      return withAgent(moved, sim.place, sim.accessed, null);
    },
  };
}

/** The node's state dimension takes the value. */
export function setState(param: string, dimension: string, value: string): Effect {
  return {
    name: `set_${dimension}_${value}`,
    form: { builder: 'setState', param, dimension, value },
    sets: { dimension, value },
    apply: ({ sim, args }) => withState(sim, args[param]!, dimension, value),
  };
}
