import type { SceneGraph } from '../model/scene-graph.js';

/** networkx's node-link JSON: what `networkx.node_link_graph(data, edges="edges")` reads. */
export type NodeLinkJson = {
  directed: true;
  multigraph: false;
  graph: { name: string; description?: string; format: 'groundplan.scene-graph'; version: 1 };
  nodes: ({ id: string } & Record<string, unknown>)[];
  edges: ({ source: string; target: string; kind: string } & Record<string, unknown>)[];
};

/**
 * The scene as networkx node-link JSON, for Python users. The graph is directed (hierarchy:
 * parent -> child, at: agent -> place); a navigation edge, undirected in groundplan, is written
 * in both directions so paths work on the directed graph. Node fields keep groundplan's names.
 */
export function sceneToNodeLink(graph: SceneGraph): NodeLinkJson {
  const { name, description } = graph.getAttributes();
  const nodes = graph.mapNodes((id, attributes) => ({ id, ...attributes }));
  const edges: NodeLinkJson['edges'] = [];
  graph.forEachEdge((_key, attributes, source, target) => {
    edges.push({ source, target, ...attributes });
    if (attributes.kind === 'navigation') edges.push({ source: target, target: source, ...attributes });
  });
  return {
    directed: true,
    multigraph: false,
    graph: {
      name,
      ...(description === undefined ? {} : { description }),
      format: 'groundplan.scene-graph',
      version: 1,
    },
    nodes,
    edges,
  };
}
