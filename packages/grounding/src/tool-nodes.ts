import type { SceneGraph } from '@groundplan/scene-graph';
import { ACTION_SPECS, type ActionSpec, type Goal } from '@groundplan/simulator';

/** What an action on an asset needs held (wipe asks for an object that affords this). */
const HELD_TOOL_AFFORDANCES = ['clean_with'] as const;

/**
 * The things the chosen state goals need besides their own nodes, anywhere in the scene: the
 * assets an object is heated, washed or filled with coffee in (they afford the action that sets
 * the state) and, for an action on an asset, what is held to do it with. The planner may only use
 * the nodes it is given, so without them "heat up the kebab" has no plan when the search never
 * passed the microwave. Only the chosen goals' tools: every tool would slow every plan.
 */
export function toolNodes(
  graph: SceneGraph,
  goals: readonly Goal[],
  actions: readonly ActionSpec[] = ACTION_SPECS,
): string[] {
  const skills = new Set<string>();
  for (const goal of goals) {
    if (goal.kind !== 'state' || goal.negated) continue;
    for (const spec of actions) {
      if (!spec.effects.some((e) => e.sets?.dimension === goal.dimension && e.sets?.value === goal.value))
        continue;
      const kinds = spec.parameters[0]?.kinds ?? [];
      // Only an action that applies to the goal's node: a shelf is wiped, a plate washed.
      if (
        !graph.hasNode(goal.node) ||
        !kinds.some((kind) => kind === graph.getNodeAttribute(goal.node, 'kind'))
      )
        continue;
      if (kinds.every((kind) => kind === 'object')) skills.add(spec.name);
      else if (kinds.every((kind) => kind === 'asset'))
        for (const held of HELD_TOOL_AFFORDANCES) skills.add(held);
    }
  }
  if (skills.size === 0) return [];
  return graph.filterNodes((_, attributes) =>
    ((attributes.affordances as readonly string[] | undefined) ?? []).some((skill) => skills.has(skill)),
  );
}
