import { nodesOfKind, type SceneGraph } from '@groundplan/scene-graph';

/** The node attribute that marks an object the robot believes in but has not seen this run. */
export const PRIOR_ATTRIBUTE = 'prior';

/**
 * LookPlanGraph's memory graph: rooms, poses and assets as they are (they do not move), and every
 * object kept where the belief last had it but marked an unverified prior. Objects are kept, not
 * dropped, because the paper's graph is "static assets and object priors": a prior is a good first
 * place to look, and a look that confirms it clears the mark (mergeObservation). Pure.
 */
export function memoryGraph(belief: SceneGraph): { graph: SceneGraph; priors: number } {
  const graph = belief.copy();
  let priors = 0;
  for (const id of nodesOfKind(graph, 'object')) {
    graph.updateNodeAttribute(id, 'attributes', (attributes) => ({
      ...attributes,
      [PRIOR_ATTRIBUTE]: true,
    }));
    priors++;
  }
  return { graph, priors };
}

/** Whether the node is still an unverified prior in the belief. */
export function isPrior(graph: SceneGraph, id: string): boolean {
  return graph.hasNode(id) && graph.getNodeAttribute(id, 'attributes')?.[PRIOR_ATTRIBUTE] === true;
}
