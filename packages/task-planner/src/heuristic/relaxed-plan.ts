import type { SceneGraph } from '@groundplan/scene-graph';
import { parentIn, type SimState, stateOf } from '@groundplan/simulator';
import { fact, type RelaxedTask, relationOf } from './relaxed-task.js';

/** The FF estimate of a state: the length of a relaxed plan, and its steps that apply now (helpful actions). */
export interface RelaxedPlanEstimate {
  readonly estimate: number;
  /** Texts of the relaxed plan's steps whose preconditions hold in the state. */
  readonly helpful: ReadonlySet<string>;
}

// A goal the relaxation cannot reach counts this much: the relaxation reads forms, not the
// simulator itself, so an unreached goal ranks a state low instead of pruning it.
const UNREACHED_GOAL = 1000;

/**
 * FF's heuristic (Hoffmann & Nebel 2001) over the relaxed task: reach facts in layers (unit-cost
 * rules, zero-cost axioms), then read a relaxed plan back from the goals through each fact's first
 * achiever. Its length is the estimate; its first-layer steps are the helpful actions.
 */
export function relaxedPlanEstimator(
  scene: SceneGraph,
  task: RelaxedTask,
): (state: SimState, goalHolds?: readonly boolean[]) => RelaxedPlanEstimate {
  const factCount = task.facts.size;
  const ruleCount = task.rules.length;
  const preCount = new Int32Array(ruleCount);
  const usersStart = new Int32Array(factCount + 1);
  for (const rule of task.rules) for (const f of rule.pre) usersStart[f + 1]!++;
  for (let f = 0; f < factCount; f++) usersStart[f + 1]! += usersStart[f]!;
  const users = new Int32Array(usersStart[factCount]!);
  const fill = usersStart.slice(0, factCount);
  task.rules.forEach((rule, r) => {
    preCount[r] = rule.pre.length;
    for (const f of rule.pre) users[fill[f]!++] = r;
  });
  const free = task.rules.flatMap((rule, r) => (rule.pre.length === 0 ? [r] : []));
  const cost = Int8Array.from(task.rules, (rule) => rule.cost);

  const level = new Int32Array(factCount);
  const achiever = new Int32Array(factCount);
  const waiting = new Int32Array(ruleCount);
  const ruleLevel = new Int32Array(ruleCount);
  const marked = new Uint8Array(ruleCount);
  const factSeen = new Uint8Array(factCount);
  const lookup = (name: string) => task.facts.get(name);

  const initialFacts = (state: SimState): number[] => {
    const found: (number | undefined)[] = [lookup(fact.at(state.place))];
    if (state.accessed !== null) found.push(lookup(fact.accessed(state.accessed)));
    found.push(lookup(state.holding === null ? fact.handEmpty : fact.holding(state.holding)));
    for (const { node, dimension } of task.stateDimensions) {
      const value = stateOf(scene, state, node, dimension);
      if (value !== undefined) found.push(lookup(fact.state(node, dimension, value)));
    }
    for (const object of task.placedObjects) {
      const placement = parentIn(scene, state, object);
      if (placement === undefined || scene.getNodeAttribute(placement.parent, 'kind') === 'agent') continue;
      found.push(
        lookup(
          fact.placed(object, relationOf(scene, placement.parent, placement.relation), placement.parent),
        ),
      );
    }
    return found.filter((f): f is number => f !== undefined);
  };

  return (state, goalHolds) => {
    level.fill(-1);
    achiever.fill(-1);
    waiting.set(preCount);
    // Facts reached at the current level (axioms add to it) and at the next one (skill rules).
    let current = initialFacts(state);
    for (const f of current) level[f] = 0;
    let next: number[] = [];
    let depth = 0;
    const fire = (r: number, at: number) => {
      ruleLevel[r] = at;
      const reach = at + cost[r]!;
      for (const f of task.rules[r]!.add) {
        if (level[f] !== -1) continue;
        level[f] = reach;
        achiever[f] = r;
        (reach === depth ? current : next).push(f);
      }
    };
    for (const r of free) fire(r, 0);
    for (;;) {
      for (let i = 0; i < current.length; i++) {
        const f = current[i]!;
        for (let u = usersStart[f]!; u < usersStart[f + 1]!; u++) {
          const r = users[u]!;
          waiting[r] = waiting[r]! - 1;
          if (waiting[r] === 0) fire(r, depth);
        }
      }
      if (next.length === 0) break;
      current = next;
      next = [];
      depth++;
    }

    marked.fill(0);
    factSeen.fill(0);
    let estimate = 0;
    const helpful = new Set<string>();
    const stack: number[] = [];
    for (const [i, goal] of task.goalFacts.entries()) {
      // A goal the simulator says holds needs nothing, however the relaxation reads the state.
      if (goal === undefined || goalHolds?.[i]) continue;
      if (level[goal] === -1) estimate += UNREACHED_GOAL;
      else stack.push(goal);
    }
    while (stack.length > 0) {
      const f = stack.pop()!;
      if (factSeen[f]) continue;
      factSeen[f] = 1;
      const r = achiever[f]!;
      if (r === -1 || marked[r]) continue;
      marked[r] = 1;
      const rule = task.rules[r]!;
      if (rule.cost === 1) {
        estimate++;
        if (ruleLevel[r] === 0 && rule.step !== undefined) helpful.add(rule.step);
      }
      for (const p of rule.pre) stack.push(p);
    }
    return { estimate, helpful };
  };
}
