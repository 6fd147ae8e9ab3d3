import type { SceneGraph } from '@groundplan/scene-graph';
import {
  type ActionSpec,
  type Form,
  formatStep,
  type Goal,
  type PlanStep,
  sceneParent,
} from '@groundplan/simulator';
import type { GroundSteps } from '../successors/ground-steps.js';

/**
 * The delete relaxation of one planning problem, read from the forms of the action table's checks
 * and effects (as the PDDL export reads them): facts are numbers, and a rule adds facts once all
 * of its preconditions are reached. Skill rules cost 1 and name the step they stand for; axioms
 * cost 0 and derive the facts a check reads through a chain (an object in the agent's room, not
 * behind a closed door, ...). A check whose form it does not know is taken to hold: the estimate
 * stays optimistic, and the search still applies every step with the simulator.
 */
export interface RelaxedTask {
  readonly facts: Map<string, number>;
  readonly rules: RelaxedRule[];
  /** The facts each goal needs, per goal in order; a goal may be reached through any of its alternatives (derived). */
  readonly goalFacts: (number | undefined)[];
  /** What reading a state needs: the (node, dimension) pairs and the objects whose placement some rule reads. */
  readonly stateDimensions: { node: string; dimension: string }[];
  readonly placedObjects: string[];
}

export interface RelaxedRule {
  readonly pre: number[];
  readonly add: number[];
  readonly cost: 0 | 1;
  /** The step's text (pickup(mug)) for skill rules, to match the search's successors. */
  readonly step: string | undefined;
}

// Placement relations as the goal check reads them: on an asset or object, inside it, or in a room.
export type Relation = 'on' | 'inside' | 'in';

export const fact = {
  at: (place: string) => `at\u0000${place}`,
  accessed: (asset: string) => `acc\u0000${asset}`,
  holding: (object: string) => `hold\u0000${object}`,
  handEmpty: 'hand-empty',
  placed: (object: string, relation: Relation, holder: string) =>
    `place\u0000${object}\u0000${relation}\u0000${holder}`,
  state: (node: string, dimension: string, value: string) =>
    `st\u0000${node}\u0000${dimension}\u0000${value}`,
};

// Forms that read the accessed asset: a rule per asset that may be the accessed one.
const NEEDS_ACCESSED = new Set([
  'somethingAccessed',
  'accessedAffords',
  'accessedStateIs',
  'accessedStateIsStrict',
  'accessedStateIfAffords',
  'restsOnAccessed',
  'putOnAccessed',
]);

/** Builds the relaxed task over the grounded steps (the same ones the search applies) and the goals. */
export function relaxedTask(
  scene: SceneGraph,
  grounded: GroundSteps,
  nodes: readonly string[],
  actions: readonly ActionSpec[],
  goals: readonly Goal[],
): RelaxedTask {
  const facts = new Map<string, number>();
  const rules: RelaxedRule[] = [];
  const id = (name: string) => {
    let found = facts.get(name);
    if (found === undefined) {
      found = facts.size;
      facts.set(name, found);
    }
    return found;
  };
  const kindOf = (node: string): string => scene.getNodeAttribute(node, 'kind');
  const affordances = (node: string): readonly string[] => scene.getNodeAttribute(node, 'affordances') ?? [];
  const sceneState = (node: string): Readonly<Record<string, string>> =>
    scene.getNodeAttribute(node, 'state') ?? {};
  const known = [...new Set(nodes)].filter((node) => scene.hasNode(node));
  const assets = known.filter((node) => kindOf(node) === 'asset').sort();
  const skillOf = new Map(actions.map((spec) => [spec.name, spec]));

  // Dimensions effects can set, so a node that lacks one in the scene may still come to have it.
  const settable = new Set<string>();
  for (const spec of actions)
    for (const effect of spec.effects)
      if (effect.form?.dimension !== undefined) settable.add(effect.form.dimension);
  const stateDimensions = new Map<string, { node: string; dimension: string }>();
  const stateFact = (node: string, dimension: string, value: string) => {
    stateDimensions.set(`${node}\u0000${dimension}`, { node, dimension });
    return id(fact.state(node, dimension, value));
  };

  const roomOf = (node: string): string | undefined => {
    let current: string | undefined = node;
    for (let depth = 0; depth < 64 && current !== undefined; depth++) {
      if (kindOf(current) === 'room') return current;
      current = sceneParent(scene, current)?.parent;
    }
    return undefined;
  };
  const ancestors = (node: string): string[] => {
    const found: string[] = [];
    let current = sceneParent(scene, node)?.parent;
    for (let depth = 0; depth < 64 && current !== undefined; depth++) {
      found.push(current);
      current = sceneParent(scene, current)?.parent;
    }
    return found;
  };
  const releaseRelation = (asset: string): Relation =>
    affordances(asset).includes('contain') ? 'inside' : 'on';

  // Where each object may rest: where the scene puts it, and (when a step can pick it up) on or in
  // every asset a release can put it on.
  const movable = new Set<string>();
  for (const step of grounded.steps)
    for (const effect of skillOf.get(step.action)?.effects ?? [])
      if (effect.form?.builder === 'takeIntoGripper' && effect.form.param !== undefined) {
        const index = skillOf.get(step.action)!.parameters.findIndex((p) => p.name === effect.form!.param);
        if (index >= 0) movable.add(step.args[index]!);
      }
  // The assets a release of the object matters on, for the estimate: those the goals name for it
  // and those some skill works on an object resting on (a microwave for heat). Putting it down
  // anywhere else only frees the gripper, which one rule per object says (releaseAnywhere).
  const worksOnResting = new Set<string>();
  for (const spec of actions) {
    const forms = spec.preconditions.map((check) => check.form);
    if (!forms.some((form) => form?.builder === 'restsOnAccessed')) continue;
    for (const asset of assets)
      if (
        forms.every(
          (form) => form?.builder !== 'accessedAffords' || affordances(asset).includes(form.skill ?? ''),
        )
      )
        worksOnResting.add(asset);
  }
  const goalTargets = new Map<string, Set<string>>();
  for (const goal of goals) {
    if (goal.kind !== 'on' && goal.kind !== 'inside') continue;
    const targets = goalTargets.get(goal.object) ?? new Set<string>();
    goalTargets.set(goal.object, targets);
    const kind = kindOf(goal.target);
    if (kind === 'asset') targets.add(goal.target);
    else if (kind === 'room' || kind === 'floor' || kind === 'building')
      for (const asset of assets) if (ancestors(asset).includes(goal.target)) targets.add(asset);
  }
  const releaseTargets = (object: string): string[] =>
    assets.filter((asset) => worksOnResting.has(asset) || goalTargets.get(object)?.has(asset));
  const holderCache = new Map<string, { relation: Relation; holder: string }[]>();
  const holdersOf = (object: string) => {
    let found = holderCache.get(object);
    if (found !== undefined) return found;
    found = [];
    const initial = sceneParent(scene, object);
    if (initial !== undefined && kindOf(initial.parent) !== 'agent')
      found.push({ relation: relationOf(scene, initial.parent, initial.relation), holder: initial.parent });
    if (movable.has(object))
      for (const asset of releaseTargets(object))
        if (!found.some((known) => known.holder === asset && known.relation === releaseRelation(asset)))
          found.push({ relation: releaseRelation(asset), holder: asset });
    holderCache.set(object, found);
    return found;
  };
  const placedObjects = new Set<string>();
  const placed = (object: string, relation: Relation, holder: string) => {
    placedObjects.add(object);
    return id(fact.placed(object, relation, holder));
  };

  const axiom = (pre: number[], add: number) => rules.push({ pre, add: [add], cost: 0, step: undefined });
  const derivedMade = new Set<string>();
  /** A fact that holds when any of the alternatives (each a conjunction) holds; made once per name. */
  const derived = (name: string, alternatives: () => (number[] | undefined)[]) => {
    const fid = id(name);
    if (derivedMade.has(name)) return fid;
    derivedMade.add(name);
    for (const alternative of alternatives()) if (alternative !== undefined) axiom(alternative, fid);
    return fid;
  };

  // The object is in the room the agent stands in (held objects travel with the agent).
  const inAgentRoom = (object: string): number =>
    derived(`in-agent-room\u0000${object}`, () => [
      [id(fact.holding(object))],
      ...holdersOf(object).map(({ relation, holder }) => {
        const kind = kindOf(holder);
        if (kind === 'room') return [placed(object, relation, holder), id(fact.at(holder))];
        if (kind === 'object') return [placed(object, relation, holder), inAgentRoom(holder)];
        const room = roomOf(holder);
        return room === undefined ? undefined : [placed(object, relation, holder), id(fact.at(room))];
      }),
    ]);
  // The object rests on or in the accessed asset, through other objects, or lies free in a room.
  const withinAccessed = (object: string): number =>
    derived(`within-accessed\u0000${object}`, () => [
      [id(fact.holding(object))],
      ...holdersOf(object).map(({ relation, holder }) => {
        const kind = kindOf(holder);
        if (kind === 'room') return [placed(object, relation, holder)];
        if (kind === 'object') return [placed(object, relation, holder), withinAccessed(holder)];
        return [placed(object, relation, holder), id(fact.accessed(holder))];
      }),
    ]);
  // No closed container lies between the object and its room.
  const notBehindDoor = (object: string): number =>
    derived(`not-behind-door\u0000${object}`, () => [
      [id(fact.holding(object))],
      ...holdersOf(object).map(({ relation, holder }) => {
        const pre = [placed(object, relation, holder)];
        if (relation === 'inside' && sceneState(holder).door !== undefined)
          pre.push(stateFact(holder, 'door', 'open'));
        if (kindOf(holder) === 'object') pre.push(notBehindDoor(holder));
        return pre;
      }),
    ]);
  const restsOn = (object: string, asset: string): number =>
    derived(`rests-on\u0000${object}\u0000${asset}`, () => [
      [placed(object, 'on', asset)],
      [placed(object, 'inside', asset)],
    ]);
  const hasDimension = (node: string, dimension: string) => sceneState(node)[dimension] !== undefined;

  /** The facts a check needs for the step (a conjunction), or undefined when it can never hold. */
  const checkFacts = (
    form: Form | undefined,
    arg: (param: string | undefined) => string,
    acc: string | undefined,
  ): number[] | undefined => {
    if (form === undefined) return [];
    const x = arg(form.param);
    const d = form.dimension ?? '';
    const v = form.value ?? '';
    switch (form.builder) {
      case 'affordsSkill':
        return affordances(x).includes(form.skill ?? '') ? [] : undefined;
      case 'hasDimension':
        return hasDimension(x, d) ? [] : undefined;
      case 'stateIs':
        return hasDimension(x, d) ? [stateFact(x, d, v)] : [];
      case 'stateIsStrict':
        return [stateFact(x, d, v)];
      case 'accessedStateIs':
        return hasDimension(acc!, d) ? [stateFact(acc!, d, v)] : [];
      case 'accessedStateIsStrict':
        return [stateFact(acc!, d, v)];
      case 'accessedStateIfAffords':
        return affordances(acc!).includes(form.skill ?? '') && hasDimension(acc!, d)
          ? [stateFact(acc!, d, v)]
          : [];
      case 'handEmpty':
        return [id(fact.handEmpty)];
      case 'holds':
        return [id(fact.holding(x))];
      case 'handEmptyForAsset':
        return kindOf(x) === 'asset' ? [id(fact.handEmpty)] : [];
      case 'holdsSomethingThatAffords': {
        const skill = form.skill ?? '';
        return [
          derived(`holds-affording\u0000${skill}`, () =>
            known.filter((node) => affordances(node).includes(skill)).map((node) => [id(fact.holding(node))]),
          ),
        ];
      }
      case 'somethingAccessed':
        return [id(fact.accessed(acc!))];
      case 'isAccessed':
        return [id(fact.accessed(x))];
      case 'isAccessedOrHeld':
        return [derived(`accessed-or-held\u0000${x}`, () => [[id(fact.accessed(x))], [id(fact.holding(x))]])];
      case 'withinReach':
        return [
          derived(`within-reach\u0000${x}`, () => [
            [id(fact.accessed(x))],
            [id(fact.holding(x))],
            kindOf(x) === 'object' ? [withinAccessed(x), notBehindDoor(x)] : undefined,
          ]),
        ];
      case 'accessedAffords':
        return affordances(acc!).includes(form.skill ?? '') ? [] : undefined;
      case 'inAgentRoom': {
        if (kindOf(x) === 'object') return [inAgentRoom(x)];
        const room = roomOf(x);
        return room === undefined ? undefined : [id(fact.at(room))];
      }
      case 'withinAccessedAsset':
        return [withinAccessed(x)];
      case 'notBehindClosedDoor':
        return [notBehindDoor(x)];
      case 'restsOnAccessed':
        return [restsOn(x, acc!)];
      case 'atRoom':
        return [id(fact.at(x))];
      default:
        return [];
    }
  };
  const effectFacts = (
    form: Form | undefined,
    arg: (param: string | undefined) => string,
    acc: string | undefined,
  ): number[] => {
    if (form === undefined) return [];
    const x = arg(form.param);
    switch (form.builder) {
      case 'accessAsset':
        return [id(fact.accessed(x))];
      case 'takeIntoGripper':
        return [id(fact.holding(x))];
      case 'putOnAccessed':
        return [placed(x, releaseRelation(acc!), acc!), id(fact.handEmpty)];
      case 'setState':
        return form.dimension === undefined || form.value === undefined
          ? []
          : [stateFact(x, form.dimension, form.value)];
      case 'moveAgentTo':
        return [id(fact.at(x))];
      default:
        return [];
    }
  };

  // The assets a skill that reads the accessed asset can work at: its accessedAffords checks are
  // scene data, so they are checked once per skill rather than once per grounded step.
  const accessible = new Map<ActionSpec, string[]>();
  function accessibleFor(spec: ActionSpec): string[] {
    let found = accessible.get(spec);
    if (found === undefined) {
      const skills = spec.preconditions.flatMap((check) =>
        check.form?.builder === 'accessedAffords' ? [check.form.skill ?? ''] : [],
      );
      found = assets.filter((asset) => skills.every((skill) => affordances(asset).includes(skill)));
      accessible.set(spec, found);
    }
    return found;
  }

  for (const room of grounded.moves)
    rules.push({
      pre: [],
      add: [id(fact.at(room))],
      cost: 1,
      step: formatStep({ action: 'goto', args: [room] }),
    });
  for (const step of grounded.steps) {
    const spec = skillOf.get(step.action);
    if (spec !== undefined) addSkillRules(step, spec);
  }

  function addSkillRules(step: PlanStep, spec: ActionSpec) {
    const args = new Map(spec.parameters.map((parameter, i) => [parameter.name, step.args[i]!]));
    const arg = (param: string | undefined) => (param === undefined ? '' : (args.get(param) ?? ''));
    const forms = [...spec.preconditions, ...spec.effects].map((part) => part.form);
    const viaAccessed = forms.some((form) => form !== undefined && NEEDS_ACCESSED.has(form.builder));
    const text = formatStep(step);
    const puts = forms.find((form) => form?.builder === 'putOnAccessed');
    const candidates = puts === undefined ? accessibleFor(spec) : releaseTargets(arg(puts.param));
    if (puts !== undefined) {
      // Putting it down anywhere frees the gripper: one rule, on whichever asset is accessed.
      const anywhere = derived('some-asset-accessed', () =>
        assets.map((asset) => [id(fact.accessed(asset))]),
      );
      const pre = spec.preconditions.flatMap((check) =>
        NEEDS_ACCESSED.has(check.form?.builder ?? '') ? [] : (checkFacts(check.form, arg, undefined) ?? []),
      );
      rules.push({ pre: [...new Set([anywhere, ...pre])], add: [id(fact.handEmpty)], cost: 1, step: text });
    }
    for (const acc of viaAccessed ? candidates : [undefined]) {
      const pre: number[] = acc === undefined ? [] : [id(fact.accessed(acc))];
      let possible = true;
      for (const check of spec.preconditions) {
        const needed = checkFacts(check.form, arg, acc);
        if (needed === undefined) {
          possible = false;
          break;
        }
        pre.push(...needed);
      }
      if (!possible) continue;
      const add = spec.effects.flatMap((effect) => effectFacts(effect.form, arg, acc));
      if (add.length > 0) rules.push({ pre: [...new Set(pre)], add, cost: 1, step: text });
    }
  }

  const goalFacts = goals.map((goal, i): number | undefined => {
    if (goal.negated) return undefined;
    switch (goal.kind) {
      case 'on':
        return placed(goal.object, 'on', goal.target);
      case 'inside': {
        const kind = kindOf(goal.target);
        if (kind !== 'room' && kind !== 'floor' && kind !== 'building')
          return placed(goal.object, 'inside', goal.target);
        return derived(`goal\u0000${i}`, () =>
          holdersOf(goal.object)
            .filter(({ holder }) => holder === goal.target || ancestors(holder).includes(goal.target))
            .map(({ relation, holder }) => [placed(goal.object, relation, holder)]),
        );
      }
      case 'state': {
        if (goal.dimension !== undefined) return stateFact(goal.node, goal.dimension, goal.value);
        const dimensions = new Set([...Object.keys(sceneState(goal.node)), ...settable]);
        return derived(`goal\u0000${i}`, () =>
          [...dimensions].map((dimension) => [stateFact(goal.node, dimension, goal.value)]),
        );
      }
      case 'holding':
        return goal.object === null ? id(fact.handEmpty) : id(fact.holding(goal.object));
      case 'at':
        return id(fact.at(goal.place));
      default:
        return undefined;
    }
  });
  return {
    facts,
    rules,
    goalFacts,
    stateDimensions: [...stateDimensions.values()],
    placedObjects: [...placedObjects],
  };
}

/** A placement as the goal check reads it: in a room, inside, or on (no relation on an asset or object). */
export function relationOf(scene: SceneGraph, holder: string, relation: string | undefined): Relation {
  if (scene.getNodeAttribute(holder, 'kind') === 'room') return 'in';
  return relation === 'inside' ? 'inside' : 'on';
}
