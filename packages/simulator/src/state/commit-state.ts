import type { SceneGraph } from '@groundplan/scene-graph';
import { parentIn, type SimState } from './sim-state.js';

/** A new scene graph with the plan's changes written in: the world after execution. Copies once. */
export function commitState(scene: SceneGraph, sim: SimState): SceneGraph {
  const graph = scene.copy();
  for (const [id, changed] of sim.states) {
    graph.updateNodeAttribute(id, 'state', (state) => ({ ...state, ...changed }));
  }
  for (const id of sim.placements.keys()) {
    graph.forEachInEdge(id, (edge, attributes) => {
      if (attributes.kind === 'hierarchy') graph.dropEdge(edge);
    });
    const placement = parentIn(scene, sim, id)!;
    graph.addDirectedEdge(
      placement.parent,
      id,
      placement.relation === undefined
        ? { kind: 'hierarchy' }
        : { kind: 'hierarchy', relation: placement.relation },
    );
  }
  graph.forEachOutEdge(sim.agent, (edge, attributes) => {
    if (attributes.kind === 'at') graph.dropEdge(edge);
  });
  graph.addDirectedEdge(sim.agent, sim.place, { kind: 'at' });
  return graph;
}
