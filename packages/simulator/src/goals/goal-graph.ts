import type { SceneGraph } from '@groundplan/scene-graph';
import { PersistentMap } from '../state/persistent-map.js';
import {
  fullStateOf,
  makeState,
  type Placement,
  parentIn,
  type SimState,
  sceneParent,
} from '../state/sim-state.js';

export interface NodeMismatch {
  readonly id: string;
  /** One line on how the final scene differs from the goal graph at this node. */
  readonly reason: string;
}

/** LookPlanGraph's measures of a final scene against a goal graph. */
export interface GoalGraphComparison {
  /** Every goal-graph node matches the final scene in state and placement. */
  readonly success: boolean;
  readonly nodes: number;
  readonly matching: number;
  /** Nodes whose state or placement differ between the start scene and the goal graph. */
  readonly changed: number;
  /** Of those, how many match the goal in the final scene. */
  readonly correctlyChanged: number;
  /** correctlyChanged / changed; 1 when the goal changes nothing. */
  readonly changedShare: number;
  readonly mismatches: NodeMismatch[];
}

const EMPTY: SimState = makeState('', '', null, null, PersistentMap.empty(), PersistentMap.empty());

/**
 * Compares the final scene (the start scene plus the plan's state) with a goal graph node by node:
 * state dimensions and hierarchy parent with relation. Where the agent stands is not compared.
 */
export function compareToGoalGraph(scene: SceneGraph, sim: SimState, goal: SceneGraph): GoalGraphComparison {
  let matching = 0;
  let changed = 0;
  let correctlyChanged = 0;
  const mismatches: NodeMismatch[] = [];
  goal.forEachNode((id) => {
    if (!scene.hasNode(id)) {
      mismatches.push({ id, reason: `${id} is in the goal graph but not in the scene` });
      changed++;
      return;
    }
    const wanted = { state: goal.getNodeAttribute(id, 'state') ?? {}, placement: sceneParent(goal, id) };
    const start = { state: fullStateOf(scene, EMPTY, id), placement: sceneParent(scene, id) };
    const final = { state: fullStateOf(scene, sim, id), placement: parentIn(scene, sim, id) };
    const difference = differences(final, wanted);
    const isChanged = differences(start, wanted) !== undefined;
    if (isChanged) changed++;
    if (difference === undefined) {
      matching++;
      if (isChanged) correctlyChanged++;
    } else mismatches.push({ id, reason: `${id}: ${difference}` });
  });
  return {
    success: mismatches.length === 0,
    nodes: goal.order,
    matching,
    changed,
    correctlyChanged,
    changedShare: changed === 0 ? 1 : correctlyChanged / changed,
    mismatches,
  };
}

interface NodeFacts {
  readonly state: Readonly<Record<string, string>>;
  readonly placement: Placement | undefined;
}

function differences(actual: NodeFacts, wanted: NodeFacts): string | undefined {
  const found: string[] = [];
  for (const dimension of new Set([...Object.keys(actual.state), ...Object.keys(wanted.state)])) {
    const is = actual.state[dimension] ?? 'unset';
    const should = wanted.state[dimension] ?? 'unset';
    if (is !== should) found.push(`${dimension} is ${is}, goal ${should}`);
  }
  const is = describe(actual.placement);
  const should = describe(wanted.placement);
  if (is !== should) found.push(`${is}, goal ${should}`);
  return found.length === 0 ? undefined : found.join('; ');
}

function describe(placement: Placement | undefined): string {
  if (placement === undefined) return 'no parent';
  return `${placement.relation ?? 'under'} ${placement.parent}`;
}
