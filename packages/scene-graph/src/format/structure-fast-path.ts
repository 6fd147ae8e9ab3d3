import type { SceneGraph } from '../model/scene-graph.js';
import { CHILD_KINDS, type NodeKind, PARENT_KINDS } from './schema.js';

// The fast path of parseScene for structure: whether a graph built from a well-shaped file breaks
// none of the rules checkStructure (validate.ts) words problems for. Duplicate ids, dangling ends,
// self-loops and duplicate edges never get here: graphology refuses them while building. The rest
// is read off the built graph, so a valid file is indexed once (by graphology) instead of twice.
// Like the shape fast path it may say no to a sound graph, never yes to an unsound one
// (structure-fast-path.test.ts); on no, parseScene asks the full checker.

/** Whether the graph of a well-shaped scene file is certainly free of structural problems. */
export function hasSoundStructure(graph: SceneGraph): boolean {
  const counts = new Map<NodeKind, number>();
  graph.forEachNode((_node, attributes) =>
    counts.set(attributes.kind, (counts.get(attributes.kind) ?? 0) + 1),
  );
  if ((counts.get('agent') ?? 0) > 1) return false;

  let places = 0;
  let held = 0;
  // Children are told apart by their attribute objects, which graphology keeps one per node, so
  // counting parents costs no lookup by id.
  const children = new Set<object>();
  const objectInObject = new Map<string, string>(); // child -> parent, the only containment that can loop
  const unsound = graph.someEdge((_edge, attributes, source, target, sourceAttributes, targetAttributes) => {
    switch (attributes.kind) {
      case 'hierarchy': {
        if (!CHILD_KINDS[sourceAttributes.kind].includes(targetAttributes.kind)) return true;
        if (attributes.relation !== undefined && targetAttributes.kind !== 'object') return true;
        const before = children.size;
        if (children.add(targetAttributes).size === before) return true; // a second parent
        if (sourceAttributes.kind === 'agent') held++;
        else if (sourceAttributes.kind === 'object') objectInObject.set(target, source);
        return held > 1;
      }
      case 'navigation':
        return !isPlace(sourceAttributes.kind) || !isPlace(targetAttributes.kind);
      case 'at':
        return ++places > 1 || sourceAttributes.kind !== 'agent' || !isPlace(targetAttributes.kind);
    }
  });
  if (unsound) return false;

  // No node has two parents, and every child is of a kind that needs one (its parent's kind is in
  // the scene), so every node that needs a parent has one exactly when the counts match.
  let needParents = 0;
  for (const [kind, count] of counts) {
    const parentKinds = PARENT_KINDS.get(kind);
    if (!parentKinds) continue;
    // As in checkParents: the agent may hold an object, but is never a place an object must have.
    const required =
      kind === 'asset' ||
      kind === 'object' ||
      parentKinds.some((parent) => parent !== 'agent' && counts.has(parent));
    if (required) needParents += count;
  }
  return children.size === needParents && !hasContainmentCycle(objectInObject);
}

function isPlace(kind: NodeKind): boolean {
  return kind === 'room' || kind === 'pose';
}

function hasContainmentCycle(parentOf: ReadonlyMap<string, string>): boolean {
  const walkOf = new Map<string, number>();
  let walk = 0;
  for (const start of parentOf.keys()) {
    if (walkOf.has(start)) continue;
    walk++;
    for (let node: string | undefined = start; node !== undefined; node = parentOf.get(node)) {
      const seen = walkOf.get(node);
      if (seen === walk) return true;
      if (seen !== undefined) break;
      walkOf.set(node, walk);
    }
  }
  return false;
}
