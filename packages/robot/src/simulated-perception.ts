import { createHash } from 'node:crypto';
import {
  childrenOf,
  heldObject,
  mulberry32,
  type Observation,
  type ObservationKind,
  parentOf,
  placesAround,
  type SceneGraph,
  type SeenNode,
} from '@groundplan/scene-graph';

/** How well the simulated camera and VLM see; both rates default to 0 (exact truth). */
export type PerceptionOptions = {
  /** Seeds every draw together with the step id, so a retried look sees the same. */
  seed?: number;
  /** Chance that each object there goes unseen (with whatever rests on it). Assets are never missed. */
  missRate?: number;
  /** Chance that a look also reports one object from elsewhere as being there. */
  falseDetectionRate?: number;
};

/**
 * What the robot sees looking on, inside or around a node of the true world: the objects there
 * (and assets, around a room) with their attributes, states and affordances, never what is inside
 * a closed container; around a room, also the places seen through its doors. Misses and false detections are drawn from (seed, stepId) alone.
 */
export function perceive(
  world: SceneGraph,
  kind: ObservationKind,
  target: string,
  stepId: string,
  options: PerceptionOptions = {},
): Observation {
  const draw = (what: string) => unitDraw(options.seed ?? 0, stepId, what);
  const missRate = options.missRate ?? 0;
  const seen: SeenNode[] = [];
  const visit = (id: string) => {
    const type = world.getNodeAttribute(id, 'kind');
    if (type !== 'asset' && type !== 'object') return;
    // One draw per object id: whether one object is missed never shifts another's draw.
    if (type === 'object' && draw(`miss:${id}`) < missRate) return;
    seen.push(seenNode(world, id));
    if (isClosed(world, id)) {
      for (const child of sortedChildren(world, id))
        if (parentOf(world, child)?.relation !== 'inside') visit(child);
    } else for (const child of sortedChildren(world, id)) visit(child);
  };
  for (const child of sortedChildren(world, target)) {
    const inside = parentOf(world, child)?.relation === 'inside';
    if (kind === 'around' || inside === (kind === 'inside')) visit(child);
  }
  if (draw('false-detection') < (options.falseDetectionRate ?? 0)) {
    const ghost = falseDetection(world, kind, target, seen, mulberry32(draw('which') * 2 ** 32));
    if (ghost !== undefined) seen.push(ghost);
  }
  const targetState = world.getNodeAttribute(target, 'state');
  // Around a room the robot also sees its doors and what lies beyond them: how a belief that
  // started with one room grows a navigation layer while exploring.
  const around = kind === 'around' ? placesAround(world, target) : undefined;
  return {
    kind,
    target,
    seen,
    ...(targetState === undefined ? {} : { states: { [target]: { ...targetState } } }),
    ...(around === undefined ? {} : { places: around.places, passages: around.passages }),
  };
}

/** One object from elsewhere in the building reported as there: a mistaken identity. */
function falseDetection(
  world: SceneGraph,
  kind: ObservationKind,
  target: string,
  seen: readonly SeenNode[],
  random: () => number,
): SeenNode | undefined {
  const here = new Set(seen.map((node) => node.id));
  const held = heldObject(world);
  const candidates = world
    .filterNodes((id, attributes) => attributes.kind === 'object' && !here.has(id) && id !== held)
    .filter((id) => !isAncestor(world, id, target) && !seen.some((node) => isAncestor(world, id, node.id)))
    .sort();
  if (candidates.length === 0) return undefined;
  const id = candidates[Math.floor(random() * candidates.length)]!;
  const assets = seen.filter((node) => node.type === 'asset');
  if (kind !== 'around')
    return { ...seenNode(world, id), parent: target, relation: kind === 'inside' ? 'inside' : 'on' };
  const parent = assets.length === 0 ? target : assets[Math.floor(random() * assets.length)]!.id;
  return { ...seenNode(world, id), parent, relation: parent === target ? undefined : 'on' };
}

function seenNode(world: SceneGraph, id: string): SeenNode {
  const attributes = world.getNodeAttributes(id);
  const placement = parentOf(world, id);
  const node: SeenNode = {
    id,
    type: attributes.kind as 'asset' | 'object',
    parent: placement?.parent ?? '',
  };
  if (placement?.relation !== undefined) node.relation = placement.relation;
  if (attributes.attributes !== undefined) node.attributes = { ...attributes.attributes };
  if (attributes.state !== undefined) node.state = { ...attributes.state };
  if (attributes.affordances !== undefined) node.affordances = [...attributes.affordances];
  return node;
}

function isClosed(world: SceneGraph, id: string): boolean {
  return world.getNodeAttribute(id, 'state')?.door === 'closed';
}

function sortedChildren(world: SceneGraph, id: string): string[] {
  return childrenOf(world, id).sort();
}

/** Whether `ancestor` is `id` or holds it, however deep. */
function isAncestor(world: SceneGraph, ancestor: string, id: string): boolean {
  for (let current: string | undefined = id, depth = 0; current !== undefined && depth < 10_000; depth++) {
    if (current === ancestor) return true;
    current = parentOf(world, current)?.parent;
  }
  return false;
}

/** A number in [0, 1) fixed by (seed, step id, what is drawn). */
function unitDraw(seed: number, stepId: string, what: string): number {
  return (
    createHash('sha256').update(`${seed}\u0000${stepId}\u0000${what}`).digest().readUInt32LE(0) / 2 ** 32
  );
}
