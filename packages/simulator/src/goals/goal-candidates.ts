import type { SceneGraph } from '@groundplan/scene-graph';
import type { ActionSpec } from '../actions/action-spec.js';
import { ACTION_SPECS } from '../actions/action-table.js';
import { affords } from '../actions/checks.js';
import { fullStateOf, parentIn, type SimState } from '../state/sim-state.js';
import type { Goal } from './goal.js';

/** The state values some action can set, by dimension: read off the action table's effects. */
export function settableStates(actions: readonly ActionSpec[] = ACTION_SPECS): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const spec of actions)
    for (const effect of spec.effects)
      if (effect.sets) {
        const known = values.get(effect.sets.dimension) ?? new Set<string>();
        known.add(effect.sets.value);
        values.set(effect.sets.dimension, known);
      }
  return values;
}

/**
 * Every goal predicate over the given nodes that the robot's actions could make true and that
 * does not hold now: an object that can be picked up placed on or inside an asset (inside when the
 * asset can contain things), held, or a node's state dimension set to another value some action
 * sets. What a model or a prior chooses goals from; the classical planner decides reachability.
 */
export function goalCandidates(
  scene: SceneGraph,
  sim: SimState,
  nodes: readonly string[],
  actions: readonly ActionSpec[] = ACTION_SPECS,
): Goal[] {
  const known = nodes.filter((id) => scene.hasNode(id));
  const kind = (id: string) => scene.getNodeAttribute(id, 'kind');
  const objects = known.filter((id) => kind(id) === 'object' && affords(scene, id, 'pickup'));
  const assets = known.filter((id) => kind(id) === 'asset');
  const settable = settableStates(actions);
  const goals: Goal[] = [];
  for (const object of objects) {
    const now = parentIn(scene, sim, object);
    for (const asset of assets) {
      const relation = affords(scene, asset, 'contain') ? 'inside' : 'on';
      if (now?.parent === asset && now.relation === relation) continue;
      goals.push({ kind: relation, object, target: asset, negated: false });
    }
    if (sim.holding !== object) goals.push({ kind: 'holding', object, negated: false });
  }
  for (const id of known) {
    if (kind(id) !== 'object' && kind(id) !== 'asset') continue;
    for (const [dimension, current] of Object.entries(fullStateOf(scene, sim, id)))
      for (const value of settable.get(dimension) ?? [])
        if (value !== current) goals.push({ kind: 'state', node: id, dimension, value, negated: false });
  }
  return goals;
}
