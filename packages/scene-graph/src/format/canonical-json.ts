import type { SceneGraph } from '../model/scene-graph.js';
import { sceneToFile } from '../model/scene-graph.js';
import { NODE_KINDS, type NodeKind, type SceneEdge, type SceneNode } from './schema.js';

const KIND_RANK = new Map<string, number>(NODE_KINDS.map((kind, rank) => [kind, rank]));
const EDGE_RANK: Record<SceneEdge['kind'], number> = { hierarchy: 0, navigation: 1, at: 2 };

/**
 * The scene as canonical JSON: nodes by kind (top of the hierarchy first) then id, edges by kind,
 * source, target, navigation ends in id order, fields and attribute keys in a fixed order; one
 * node or edge per line, so files diff well and the same scene always gives the same bytes.
 */
export function sceneToJson(graph: SceneGraph): string {
  const file = sceneToFile(graph);
  const nodes = file.nodes.map(canonicalNode).sort(compareNodes);
  const edges = file.edges.map(canonicalEdge).sort(compareEdges);
  const head: Record<string, unknown> = { format: file.format, version: file.version, name: file.name };
  if (file.description !== undefined) head.description = file.description;
  const lines = Object.entries(head).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
  );
  lines.push(`  "nodes": ${listing(nodes)},`);
  lines.push(`  "edges": ${listing(edges)}`);
  return `{\n${lines.join('\n')}\n}\n`;
}

function listing(items: readonly object[]): string {
  if (items.length === 0) return '[]';
  return `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`;
}

function canonicalNode(node: SceneNode): SceneNode {
  const out: SceneNode = { id: node.id, kind: node.kind };
  if (node.attributes !== undefined) out.attributes = sortedKeys(node.attributes);
  if (node.state !== undefined) out.state = sortedKeys(node.state);
  if (node.affordances !== undefined) out.affordances = [...node.affordances];
  if (node.position !== undefined) out.position = [node.position[0], node.position[1], node.position[2]];
  return out;
}

function canonicalEdge(edge: SceneEdge): SceneEdge {
  switch (edge.kind) {
    case 'hierarchy':
      return edge.relation === undefined
        ? { kind: 'hierarchy', source: edge.source, target: edge.target }
        : { kind: 'hierarchy', source: edge.source, target: edge.target, relation: edge.relation };
    case 'navigation': {
      const [source, target] =
        edge.source < edge.target ? [edge.source, edge.target] : [edge.target, edge.source];
      return edge.distance === undefined
        ? { kind: 'navigation', source, target }
        : { kind: 'navigation', source, target, distance: edge.distance };
    }
    case 'at':
      return { kind: 'at', source: edge.source, target: edge.target };
  }
}

// Keys are data: a null-prototype record keeps a key such as "constructor" as an ordinary entry.
function sortedKeys<V>(record: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = Object.create(null);
  for (const key of Object.keys(record).sort()) out[key] = record[key]!;
  return out;
}

function compareNodes(a: SceneNode, b: SceneNode): number {
  return rank(a.kind) - rank(b.kind) || compareText(a.id, b.id);
}

function compareEdges(a: SceneEdge, b: SceneEdge): number {
  return (
    EDGE_RANK[a.kind] - EDGE_RANK[b.kind] ||
    compareText(a.source, b.source) ||
    compareText(a.target, b.target)
  );
}

function rank(kind: NodeKind): number {
  return KIND_RANK.get(kind) ?? 0;
}

// Code-unit order, not localeCompare: the same on every machine and locale.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
