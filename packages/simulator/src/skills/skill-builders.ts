import type { Check, Effect } from '../actions/action-spec.js';
import {
  accessedAffords,
  accessedStateIfAffords,
  accessedStateIs,
  accessedStateIsStrict,
  affordsSkill,
  atRoom,
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
  withinReach,
} from '../actions/checks.js';
import { accessAsset, moveAgentTo, putOnAccessed, setState, takeIntoGripper } from '../actions/effects.js';

/** The fields a row of a skill file may give a check or an effect, beside its builder's name. */
export const FORM_FIELDS = ['param', 'skill', 'dimension', 'value'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormArgs = Readonly<Record<FormField, string>>;

/** A named builder: the fields its row must give (and no others), and what it makes of them. */
export interface Builder<T> {
  readonly fields: readonly FormField[];
  readonly make: (args: FormArgs) => T;
}

const builder = <T>(fields: readonly FormField[], make: (args: FormArgs) => T): Builder<T> => ({
  fields,
  make,
});

/**
 * Every check a skill file may name, by name: the predicates the simulator can test, and so the
 * only ones the planners, the PDDL export and the feedback understand. A new kind of check is a
 * new function in checks.ts, a row here, and its translation in the task planner.
 */
export const CHECK_BUILDERS: ReadonlyMap<string, Builder<Check>> = new Map([
  ['nextToAgent', builder(['param'], (a) => nextToAgent(a.param))],
  ['affordsSkill', builder(['param', 'skill'], (a) => affordsSkill(a.param, a.skill))],
  ['hasDimension', builder(['param', 'dimension'], (a) => hasDimension(a.param, a.dimension))],
  ['stateIs', builder(['param', 'dimension', 'value'], (a) => stateIs(a.param, a.dimension, a.value))],
  [
    'stateIsStrict',
    builder(['param', 'dimension', 'value'], (a) => stateIsStrict(a.param, a.dimension, a.value)),
  ],
  ['accessedStateIs', builder(['dimension', 'value'], (a) => accessedStateIs(a.dimension, a.value))],
  [
    'accessedStateIsStrict',
    builder(['dimension', 'value'], (a) => accessedStateIsStrict(a.dimension, a.value)),
  ],
  [
    'accessedStateIfAffords',
    builder(['skill', 'dimension', 'value'], (a) => accessedStateIfAffords(a.skill, a.dimension, a.value)),
  ],
  ['handEmpty', builder([], () => handEmpty)],
  ['holds', builder(['param'], (a) => holds(a.param))],
  ['handEmptyForAsset', builder(['param'], (a) => handEmptyForAsset(a.param))],
  ['holdsSomethingThatAffords', builder(['skill'], (a) => holdsSomethingThatAffords(a.skill))],
  ['somethingAccessed', builder([], () => somethingAccessed)],
  ['isAccessed', builder(['param'], (a) => isAccessed(a.param))],
  ['isAccessedOrHeld', builder(['param'], (a) => isAccessedOrHeld(a.param))],
  ['withinReach', builder(['param'], (a) => withinReach(a.param))],
  ['accessedAffords', builder(['skill'], (a) => accessedAffords(a.skill))],
  ['inAgentRoom', builder(['param'], (a) => inAgentRoom(a.param))],
  ['withinAccessedAsset', builder(['param'], (a) => withinAccessedAsset(a.param))],
  ['notBehindClosedDoor', builder(['param'], (a) => notBehindClosedDoor(a.param))],
  ['restsOnAccessed', builder(['param'], (a) => restsOnAccessed(a.param))],
  ['atRoom', builder(['param'], (a) => atRoom(a.param))],
]);

/** Every effect a skill file may name, by name. */
export const EFFECT_BUILDERS: ReadonlyMap<string, Builder<Effect>> = new Map([
  ['moveAgentTo', builder(['param'], (a) => moveAgentTo(a.param))],
  ['accessAsset', builder(['param'], (a) => accessAsset(a.param))],
  ['takeIntoGripper', builder(['param'], (a) => takeIntoGripper(a.param))],
  ['putOnAccessed', builder(['param'], (a) => putOnAccessed(a.param))],
  ['setState', builder(['param', 'dimension', 'value'], (a) => setState(a.param, a.dimension, a.value))],
]);
