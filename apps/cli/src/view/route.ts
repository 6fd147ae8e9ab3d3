import { agentLocation, type PlanStep, type SceneGraph } from '@groundplan/scene-graph';

/**
 * The navigation nodes a plan takes the robot through: where the agent starts, then each goto's
 * target in order (the expanded plan already holds every navigation step the path planner added).
 * Empty for an empty plan.
 */
export function planRoute(scene: SceneGraph, plan: readonly PlanStep[]): string[] {
  const route: string[] = [];
  // No plan (none verified yet, or none at all): no route, not even a start.
  if (plan.length === 0) return route;
  const start = agentLocation(scene);
  if (start !== undefined) route.push(start);
  for (const step of plan) {
    const target = step.args[0];
    if (step.action === 'goto' && target !== undefined && target !== route.at(-1)) route.push(target);
  }
  return route;
}
