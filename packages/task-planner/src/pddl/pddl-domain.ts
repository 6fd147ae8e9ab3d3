import { err, ok, type Result } from '@groundplan/scene-graph';
import type { ActionSpec, Form } from '@groundplan/simulator';
import { NAVIGATION_ACTION } from '../successors/room-moves.js';
import type { PddlNames } from './pddl-names.js';

/** The domain text and what reading a plan back needs. */
export interface PddlDomain {
  readonly text: string;
  /** Per PDDL action name: the skill, and the positions of the skill's own arguments among the PDDL parameters. */
  readonly actions: ReadonlyMap<string, { readonly skill: string; readonly argIndexes: readonly number[] }>;
  /** The affordances the domain has an `affords-<skill>` predicate for. */
  readonly affordances: readonly string[];
  /** The state dimensions and values the domain names as constants. */
  readonly dimensions: readonly string[];
  readonly values: readonly string[];
}

// How the scene's containers are closed: notBehindClosedDoor and the goal `inside` read these.
const DOOR = 'door';
const CLOSED = 'closed';
// An asset that affords this holds released things inside it, else on it (putOnAccessed).
const CONTAIN = 'contain';

// Forms that need some asset accessed: an action with one gets a parameter ?acc bound to it.
const NEEDS_ACCESSED = new Set([
  'somethingAccessed',
  'accessedAffords',
  'accessedStateIsStrict',
  'restsOnAccessed',
  'putOnAccessed',
]);

/**
 * The action table as a PDDL domain: a type per node kind (objects are `item`, PDDL's own root
 * type being `object`), placements, the agent and state values as predicates, one action per
 * skill translated from the forms of its checks and effects, and goto(room) as the planner's macro.
 */
export function pddlDomain(actions: readonly ActionSpec[], names: PddlNames): Result<PddlDomain> {
  const affordances = new Set<string>([CONTAIN]);
  const dimensions = new Set<string>([DOOR]);
  const values = new Set<string>([CLOSED]);
  for (const spec of actions)
    for (const part of [...spec.preconditions, ...spec.effects]) {
      const form = part.form;
      if (form?.skill !== undefined) affordances.add(form.skill);
      if (form?.dimension !== undefined) dimensions.add(form.dimension);
      if (form?.value !== undefined) values.add(form.value);
    }
  const dims = [...dimensions].sort();
  const vals = [...values].sort();
  const dimensionNames = new Map(dims.map((d) => [d, names.name(dimensionKey(d), d)]));
  const valueNames = new Map(vals.map((v) => [v, names.name(valueKey(v), v)]));
  const context: Translation = {
    dimension: (d) => dimensionNames.get(d)!,
    value: (v) => valueNames.get(v)!,
    affords: (skill) => `affords-${pddlWord(skill)}`,
  };

  const blocks: string[] = [];
  const table = new Map<string, { skill: string; argIndexes: number[] }>();
  for (const spec of actions) {
    const action = spec.name === NAVIGATION_ACTION ? gotoAction(spec) : skillAction(spec, context);
    if (!action.ok) return action;
    table.set(action.value.name, { skill: spec.name, argIndexes: action.value.argIndexes });
    blocks.push(action.value.text);
  }

  const affordanceList = [...affordances].sort();
  const text = `; The groundplan action table (packages/simulator) as PDDL, written by groundplan export pddl.
; Node kinds are types (scene objects are \`item\`: PDDL's own root type is \`object\`; rooms, assets and
; items are each an \`entity\`). An item
; rests on one holder: an asset (on it or inside it) or a room (lying free there), or it is held.
; A thing resting on or in another item rests, here, on that item's holder. \`lacks\` says a thing
; has no value in a state dimension. Formulas are kept so that planners ground them over the pairs
; that can occur (an item and its holder), not over every pair of things.
(define (domain groundplan)
  (:requirements :strips :typing :negative-preconditions :disjunctive-preconditions
    :existential-preconditions :universal-preconditions :conditional-effects)
  (:types
    room - place
    asset item - thing
    place thing - entity
    dimension value)
  (:constants
    ${dims.map((d) => dimensionNames.get(d)).join(' ')} - dimension
    ${vals.map((v) => valueNames.get(v)).join(' ')} - value)
  (:predicates
    (agent-at ?p - entity)
    (accessed ?a - entity)
    (holding ?x - entity)
    (hand-empty)
    (rests ?x - entity ?h - entity)
    (on ?x - entity ?y - entity)
    (inside ?x - entity ?y - entity)
    (asset-in ?a - entity ?r - entity)
    (is-asset ?x - entity)
    (is-room ?x - entity)
    (state ?x - entity ?d - dimension ?v - value)
    (lacks ?x - entity ?d - dimension)
    (route ?from - place ?to - room)
    (explored ?x - entity)
${affordanceList.map((skill) => `    (${context.affords(skill)} ?x - entity)`).join('\n')})

${blocks.join('\n\n')}
)
`;
  return ok({ text, actions: table, affordances: affordanceList, dimensions: dims, values: vals });
}

interface Translation {
  readonly dimension: (dimension: string) => string;
  readonly value: (value: string) => string;
  readonly affords: (skill: string) => string;
}

interface ActionText {
  readonly name: string;
  readonly text: string;
  readonly argIndexes: number[];
}

/** goto(room) as the built-in planner grounds it: the path planner's route, one step (routes are in the problem). */
function gotoAction(spec: ActionSpec): Result<ActionText> {
  return ok({
    name: pddlWord(spec.name),
    argIndexes: [1],
    text: `  ; ${spec.description}
  ; As the built-in planner plans it: goto(room) along the path planner's route, listed as (route from room).
  (:action ${pddlWord(spec.name)}
    :parameters (?from - place ?to - room)
    :precondition (and (agent-at ?from) (route ?from ?to) (explored ?to))
    :effect (and (not (agent-at ?from)) (agent-at ?to) (forall (?a - asset) (not (accessed ?a)))))`,
  });
}

function skillAction(spec: ActionSpec, t: Translation): Result<ActionText> {
  const parameters: string[] = [];
  const preconditions: string[] = [];
  for (const parameter of spec.parameters) {
    const type = typeOf(parameter.kinds);
    if (type === undefined)
      return err(
        `cannot export skill ${spec.name} to PDDL: parameter ${parameter.name} takes kinds ${parameter.kinds.join(', ')}; only room, asset and object are supported`,
      );
    parameters.push(`${variable(parameter.name)} - ${type}`);
    preconditions.push(`(explored ${variable(parameter.name)})`);
  }
  const forms = [...spec.preconditions, ...spec.effects].map((part) => part.form);
  const viaAccessed = forms.some((form) => form !== undefined && NEEDS_ACCESSED.has(form.builder));
  if (viaAccessed) {
    parameters.push('?acc - asset');
    preconditions.push('(accessed ?acc)');
  }
  // An action that takes an item into the gripper names where it rests, so it deletes that alone.
  const taken = forms.find((form) => form?.builder === 'takeIntoGripper')?.param;
  const from = taken === undefined ? undefined : { item: variable(taken), holder: '?from' };
  if (from !== undefined) {
    parameters.push('?from - entity');
    preconditions.push(`(rests ${from.item} ?from)`);
  }
  for (const check of spec.preconditions) {
    const formula = check.form && checkFormula(check.form, t, viaAccessed, from);
    if (formula === undefined)
      return err(
        `cannot export skill ${spec.name} to PDDL: its precondition '${check.name}' has no form the export knows`,
      );
    preconditions.push(formula);
  }
  const effects: string[] = [];
  for (const effect of spec.effects) {
    const formula = effect.form && effectFormula(effect.form, t);
    if (formula === undefined)
      return err(
        `cannot export skill ${spec.name} to PDDL: its effect '${effect.name}' has no form the export knows`,
      );
    effects.push(formula);
  }
  return ok({
    name: pddlWord(spec.name),
    argIndexes: spec.parameters.map((_, i) => i),
    text: `  ; ${spec.description}
  (:action ${pddlWord(spec.name)}
    :parameters (${parameters.join(' ')})
    :precondition (and
      ${preconditions.join('\n      ')})
    :effect (and
      ${effects.join('\n      ')}))`,
  });
}

function typeOf(kinds: readonly string[]): string | undefined {
  const set = new Set(kinds);
  if (set.size === 1 && set.has('room')) return 'room';
  if (set.size === 1 && set.has('asset')) return 'asset';
  if (set.size === 1 && set.has('object')) return 'item';
  if (set.size === 2 && set.has('asset') && set.has('object')) return 'thing';
  return undefined;
}

/** x has the value in the dimension, or no value in it (stateIs: nothing to violate). */
function valueOrNone(x: string, d: string, v: string): string {
  return `(or (state ${x} ${d} ${v}) (lacks ${x} ${d}))`;
}

/** The holder h (a room or an asset) is where the agent stands. */
function holderInAgentRoom(h: string): string {
  return `(or (agent-at ${h}) (exists (?r - room) (and (agent-at ?r) (asset-in ${h} ?r))))`;
}

function checkFormula(
  form: Form,
  t: Translation,
  viaAccessed: boolean,
  /** The item the action takes and the parameter naming where it rests, when it takes one. */
  from: { readonly item: string; readonly holder: string } | undefined,
): string | undefined {
  const holder = from !== undefined && from.item === variable(form.param ?? '') ? from.holder : undefined;
  const x = form.param === undefined ? '' : variable(form.param);
  const d = form.dimension === undefined ? '' : t.dimension(form.dimension);
  const v = form.value === undefined ? '' : t.value(form.value);
  const affords = form.skill === undefined ? '' : t.affords(form.skill);
  switch (form.builder) {
    case 'affordsSkill':
      return `(${affords} ${x})`;
    case 'hasDimension':
      return `(not (lacks ${x} ${d}))`;
    case 'stateIs':
      return valueOrNone(x, d, v);
    case 'stateIsStrict':
      return `(state ${x} ${d} ${v})`;
    case 'accessedStateIs':
      return viaAccessed
        ? valueOrNone('?acc', d, v)
        : `(forall (?a - asset) (imply (accessed ?a) ${valueOrNone('?a', d, v)}))`;
    case 'accessedStateIsStrict':
      return `(state ?acc ${d} ${v})`;
    case 'accessedStateIfAffords':
      return viaAccessed
        ? `(or (not (${affords} ?acc)) ${valueOrNone('?acc', d, v)})`
        : `(forall (?a - asset) (imply (and (accessed ?a) (${affords} ?a)) ${valueOrNone('?a', d, v)}))`;
    case 'handEmpty':
      return '(hand-empty)';
    case 'holds':
      return `(holding ${x})`;
    case 'handEmptyForAsset':
      return `(or (hand-empty) (not (is-asset ${x})))`;
    case 'holdsSomethingThatAffords':
      return `(exists (?h - item) (and (holding ?h) (${affords} ?h)))`;
    case 'somethingAccessed':
      return '(accessed ?acc)';
    case 'isAccessed':
      return `(accessed ${x})`;
    case 'isAccessedOrHeld':
      return `(or (accessed ${x}) (holding ${x}))`;
    case 'withinReach':
      return `(or (accessed ${x}) (holding ${x}) (exists (?h - asset) (and (rests ${x} ?h) (accessed ?h) (or (not (inside ${x} ?h)) (not (state ?h ${t.dimension(DOOR)} ${t.value(CLOSED)}))))))`;
    case 'accessedAffords':
      return `(${affords} ?acc)`;
    case 'inAgentRoom':
      return holder !== undefined
        ? holderInAgentRoom(holder)
        : `(or (holding ${x}) (exists (?r - room) (and (agent-at ?r) (asset-in ${x} ?r))) (exists (?h - entity) (and (rests ${x} ?h) ${holderInAgentRoom('?h')})))`;
    case 'withinAccessedAsset':
      return holder !== undefined
        ? `(or (is-room ${holder}) (accessed ${holder}))`
        : `(or (holding ${x}) (exists (?h - entity) (and (rests ${x} ?h) (or (is-room ?h) (accessed ?h)))))`;
    case 'notBehindClosedDoor':
      return holder !== undefined
        ? `(or (not (inside ${x} ${holder})) (not (state ${holder} ${t.dimension(DOOR)} ${t.value(CLOSED)})))`
        : `(not (exists (?h - entity) (and (inside ${x} ?h) (state ?h ${t.dimension(DOOR)} ${t.value(CLOSED)}))))`;
    case 'restsOnAccessed':
      return `(rests ${x} ?acc)`;
    case 'atRoom':
      return `(agent-at ${x})`;
    default:
      return undefined;
  }
}

function effectFormula(form: Form, t: Translation): string | undefined {
  const x = form.param === undefined ? '' : variable(form.param);
  switch (form.builder) {
    case 'accessAsset':
      return `(forall (?a - asset) (not (accessed ?a))) (accessed ${x})`;
    case 'takeIntoGripper':
      return `(not (rests ${x} ?from)) (not (on ${x} ?from)) (not (inside ${x} ?from)) (holding ${x}) (not (hand-empty))`;
    case 'putOnAccessed': {
      const contain = t.affords(CONTAIN);
      return `(rests ${x} ?acc) (when (${contain} ?acc) (inside ${x} ?acc)) (when (not (${contain} ?acc)) (on ${x} ?acc)) (not (holding ${x})) (hand-empty)`;
    }
    case 'setState': {
      if (form.dimension === undefined || form.value === undefined) return undefined;
      const d = t.dimension(form.dimension);
      return `(forall (?v - value) (not (state ${x} ${d} ?v))) (state ${x} ${d} ${t.value(form.value)}) (not (lacks ${x} ${d}))`;
    }
    default:
      return undefined;
  }
}

/** A word PDDL reads as a name (predicate, action or parameter): lowercase, other characters as `_`. */
export function pddlWord(text: string): string {
  const word = text.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  return /^[a-z]/.test(word) ? word : `n${word}`;
}

/** The PddlNames keys of state dimensions and values, apart from node ids. */
export const dimensionKey = (dimension: string) => `\u0000dimension\u0000${dimension}`;
export const valueKey = (value: string) => `\u0000value\u0000${value}`;

/** The PDDL variable of an action parameter; `object` is a word of PDDL, so that one is `?obj`. */
function variable(param: string): string {
  const word = pddlWord(param);
  return word === 'object' ? '?obj' : `?${word}`;
}
