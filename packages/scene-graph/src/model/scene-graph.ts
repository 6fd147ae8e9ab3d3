import Graph from 'graphology';
import type { NodeKind, Relation, SceneEdge, SceneFile, SceneNode } from '../format/schema.js';

/** A node's data in the graph: the file's node without its id (the id is the graph key). */
export type SceneNodeAttributes = Omit<SceneNode, 'id'>;

export type SceneEdgeAttributes =
  | { kind: 'hierarchy'; relation?: Relation }
  | { kind: 'navigation'; distance: number }
  | { kind: 'at' };

export type SceneGraphAttributes = { name: string; description?: string };

/**
 * The 3D scene graph: one graphology graph, plain data attributes, functions around it.
 * hierarchy and at edges are directed (parent -> child, agent -> place); navigation edges are
 * undirected and always carry a distance.
 */
export type SceneGraph = Graph<SceneNodeAttributes, SceneEdgeAttributes, SceneGraphAttributes>;

/** Builds the graph from a scene file that has already passed validation. */
export function buildSceneGraph(file: SceneFile): SceneGraph {
  const graph: SceneGraph = new Graph({ type: 'mixed', multi: false, allowSelfLoops: false });
  graph.replaceAttributes(
    file.description === undefined ? { name: file.name } : { name: file.name, description: file.description },
  );
  for (const { id, ...attributes } of file.nodes) graph.addNode(id, attributes);
  for (const edge of file.edges) addSceneEdge(graph, edge);
  return graph;
}

function addSceneEdge(graph: SceneGraph, edge: SceneEdge): void {
  switch (edge.kind) {
    case 'hierarchy':
      graph.addDirectedEdge(
        edge.source,
        edge.target,
        edge.relation === undefined ? { kind: 'hierarchy' } : { kind: 'hierarchy', relation: edge.relation },
      );
      return;
    case 'navigation':
      graph.addUndirectedEdge(edge.source, edge.target, {
        kind: 'navigation',
        distance: edge.distance ?? distanceBetween(graph, edge.source, edge.target),
      });
      return;
    case 'at':
      graph.addDirectedEdge(edge.source, edge.target, { kind: 'at' });
      return;
  }
}

/** Euclidean distance between two positioned nodes; 1 when either position is unknown. */
export function distanceBetween(graph: SceneGraph, a: string, b: string): number {
  const pa = graph.getNodeAttribute(a, 'position');
  const pb = graph.getNodeAttribute(b, 'position');
  if (!pa || !pb) return 1;
  return Math.hypot(pa[0] - pb[0], pa[1] - pb[1], pa[2] - pb[2]);
}

/** The scene file a graph serializes to; buildSceneGraph(sceneToFile(g)) equals g. */
export function sceneToFile(graph: SceneGraph): SceneFile {
  const { name, description } = graph.getAttributes();
  const nodes: SceneNode[] = graph.mapNodes((id, attributes) => ({ id, ...attributes }));
  const edges: SceneEdge[] = graph.mapEdges((_key, attributes, source, target) => {
    switch (attributes.kind) {
      case 'hierarchy':
        return attributes.relation === undefined
          ? { kind: 'hierarchy', source, target }
          : { kind: 'hierarchy', source, target, relation: attributes.relation };
      case 'navigation':
        return { kind: 'navigation', source, target, distance: attributes.distance };
      case 'at':
        return { kind: 'at', source, target };
    }
  });
  return {
    format: 'groundplan.scene-graph',
    version: 1,
    name,
    ...(description === undefined ? {} : { description }),
    nodes,
    edges,
  };
}

/** The kind of a node, or undefined when the scene has no such node. */
export function kindOf(graph: SceneGraph, id: string): NodeKind | undefined {
  return graph.hasNode(id) ? graph.getNodeAttribute(id, 'kind') : undefined;
}
