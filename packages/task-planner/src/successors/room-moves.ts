import { shortestPath } from '@groundplan/path-planner';
import type { SceneGraph } from '@groundplan/scene-graph';
import { type ActionSpec, type SimState, tryStep } from '@groundplan/simulator';

/** The action the planner treats as high-level navigation, as SayPlan's plans write it. */
export const NAVIGATION_ACTION = 'goto';

/**
 * goto(room) as a macro: the navigation route from where the agent stands to the room (from the
 * path planner), each hop applied by the simulator, so the state after it is the one the expanded
 * plan reaches. Routes are cached per (place, room) for the life of one generator.
 */
export function roomMoves(scene: SceneGraph, actions: readonly ActionSpec[]) {
  const routes = new Map<string, readonly string[] | null>();
  const routeOf = (from: string, room: string): readonly string[] | null => {
    const key = `${from}\u0000${room}`;
    let route = routes.get(key);
    if (route === undefined) {
      const found = shortestPath(scene, from, room);
      route = found.ok ? found.value.path.slice(1) : null;
      routes.set(key, route);
    }
    return route;
  };
  /** The state with the agent in the room, or undefined when no route or a hop fails. */
  return (sim: SimState, room: string): SimState | undefined => {
    const route = routeOf(sim.place, room);
    if (route === null) return undefined;
    let state = sim;
    for (const hop of route) {
      const next = tryStep(scene, state, { action: NAVIGATION_ACTION, args: [hop] }, actions);
      if (next === undefined) return undefined;
      state = next;
    }
    return state;
  };
}
