import type { SceneGraph } from '@groundplan/scene-graph';
import type { Plan, PlanStep } from '../src/plan/plan.js';
import { initialState, parentIn, roomIn, type SimState, stateOf } from '../src/state/sim-state.js';
import { applyStep } from '../src/verify/verify-plan.js';

/** The fewest navigation hops from one place to another, excluding the start. */
function route(scene: SceneGraph, from: string, to: string): string[] | undefined {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const place = queue[head]!;
    if (place === to) break;
    scene.forEachUndirectedNeighbor(place, (next) => {
      if (previous.has(next)) return;
      previous.set(next, place);
      queue.push(next);
    });
  }
  if (!previous.has(to)) return undefined;
  const path: string[] = [];
  for (let place = to; place !== from; place = previous.get(place)!) path.push(place);
  return path.reverse();
}

/**
 * A long, realistic plan over any scene: fetch objects from their assets (opening doors and
 * switching things on on the way) and carry them to assets in other rooms, the whole route spelled
 * out pose by pose. Each task is kept only if every step verifies, so the plan always succeeds.
 */
export function officeTour(scene: SceneGraph, tasks: number, seed = 1): Plan {
  let random = seed;
  const next = () => {
    random = (random * 1103515245 + 12345) % 2147483648;
    return random / 2147483648;
  };
  const start = initialState(scene);
  if (!start.ok) throw new Error(start.error);
  let state: SimState = start.value;
  const objects = scene.filterNodes(
    (id, node) =>
      node.kind === 'object' &&
      (node.affordances ?? []).includes('pickup') &&
      roomIn(scene, state, id) !== undefined,
  );
  const assets = scene.filterNodes(
    (id, node) =>
      node.kind === 'asset' && node.state?.door === undefined && roomIn(scene, state, id) !== undefined,
  );
  const plan: PlanStep[] = [];
  for (let done = 0, attempt = 0; done < tasks && attempt < tasks * 20; attempt++) {
    // A scene may start with something in the gripper: deliver that first.
    const object = state.holding ?? objects[Math.floor(next() * objects.length)]!;
    const destination = assets[Math.floor(next() * assets.length)]!;
    const holder = parentIn(scene, state, object)!.parent;
    const task: PlanStep[] = [];
    let trial = state;
    const act = (action: string, ...args: string[]): boolean => {
      const step = { action, args };
      const outcome = applyStep(scene, trial, step);
      if (!outcome.ok) return false;
      trial = outcome.state;
      task.push(step);
      return true;
    };
    const travel = (room: string) =>
      (route(scene, trial.place, room) ?? [room]).every((place) => act('goto', place));
    const fetched =
      (state.holding === object ||
        (travel(roomIn(scene, trial, object)!) &&
          (scene.getNodeAttribute(holder, 'kind') !== 'asset' || act('access', holder)) &&
          (stateOf(scene, trial, holder, 'door') !== 'closed' || act('open', holder)) &&
          (stateOf(scene, trial, holder, 'power') !== 'off' || act('turn_on', holder)) &&
          act('pickup', object))) &&
      travel(roomIn(scene, trial, destination)!) &&
      act('access', destination) &&
      act('release', object);
    if (!fetched) continue;
    plan.push(...task);
    state = trial;
    done++;
  }
  return plan;
}
