import type { ActionSpec } from './action-spec.js';
import { requires } from './action-spec.js';
import {
  accessedAffords,
  accessedStateIs,
  affordsSkill,
  handEmpty,
  handEmptyForAsset,
  hasDimension,
  holds,
  holdsSomethingThatAffords,
  inAgentRoom,
  isAccessed,
  isAccessedOrHeld,
  nextToAgent,
  notBehindClosedDoor,
  restsOnAccessed,
  somethingAccessed,
  stateIs,
  stateIsStrict,
  withinAccessedAsset,
} from './checks.js';
import { accessAsset, moveAgentTo, putOnAccessed, setState, takeIntoGripper } from './effects.js';

const notAccessed = '{target} is not accessed (accessed: {accessed}); access({target}) first';

/** A switch or door skill: the same checks with the dimension and values swapped. */
function toggle(
  name: string,
  dimension: string,
  from: string,
  to: string,
  description: string,
  reach: 'accessed' | 'accessed_or_held',
  askedBy: readonly string[],
  handHint = '',
): ActionSpec {
  return {
    name,
    description,
    askedBy,
    parameters: [{ name: 'target', kinds: ['asset', 'object'] }],
    preconditions: [
      requires(
        affordsSkill('target', name),
        `{target} does not afford ${name} (its affordances: {affordances})`,
      ),
      requires(hasDimension('target', dimension), `{target} has no ${dimension} state for ${name} to change`),
      reach === 'accessed'
        ? requires(isAccessed('target'), notAccessed)
        : requires(
            isAccessedOrHeld('target'),
            '{target} is neither accessed nor held (accessed: {accessed}); access({target}) first',
          ),
      ...(reach === 'accessed_or_held'
        ? [
            requires(
              handEmptyForAsset('target'),
              `the agent is holding {held}; ${name}({target}) needs the empty gripper, so release {held} first${handHint}`,
            ),
          ]
        : []),
      requires(stateIs('target', dimension, from), `{target} is already ${to}`),
    ],
    effects: [setState('target', dimension, to)],
  };
}

/** Every skill the robot has, as data. The vocabulary is docs/vocabulary.md. */
/** How people ask for a thing to be put somewhere (release's change): to place, bring, clear away, sort; "Michael needs his papers on his desk", "the carrot needs to go in the fridge". */
const PLACING_PHRASES =
  `put place bring take move leave throw fetch get grab hang refrigerate hide dispose serve
  empty collect set load unload keep carry return store drop deliver give hand file stash tidy clear
  prepare correct sort stow pack fill lay stack organise organize arrange swap replace relocate
  transfer discard toss send pass restock refill want need go belong`.split(/\s+/);

export const ACTION_SPECS: readonly ActionSpec[] = [
  {
    name: 'goto',
    description:
      'goto(place): move to a room or pose joined to where the agent is by a navigation edge; nothing stays accessed',
    parameters: [{ name: 'place', kinds: ['room', 'pose'] }],
    preconditions: [
      requires(
        nextToAgent('place'),
        'the agent is at {agent_at} and {place} is not next to it; plans must move along poses (use the path planner)',
      ),
    ],
    effects: [moveAgentTo('place')],
  },
  {
    name: 'access',
    description:
      'access(asset): work at an asset in the room the agent is in; needed before using it or what it holds',
    parameters: [{ name: 'asset', kinds: ['asset'] }],
    preconditions: [
      requires(
        inAgentRoom('asset'),
        '{asset} is in {room} but the agent is at {agent_at}; goto({room}) first',
      ),
    ],
    effects: [accessAsset('asset')],
  },
  {
    name: 'pickup',
    description:
      'pickup(object): take an object on or in the accessed asset (or lying in the room) into the empty gripper',
    parameters: [{ name: 'object', kinds: ['object'] }],
    askedBy: ['pick up', 'grab', 'take', 'get', 'hold', 'fetch', 'bring', 'carry', 'lift'],
    preconditions: [
      requires(
        affordsSkill('object', 'pickup'),
        '{object} does not afford pickup (its affordances: {affordances})',
      ),
      requires(
        handEmpty,
        'the agent is already holding {held}; release it first (the robot has one gripper)',
      ),
      requires(
        inAgentRoom('object'),
        '{object} is in {room} but the agent is at {agent_at}; goto({room}) first',
      ),
      requires(
        withinAccessedAsset('object'),
        '{object} is {relation} {holder}, which is not accessed (accessed: {accessed}); access({holder}) first',
      ),
      requires(
        notBehindClosedDoor('object'),
        'it is inside {container}, which is closed; open({container}) first',
      ),
    ],
    effects: [takeIntoGripper('object')],
  },
  {
    name: 'release',
    description:
      'release(object): put the held object inside the accessed asset if it can contain things, else on it',
    parameters: [{ name: 'object', kinds: ['object'] }],
    askedBy: PLACING_PHRASES,
    preconditions: [
      requires(
        holds('object'),
        'the agent is not holding {object} (it holds {held}); pickup({object}) first',
      ),
      requires(
        somethingAccessed,
        'no asset is accessed, so there is nothing to put {object} on or in; access an asset first',
      ),
      requires(
        accessedStateIs('door', 'open'),
        '{accessed} is closed, so nothing can be put inside it; open({accessed}) before pickup({object}), since opening needs the empty gripper',
      ),
    ],
    effects: [putOnAccessed('object')],
  },
  toggle(
    'open',
    'door',
    'closed',
    'open',
    'open(target): open the door of the accessed asset (empty gripper) or of the held object',
    'accessed_or_held',
    ['open'],
    ' (or open({target}) before picking anything up)',
  ),
  toggle(
    'close',
    'door',
    'open',
    'closed',
    'close(target): close the door of the accessed asset (empty gripper) or of the held object',
    'accessed_or_held',
    ['close', 'shut'],
  ),
  toggle('turn_on', 'power', 'off', 'on', 'turn_on(target): switch on the accessed asset', 'accessed', [
    'switch on',
    'turn on',
    'power on',
    'start',
    'preheat',
  ]),
  toggle('turn_off', 'power', 'on', 'off', 'turn_off(target): switch off the accessed asset', 'accessed', [
    'switch off',
    'turn off',
    'power off',
    'shut off',
    'shut down',
    'stop',
  ]),
  {
    name: 'heat',
    description:
      'heat(object): heat an object inside the accessed microwave (or other asset that affords heat) with its door closed',
    parameters: [{ name: 'object', kinds: ['object'] }],
    askedBy: ['heat', 'warm', 'reheat', 'cook', 'microwave', 'bake', 'toast', 'boil'],
    preconditions: [
      requires(
        somethingAccessed,
        'heat needs an accessed asset that affords heat, such as a microwave; access one first',
      ),
      requires(
        accessedAffords('heat'),
        '{accessed} does not afford heat; use an asset that does, such as a microwave',
      ),
      requires(
        restsOnAccessed('object'),
        '{object} is not in {accessed} (it is {where}); release({object}) into {accessed} first',
      ),
      requires(accessedStateIs('door', 'closed'), '{accessed} is open; close({accessed}) before heating'),
    ],
    effects: [setState('object', 'temperature', 'hot')],
  },
  {
    name: 'make_coffee',
    description:
      'make_coffee(object): fill an empty mug standing on the accessed, switched-on coffee machine with coffee',
    parameters: [{ name: 'object', kinds: ['object'] }],
    askedBy: ['coffee', 'brew'],
    preconditions: [
      requires(somethingAccessed, 'make_coffee needs an accessed coffee machine; access one first'),
      requires(
        accessedAffords('make_coffee'),
        '{accessed} does not afford make_coffee; use a coffee machine',
      ),
      requires(
        restsOnAccessed('object'),
        '{object} is not on {accessed} (it is {where}); release({object}) onto {accessed} first',
      ),
      requires(
        stateIsStrict('object', 'contents', 'empty'),
        '{object} is not empty (contents: {actual}); make_coffee needs an empty mug or cup',
      ),
      requires(accessedStateIs('power', 'on'), '{accessed} is off; turn_on({accessed}) first'),
    ],
    effects: [setState('object', 'contents', 'coffee')],
  },
  {
    name: 'wash',
    description:
      'wash(object): clean an object placed in the accessed sink or dishwasher (an asset that affords wash)',
    parameters: [{ name: 'object', kinds: ['object'] }],
    askedBy: ['wash', 'clean', 'rinse', 'do the dishes'],
    preconditions: [
      requires(somethingAccessed, 'wash needs an accessed sink or dishwasher; access one first'),
      requires(accessedAffords('wash'), '{accessed} does not afford wash; use a sink or dishwasher'),
      requires(
        restsOnAccessed('object'),
        '{object} is not in {accessed} (it is {where}); release({object}) into {accessed} first',
      ),
    ],
    effects: [setState('object', 'cleanliness', 'clean')],
  },
  {
    name: 'wipe',
    description:
      'wipe(asset): clean the accessed asset while holding something to clean with (a cloth or sponge)',
    parameters: [{ name: 'target', kinds: ['asset'] }],
    askedBy: ['wipe', 'clean', 'mop', 'scrub'],
    preconditions: [
      requires(
        affordsSkill('target', 'wipe'),
        '{target} does not afford wipe (its affordances: {affordances})',
      ),
      requires(isAccessed('target'), notAccessed),
      requires(
        holdsSomethingThatAffords('clean_with'),
        'wiping needs something to clean with in the gripper (an object that affords clean_with, such as a cloth or sponge); the agent holds {held}',
      ),
    ],
    effects: [setState('target', 'cleanliness', 'clean')],
  },
];

const INDEXES = new WeakMap<readonly ActionSpec[], ReadonlyMap<string, ActionSpec>>();

/** The spec of an action in a table (the built-in one by default), or undefined for an unknown one. */
export function actionSpec(
  name: string,
  table: readonly ActionSpec[] = ACTION_SPECS,
): ActionSpec | undefined {
  let index = INDEXES.get(table);
  if (index === undefined) {
    index = new Map(table.map((spec) => [spec.name, spec]));
    INDEXES.set(table, index);
  }
  return index.get(name);
}

/** Every action name, in table order. */
export function actionNames(table: readonly ActionSpec[] = ACTION_SPECS): string[] {
  return table.map((spec) => spec.name);
}

/** One line per action for LLM prompts: `goto(place): ...`. */
export function actionDescriptions(table: readonly ActionSpec[] = ACTION_SPECS): string[] {
  return table.map((spec) => spec.description);
}
