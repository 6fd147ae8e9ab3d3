import type { SceneGraph } from '@groundplan/scene-graph';
import { parentIn, roomIn, type SimState, stateOf } from '../state/sim-state.js';
import type { Check } from './action-spec.js';

const HOLDS = undefined;

function affordances(scene: SceneGraph, id: string): readonly string[] {
  return scene.getNodeAttribute(id, 'affordances') ?? [];
}

/** Whether a node lists a skill among its affordances. */
export function affords(scene: SceneGraph, id: string, skill: string): boolean {
  return affordances(scene, id).includes(skill);
}

/** The agent can drive from where it is to the place in one move along a navigation edge. */
export function nextToAgent(param: string): Check {
  return {
    name: 'next_to_agent',
    form: { builder: 'nextToAgent', param },
    test: ({ scene, sim, args }) => {
      const target = args[param]!;
      if (target === sim.place) return HOLDS;
      const edge = scene.undirectedEdge(sim.place, target);
      if (edge !== undefined && scene.getEdgeAttribute(edge, 'kind') === 'navigation') return HOLDS;
      return {};
    },
  };
}

/** The node lists the skill among its affordances. */
export function affordsSkill(param: string, skill: string): Check {
  return {
    name: `affords_${skill}`,
    form: { builder: 'affordsSkill', param, skill },
    test: ({ scene, args }) => {
      const id = args[param]!;
      if (affords(scene, id, skill)) return HOLDS;
      return { skill, affordances: affordances(scene, id).join(', ') || 'none' };
    },
  };
}

/** The node has a value in the state dimension at all. */
export function hasDimension(param: string, dimension: string): Check {
  return {
    name: `has_${dimension}`,
    form: { builder: 'hasDimension', param, dimension },
    test: ({ scene, sim, args }) =>
      stateOf(scene, sim, args[param]!, dimension) === undefined ? { dimension } : HOLDS,
  };
}

/** The node's state dimension has the value (a node without the dimension passes: nothing to violate). */
export function stateIs(param: string, dimension: string, value: string): Check {
  return {
    name: `${dimension}_${value}`,
    form: { builder: 'stateIs', param, dimension, value },
    test: ({ scene, sim, args }) => {
      const actual = stateOf(scene, sim, args[param]!, dimension);
      return actual === undefined || actual === value ? HOLDS : { dimension, value, actual };
    },
  };
}

/** The node's state dimension has the value, and the node has that dimension. */
export function stateIsStrict(param: string, dimension: string, value: string): Check {
  return {
    name: `${dimension}_${value}`,
    form: { builder: 'stateIsStrict', param, dimension, value },
    test: ({ scene, sim, args }) => {
      const actual = stateOf(scene, sim, args[param]!, dimension);
      return actual === value ? HOLDS : { dimension, value, actual: actual ?? 'unknown' };
    },
  };
}

/** The accessed asset's state dimension has the value, when it has the dimension at all. */
export function accessedStateIs(dimension: string, value: string): Check {
  return {
    name: `accessed_${dimension}_${value}`,
    form: { builder: 'accessedStateIs', dimension, value },
    test: ({ scene, sim }) => {
      const actual = sim.accessed === null ? undefined : stateOf(scene, sim, sim.accessed, dimension);
      return actual === undefined || actual === value ? HOLDS : { dimension, value, actual };
    },
  };
}

/** The accessed asset's state dimension has exactly the value. */
export function accessedStateIsStrict(dimension: string, value: string): Check {
  return {
    name: `accessed_${dimension}_${value}`,
    form: { builder: 'accessedStateIsStrict', dimension, value },
    test: ({ scene, sim }) => {
      const actual = sim.accessed === null ? undefined : stateOf(scene, sim, sim.accessed, dimension);
      return actual === value ? HOLDS : { dimension, value, actual: actual ?? 'unknown' };
    },
  };
}

/** The gripper is empty. */
export const handEmpty: Check = {
  name: 'hand_empty',
  form: { builder: 'handEmpty' },
  test: ({ sim }) => (sim.holding === null ? HOLDS : {}),
};

/** The gripper holds this object. */
export function holds(param: string): Check {
  return {
    name: 'holds',
    form: { builder: 'holds', param },
    test: ({ sim, args }) => (sim.holding === args[param] ? HOLDS : {}),
  };
}

/** The gripper is empty when the node is an asset (an asset's door needs the free gripper). */
export function handEmptyForAsset(param: string): Check {
  return {
    name: 'hand_empty_for_asset',
    form: { builder: 'handEmptyForAsset', param },
    test: ({ scene, sim, args }) =>
      sim.holding === null || scene.getNodeAttribute(args[param]!, 'kind') !== 'asset' ? HOLDS : {},
  };
}

/** The gripper holds something that affords the skill (a cloth affords clean_with). */
export function holdsSomethingThatAffords(skill: string): Check {
  return {
    name: `holds_${skill}`,
    form: { builder: 'holdsSomethingThatAffords', skill },
    test: ({ scene, sim }) =>
      sim.holding !== null && affords(scene, sim.holding, skill) ? HOLDS : { skill },
  };
}

/** Some asset is accessed. */
export const somethingAccessed: Check = {
  name: 'something_accessed',
  form: { builder: 'somethingAccessed' },
  test: ({ sim }) => (sim.accessed === null ? {} : HOLDS),
};

/** The node is the accessed asset. */
export function isAccessed(param: string): Check {
  return {
    name: 'is_accessed',
    form: { builder: 'isAccessed', param },
    test: ({ sim, args }) => (sim.accessed === args[param] ? HOLDS : {}),
  };
}

/** The node is the accessed asset or in the gripper. */
export function isAccessedOrHeld(param: string): Check {
  return {
    name: 'is_accessed_or_held',
    form: { builder: 'isAccessedOrHeld', param },
    test: ({ sim, args }) => {
      const id = args[param]!;
      return sim.accessed === id || sim.holding === id ? HOLDS : {};
    },
  };
}

/**
 * The node is within the gripper's reach where the agent works: the accessed asset itself, in the
 * gripper, or an object resting (directly or on other objects) on or in the accessed asset, not
 * behind a closed door. How a robot switches a laptop on a desk or the lamp it holds.
 */
export function withinReach(param: string): Check {
  return {
    name: 'within_reach',
    form: { builder: 'withinReach', param },
    test: ({ scene, sim, args }) => {
      const id = args[param]!;
      if (sim.accessed === id || sim.holding === id) return HOLDS;
      if (scene.getNodeAttribute(id, 'kind') === 'object' && sim.accessed !== null) {
        const holder = assetHolding(scene, sim, id);
        if (holder?.asset === sim.accessed && closedContainerAround(scene, sim, id) === undefined)
          return HOLDS;
      }
      return {};
    },
  };
}

/**
 * When the accessed asset affords the skill, its state dimension has the value (if it has the
 * dimension at all): release needs an open door only on what can contain things, so an object
 * goes onto a counter that has a door but holds nothing inside.
 */
export function accessedStateIfAffords(skill: string, dimension: string, value: string): Check {
  return {
    name: `accessed_${dimension}_${value}_if_${skill}`,
    form: { builder: 'accessedStateIfAffords', skill, dimension, value },
    test: ({ scene, sim }) => {
      if (sim.accessed === null || !affords(scene, sim.accessed, skill)) return HOLDS;
      const actual = stateOf(scene, sim, sim.accessed, dimension);
      return actual === undefined || actual === value ? HOLDS : { dimension, value, actual };
    },
  };
}

/** The accessed asset lists the skill among its affordances. */
export function accessedAffords(skill: string): Check {
  return {
    name: `accessed_affords_${skill}`,
    form: { builder: 'accessedAffords', skill },
    test: ({ scene, sim }) =>
      sim.accessed !== null && affords(scene, sim.accessed, skill) ? HOLDS : { skill },
  };
}

/** The node is in the room the agent stands in (held objects travel with the agent). */
export function inAgentRoom(param: string): Check {
  return {
    name: 'in_agent_room',
    form: { builder: 'inAgentRoom', param },
    test: ({ scene, sim, args }) => {
      const room = roomIn(scene, sim, args[param]!);
      return room !== undefined && room === sim.place ? HOLDS : { room: room ?? 'no known room' };
    },
  };
}

/** The object rests, directly or through other objects, on or in the accessed asset, or loose in the room. */
export function withinAccessedAsset(param: string): Check {
  return {
    name: 'within_accessed_asset',
    form: { builder: 'withinAccessedAsset', param },
    test: ({ scene, sim, args }) => {
      const holder = assetHolding(scene, sim, args[param]!);
      if (holder === undefined || holder.asset === sim.accessed) return HOLDS;
      return { holder: holder.asset, relation: holder.relation };
    },
  };
}

/** Nothing between the object and its room is a closed container it sits inside. */
export function notBehindClosedDoor(param: string): Check {
  return {
    name: 'not_behind_closed_door',
    form: { builder: 'notBehindClosedDoor', param },
    test: ({ scene, sim, args }) => {
      const container = closedContainerAround(scene, sim, args[param]!);
      return container === undefined ? HOLDS : { container };
    },
  };
}

/** The object's parent is the accessed asset, on or inside it. */
export function restsOnAccessed(param: string): Check {
  return {
    name: 'rests_on_accessed',
    form: { builder: 'restsOnAccessed', param },
    test: ({ scene, sim, args }) => {
      const placement = parentIn(scene, sim, args[param]!);
      if (placement !== undefined && placement.parent === sim.accessed) return HOLDS;
      return {
        where:
          placement === undefined
            ? 'nowhere known'
            : describePlacement(scene, placement.parent, placement.relation),
      };
    },
  };
}

function describePlacement(scene: SceneGraph, parent: string, relation: string | undefined): string {
  const kind = scene.getNodeAttribute(parent, 'kind');
  if (kind === 'agent') return 'in the gripper';
  return `${relation ?? 'in'} ${parent}`;
}

/** The outermost asset an object rests on or in, and how the chain below it enters it. */
function assetHolding(
  scene: SceneGraph,
  sim: SimState,
  id: string,
): { asset: string; relation: string } | undefined {
  let found: { asset: string; relation: string } | undefined;
  let current = id;
  for (let depth = 0; depth < 64; depth++) {
    const placement = parentIn(scene, sim, current);
    if (placement === undefined) return found;
    const kind = scene.getNodeAttribute(placement.parent, 'kind');
    if (kind === 'asset') found = { asset: placement.parent, relation: placement.relation ?? 'on' };
    else if (kind !== 'object') return found;
    current = placement.parent;
  }
  return found;
}

/** The innermost closed container the object sits inside, if any. */
function closedContainerAround(scene: SceneGraph, sim: SimState, id: string): string | undefined {
  let current = id;
  for (let depth = 0; depth < 64; depth++) {
    const placement = parentIn(scene, sim, current);
    if (placement === undefined) return undefined;
    const kind = scene.getNodeAttribute(placement.parent, 'kind');
    if (kind !== 'asset' && kind !== 'object') return undefined;
    if (placement.relation === 'inside' && stateOf(scene, sim, placement.parent, 'door') === 'closed') {
      return placement.parent;
    }
    current = placement.parent;
  }
  return undefined;
}

/** The agent stands in the room itself (goto(room) puts it there). */
export function atRoom(param: string): Check {
  return {
    name: 'at_room',
    form: { builder: 'atRoom', param },
    test: ({ sim, args }) => (sim.place === args[param]! ? HOLDS : {}),
  };
}
