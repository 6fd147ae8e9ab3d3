import { z } from 'zod';
import type { SceneGraph } from '../model/scene-graph.js';
import { buildSceneGraph } from '../model/scene-graph.js';
import { err, ok, type Result } from '../result.js';
import {
  CHILD_KINDS,
  type NodeKind,
  PARENT_KINDS,
  SCENE_LIMITS,
  type SceneEdge,
  SceneEdgeSchema,
  type SceneFile,
  SceneFileSchema,
  type SceneNode,
  SceneNodeSchema,
} from './schema.js';
import { hasSceneShape } from './shape-fast-path.js';
import { hasSoundStructure } from './structure-fast-path.js';

/** One thing wrong with a scene file: where (`nodes[12].position[1]`) and what, in one line. */
export type SceneProblem = { path: string; message: string };

// The envelope is checked by the same schema with nodes and edges left opaque; nodes and edges
// are then checked one by one with the same node and edge schemas. The loop keeps the valid ones
// for the structure checks and keeps the input objects rather than zod's copies; the benchmark
// measures it against one zod pass over the whole file (which checks shape only).
const EnvelopeSchema = SceneFileSchema.extend({
  nodes: z.array(z.unknown()).max(SCENE_LIMITS.nodes, 'at most 2,000,000 nodes'),
  edges: z.array(z.unknown()).max(SCENE_LIMITS.edges, 'at most 4,000,000 edges'),
});

/** Validates a parsed scene file and builds its graph, or lists every problem in it. */
export function parseScene(input: unknown): Result<SceneGraph, SceneProblem[]> {
  // A valid file, the common case, takes the fast path: a shape check that words nothing, the
  // graph built once, its structure read off the graph. Whatever the fast path doubts goes to the
  // full checker, which has the last word and words every problem.
  if (hasSceneShape(input)) {
    const graph = buildIfSound(input);
    if (graph) return ok(graph);
  }
  const checked = checkSceneFile(input);
  if (!checked.ok) return checked;
  return ok(buildSceneGraph(checked.value));
}

function buildIfSound(file: SceneFile): SceneGraph | undefined {
  let graph: SceneGraph;
  try {
    graph = buildSceneGraph(file); // graphology refuses duplicate ids and edges, dangling ends, self-loops
  } catch {
    return undefined;
  }
  return hasSoundStructure(graph) ? graph : undefined;
}

/** Validates a parsed scene file without building the graph; every problem is reported. */
export function checkSceneFile(input: unknown): Result<SceneFile, SceneProblem[]> {
  const problems: SceneProblem[] = [];
  const envelope = EnvelopeSchema.safeParse(input);
  if (!envelope.success) {
    problems.push(...zodProblems(envelope.error, ''));
    if (!isRecord(input) || !Array.isArray(input.nodes) || !Array.isArray(input.edges)) return err(problems);
  }
  const raw = input as { nodes: unknown[]; edges: unknown[] };

  // Nodes that fail their shape still claim their id, so edges to them are not also called dangling.
  const nodes: (SceneNode | undefined)[] = new Array(raw.nodes.length);
  const claimedIds = new Set<string>();
  for (let i = 0; i < raw.nodes.length; i++) {
    const parsed = SceneNodeSchema.safeParse(raw.nodes[i]);
    // No schema transforms anything, so the checked input is kept instead of zod's copy (half the memory).
    if (parsed.success) nodes[i] = raw.nodes[i] as SceneNode;
    else {
      problems.push(...zodProblems(parsed.error, `nodes[${i}]`));
      const id = (raw.nodes[i] as { id?: unknown } | null)?.id;
      if (typeof id === 'string') claimedIds.add(id);
    }
  }
  const edges: (SceneEdge | undefined)[] = new Array(raw.edges.length);
  for (let i = 0; i < raw.edges.length; i++) {
    const parsed = SceneEdgeSchema.safeParse(raw.edges[i]);
    if (parsed.success) edges[i] = raw.edges[i] as SceneEdge;
    else problems.push(...zodProblems(parsed.error, `edges[${i}]`));
  }

  checkStructure(nodes, edges, claimedIds, problems);
  if (problems.length > 0) return err(problems);
  return ok({ ...(input as SceneFile), nodes: nodes as SceneNode[], edges: edges as SceneEdge[] });
}

/** The problems as a compact listing, one per line, for a terminal or a log. */
export function formatProblems(problems: readonly SceneProblem[]): string {
  const shown = problems.slice(0, 200).map((p) => `${p.path || '(file)'}: ${p.message}`);
  if (problems.length > shown.length) shown.push(`... and ${problems.length - shown.length} more problems`);
  return shown.join('\n');
}

// Parents are counted, not listed: at 10^6 nodes an array per node costs more than the check.
// parentRejected: a hierarchy edge to the node was reported as wrong, so "no parent" would repeat it.
type NodeInfo = {
  index: number;
  kind: NodeKind;
  parentCount: number;
  parentEdge: number;
  mark: number;
  parentRejected: boolean;
};

function checkStructure(
  nodes: readonly (SceneNode | undefined)[],
  edges: readonly (SceneEdge | undefined)[],
  claimedIds: ReadonlySet<string>,
  problems: SceneProblem[],
): void {
  const byId = new Map<string, NodeInfo>();
  const kindsPresent = new Set<NodeKind>();
  let firstAgent: number | undefined;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (!node) continue;
    const seen = byId.get(node.id);
    if (seen) {
      problems.push({
        path: `nodes[${i}].id`,
        message: `duplicate node id "${node.id}" (first defined at nodes[${seen.index}]); ids must be unique`,
      });
      continue;
    }
    byId.set(node.id, {
      index: i,
      kind: node.kind,
      parentCount: 0,
      parentEdge: -1,
      mark: 0,
      parentRejected: false,
    });
    kindsPresent.add(node.kind);
    if (node.kind === 'agent') {
      if (firstAgent === undefined) firstAgent = i;
      else
        problems.push({
          path: `nodes[${i}].kind`,
          message: `a second agent "${node.id}"; a scene has at most one agent (the first is nodes[${firstAgent}])`,
        });
    }
  }

  const navigationKeys = new Map<string, number>();
  const agentPlaces: number[] = [];
  const heldObjects: number[] = [];
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i];
    if (!edge) continue;
    if (edge.source === edge.target) {
      problems.push({
        path: `edges[${i}]`,
        message: `${edge.kind} edge connects "${edge.source}" to itself`,
      });
      continue;
    }
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source && !claimedIds.has(edge.source))
      problems.push({
        path: `edges[${i}].source`,
        message: `edge source "${edge.source}" is not a node in the scene`,
      });
    if (!target && !claimedIds.has(edge.target))
      problems.push({
        path: `edges[${i}].target`,
        message: `edge target "${edge.target}" is not a node in the scene`,
      });
    if (!source || !target) {
      // A child of a malformed parent still has a parent; do not also report it as an orphan.
      if (edge.kind === 'hierarchy' && target && claimedIds.has(edge.source)) addParent(target, i);
      continue;
    }

    // Duplicates are found through what each edge kind already tracks, so only navigation edges
    // need a key: a million string keys would cost more than all the other checks together.
    const first = duplicateOf(edge, target, edges, navigationKeys, agentPlaces);
    if (first !== undefined) {
      problems.push({
        path: `edges[${i}]`,
        message: `duplicate edge between "${edge.source}" and "${edge.target}" (first at edges[${first}])`,
      });
      continue;
    }
    if (edge.kind === 'navigation') navigationKeys.set(navigationKey(edge), i);

    switch (edge.kind) {
      case 'hierarchy': {
        const allowed = CHILD_KINDS[source.kind];
        if (!allowed.includes(target.kind)) {
          problems.push({
            path: `edges[${i}]`,
            message:
              allowed.length === 0
                ? `${article(source.kind)} ${source.kind} cannot contain anything, but "${edge.source}" contains ${target.kind} "${edge.target}"`
                : `${article(source.kind)} ${source.kind} cannot contain ${article(target.kind)} ${target.kind} directly ("${edge.source}" -> "${edge.target}"); ${article(source.kind)} ${source.kind} contains ${allowed.join(' or ')}`,
          });
          target.parentRejected = true;
          continue;
        }
        if (edge.relation !== undefined && target.kind !== 'object')
          problems.push({
            path: `edges[${i}].relation`,
            message: `relation "${edge.relation}" is only for objects, but "${edge.target}" is ${article(target.kind)} ${target.kind}`,
          });
        addParent(target, i);
        if (source.kind === 'agent') heldObjects.push(i);
        break;
      }
      case 'navigation':
        for (const [end, info] of [
          [edge.source, source],
          [edge.target, target],
        ] as const)
          if (info.kind !== 'room' && info.kind !== 'pose')
            problems.push({
              path: `edges[${i}]`,
              message: `navigation edges link rooms and poses only, but "${end}" is ${article(info.kind)} ${info.kind}`,
            });
        break;
      case 'at':
        if (source.kind !== 'agent')
          problems.push({
            path: `edges[${i}].source`,
            message: `an at edge starts at the agent, but "${edge.source}" is ${article(source.kind)} ${source.kind}`,
          });
        else agentPlaces.push(i);
        if (target.kind !== 'room' && target.kind !== 'pose')
          problems.push({
            path: `edges[${i}].target`,
            message: `the agent can be at a room or a pose, but "${edge.target}" is ${article(target.kind)} ${target.kind}`,
          });
        break;
    }
  }
  if (agentPlaces.length > 1)
    problems.push({
      path: `edges[${agentPlaces[1]}]`,
      message: `the agent is at more than one place (edges ${agentPlaces.map((e) => `[${e}]`).join(', ')}); keep one at edge`,
    });
  if (heldObjects.length > 1)
    problems.push({
      path: `edges[${heldObjects[1]}]`,
      message: `the agent holds more than one object (edges ${heldObjects.map((e) => `[${e}]`).join(', ')}); it has one gripper`,
    });

  checkParents(byId, edges, kindsPresent, problems);
  checkContainmentCycles(byId, edges, problems);
}

function duplicateOf(
  edge: SceneEdge,
  target: NodeInfo,
  edges: readonly (SceneEdge | undefined)[],
  navigationKeys: ReadonlyMap<string, number>,
  agentPlaces: readonly number[],
): number | undefined {
  switch (edge.kind) {
    case 'hierarchy':
      return target.parentEdge >= 0 && edges[target.parentEdge]?.source === edge.source
        ? target.parentEdge
        : undefined;
    case 'navigation':
      return navigationKeys.get(navigationKey(edge));
    case 'at':
      return agentPlaces.find(
        (place) => edges[place]?.source === edge.source && edges[place]?.target === edge.target,
      );
  }
}

function navigationKey(edge: SceneEdge): string {
  return edge.source < edge.target
    ? `${edge.source}\u0000${edge.target}`
    : `${edge.target}\u0000${edge.source}`;
}

function addParent(info: NodeInfo, edge: number): void {
  info.parentCount++;
  if (info.parentEdge < 0) info.parentEdge = edge;
}

// Only called for the few nodes with several parents, so a scan of the edges is fine here.
function parentEdges(edges: readonly (SceneEdge | undefined)[], id: string): string {
  const found: string[] = [];
  edges.forEach((edge, i) => {
    if (edge?.kind === 'hierarchy' && edge.target === id) found.push(`edges[${i}]`);
  });
  return found.join(', ');
}

function checkParents(
  byId: ReadonlyMap<string, NodeInfo>,
  edges: readonly (SceneEdge | undefined)[],
  kindsPresent: ReadonlySet<NodeKind>,
  problems: SceneProblem[],
): void {
  let listed = 0; // the edges are listed for the first few only: finding them is a scan
  for (const [id, info] of byId) {
    const parentKinds = PARENT_KINDS.get(info.kind);
    if (!parentKinds) continue;
    if (info.parentCount > 1) {
      const where = ++listed <= 20 ? ` (${parentEdges(edges, id)})` : '';
      problems.push({
        path: `nodes[${info.index}]`,
        message: `${info.kind} "${id}" has ${info.parentCount} parents${where}; it must be in exactly one place`,
      });
      continue;
    }
    if (info.parentCount === 1 || info.parentRejected) continue;
    // Assets and objects always need a place; rooms, floors and buildings only once the scene
    // models the level above them (a single-room scene without floors is fine).
    const needsParent =
      info.kind === 'asset' ||
      info.kind === 'object' ||
      parentKinds.some((kind) => kindsPresent.has(kind) && kind !== 'agent');
    const holders = parentKinds.filter((k) => k !== 'agent');
    if (needsParent)
      problems.push({
        path: `nodes[${info.index}]`,
        message: `${info.kind} "${id}" has no parent; add a hierarchy edge from ${article(holders[0]!)} ${holders.join(' or ')}`,
      });
  }
}

function checkContainmentCycles(
  byId: ReadonlyMap<string, NodeInfo>,
  edges: readonly (SceneEdge | undefined)[],
  problems: SceneProblem[],
): void {
  // Only object -> object containment can loop. Follow each object's single parent while it is an
  // object, marking the walk with its number on the nodes themselves (no allocation per object).
  let walk = 0;
  for (const [id, info] of byId) {
    if (info.kind !== 'object' || info.mark !== 0) continue;
    walk++;
    let current: NodeInfo | undefined = info;
    let currentId = id;
    while (current !== undefined && current.kind === 'object' && current.mark === 0) {
      current.mark = walk;
      const parentEdge: SceneEdge | undefined =
        current.parentCount === 1 ? edges[current.parentEdge] : undefined;
      if (!parentEdge) {
        current = undefined;
        break;
      }
      currentId = parentEdge.source;
      current = byId.get(currentId);
    }
    if (current?.mark === walk) problems.push(cycleProblem(byId, edges, currentId));
  }
}

function cycleProblem(
  byId: ReadonlyMap<string, NodeInfo>,
  edges: readonly (SceneEdge | undefined)[],
  start: string,
): SceneProblem {
  const cycle = [start];
  for (
    let id = parentId(byId, edges, start);
    id !== undefined && id !== start;
    id = parentId(byId, edges, id)
  )
    cycle.push(id);
  return {
    path: `nodes[${byId.get(start)!.index}]`,
    message: `containment cycle: ${[...cycle, start].map((c) => `"${c}"`).join(' in ')}; an object cannot end up inside itself`,
  };
}

function parentId(
  byId: ReadonlyMap<string, NodeInfo>,
  edges: readonly (SceneEdge | undefined)[],
  id: string,
): string | undefined {
  const info = byId.get(id);
  return info && info.parentEdge >= 0 ? edges[info.parentEdge]?.source : undefined;
}

function zodProblems(error: z.ZodError, prefix: string): SceneProblem[] {
  return error.issues.map((issue) => ({
    path: pathText(prefix, issue.path),
    // Only the node's own position: an attribute may also be called `position`.
    message:
      prefix.startsWith('nodes[') && issue.path.length === 1 && issue.path[0] === 'position'
        ? 'position must be [x, y, z]: three finite numbers, in metres'
        : issueMessage(issue),
  }));
}

function pathText(prefix: string, path: readonly PropertyKey[]): string {
  let text = prefix;
  for (const part of path)
    text += typeof part === 'number' ? `[${part}]` : text === '' ? String(part) : `.${String(part)}`;
  return text;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}; see FORMAT.md for the fields a scene file may use`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_key': // a record's key: its own check says what is wrong
      return issue.issues[0]?.message ?? issue.message;
    case 'invalid_union': {
      // Two unions in the schema: an edge's kind, and an attribute's value.
      if (issue.path.at(-1) === 'kind') return 'edge kind must be "hierarchy", "navigation" or "at"';
      if (issue.path[0] === 'attributes') {
        const found = /received (\w+)/.exec(issue.errors[0]?.[0]?.message ?? '')?.[1];
        return `an attribute is a string, a finite number or a boolean${found ? `, got ${found}` : ''}; put structured data (lists, boxes) in several attributes or leave it out`;
      }
      return issue.message;
    }
    case 'invalid_type': {
      const found = /received (\w+)/.exec(issue.message)?.[1];
      if (found === 'undefined') return `missing ${issue.expected}`;
      if (issue.expected === 'number' && (found === 'Infinity' || found === 'NaN'))
        return `expected a finite number, got ${found}`;
      return `expected ${issue.expected}${found ? `, got ${found}` : ''}`;
    }
    default:
      return issue.message;
  }
}

function article(word: string): 'a' | 'an' {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
