import { shortestOrder } from '@groundplan/path-planner';
import { perceive } from '@groundplan/robot';
import {
  agentLocation,
  mulberry32,
  nodesOfKind,
  parentOf,
  roomOf,
  type SceneGraph,
} from '@groundplan/scene-graph';

/**
 * Where tasks draw their targets: objects a look around their room shows (SayNav's tasks), or
 * objects inside closed containers, which only opening and looking inside shows (the per-room plan).
 */
export type TargetPool = 'visible' | 'in-closed-containers';

/**
 * SayNav's multi-object search tasks on one building: `count` tasks of 1-3 objects each, drawn
 * (seeded) from the pool, so every task can be solved.
 */
export function explorationTasks(
  world: SceneGraph,
  count: number,
  seed: number,
  pool: TargetPool = 'visible',
): string[][] {
  const candidates = pool === 'visible' ? visibleObjects(world) : objectsInClosedContainers(world);
  const random = mulberry32(seed);
  const tasks: string[][] = [];
  for (let i = 0; i < count && candidates.length >= 3; i++) {
    const size = 1 + (i % 3);
    const targets = new Set<string>();
    while (targets.size < size) targets.add(candidates[Math.floor(random() * candidates.length)]!);
    tasks.push([...targets]);
  }
  return tasks;
}

function visibleObjects(world: SceneGraph): string[] {
  return nodesOfKind(world, 'room').flatMap((room) =>
    perceive(world, 'around', room, 'task-draw')
      .seen.filter((node) => node.type === 'object')
      .map((node) => node.id),
  );
}

/** Objects inside a container whose door is closed, in id order. */
export function objectsInClosedContainers(world: SceneGraph): string[] {
  return nodesOfKind(world, 'object').filter((id) => {
    const up = parentOf(world, id);
    return up?.relation === 'inside' && world.getNodeAttribute(up.parent, 'state')?.door === 'closed';
  });
}

/**
 * The world as SayNav's robot starts in it: with an empty gripper (what it holds is left out), so
 * it can open containers to look inside; the office's robot starts holding a coke can.
 */
export function withEmptyGripper(world: SceneGraph): SceneGraph {
  const empty = world.copy();
  for (const agent of nodesOfKind(empty, 'agent'))
    for (const held of empty.outNeighbors(agent))
      if (empty.getNodeAttribute(held, 'kind') === 'object') empty.dropNode(held);
  return empty;
}

/** The shortest route from where the robot stands through the rooms of every target, in the best order (the SPL reference). */
export function shortestTour(world: SceneGraph, targets: readonly string[]): number | undefined {
  const start = agentLocation(world);
  if (start === undefined) return undefined;
  const rooms = [...new Set(targets.map((id) => roomOf(world, id)))];
  if (rooms.some((room) => room === undefined)) return undefined;
  return shortestOrder(world, start, rooms as string[])?.length;
}

/** Success weighted by path length (Anderson et al. 2018): shortest / max(travelled, shortest) when found, else 0. */
export function spl(found: boolean, shortest: number, travelled: number): number {
  if (!found) return 0;
  if (shortest === 0) return 1;
  return shortest / Math.max(travelled, shortest);
}
