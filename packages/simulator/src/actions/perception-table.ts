import type { ActionSpec } from './action-spec.js';
import { requires } from './action-spec.js';
import { ACTION_SPECS } from './action-table.js';
import { affordsSkill, atRoom, inAgentRoom, stateIs } from './checks.js';

/**
 * The robot's perception skills (LookPlanGraph's look actions). A look changes nothing in the
 * simulated state: what it reports is merged into the belief by mergeObservation. They are a
 * table of their own so the prompts, planners and recorded cassettes that read ACTION_SPECS are
 * unchanged; pass ROBOT_SKILL_SPECS where look steps are allowed.
 */
export const PERCEPTION_SPECS: readonly ActionSpec[] = [
  {
    name: 'look_on',
    description: 'look_on(asset): look at what lies on an asset in the room the agent is in',
    parameters: [{ name: 'asset', kinds: ['asset'] }],
    preconditions: [
      requires(
        inAgentRoom('asset'),
        '{asset} is in {room} but the agent is at {agent_at}; goto({room}) first',
      ),
    ],
    effects: [],
  },
  {
    name: 'look_inside',
    description:
      'look_inside(asset): look at what is inside an open asset (a cabinet, fridge) in the room the agent is in',
    parameters: [{ name: 'asset', kinds: ['asset'] }],
    preconditions: [
      requires(
        affordsSkill('asset', 'contain'),
        '{asset} cannot contain things (its affordances: {affordances}); use look_on({asset})',
      ),
      requires(
        inAgentRoom('asset'),
        '{asset} is in {room} but the agent is at {agent_at}; goto({room}) first',
      ),
      requires(
        stateIs('asset', 'door', 'open'),
        '{asset} is closed; access({asset}) and open({asset}) before looking inside',
      ),
    ],
    effects: [],
  },
  {
    name: 'look_around',
    description: 'look_around(room): look at the assets of the room the agent is in and what lies on them',
    parameters: [{ name: 'room', kinds: ['room'] }],
    preconditions: [
      requires(atRoom('room'), 'the agent is at {agent_at}, not in {room}; goto({room}) first'),
    ],
    effects: [],
  },
];

/** Every skill the robot has: the planning actions and the looks. The robot and the belief use this. */
export const ROBOT_SKILL_SPECS: readonly ActionSpec[] = [...ACTION_SPECS, ...PERCEPTION_SPECS];

const LOOKS: ReadonlyMap<string, 'on' | 'inside' | 'around'> = new Map([
  ['look_on', 'on'],
  ['look_inside', 'inside'],
  ['look_around', 'around'],
]);

/** The observation kind a perception action produces, or undefined for any other action. */
export function lookKind(action: string): 'on' | 'inside' | 'around' | undefined {
  return LOOKS.get(action);
}
