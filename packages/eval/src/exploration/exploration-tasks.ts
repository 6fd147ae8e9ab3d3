import { shortestPath } from '@groundplan/path-planner';
import { perceive } from '@groundplan/robot';
import { agentLocation, mulberry32, nodesOfKind, roomOf, type SceneGraph } from '@groundplan/scene-graph';

/**
 * SayNav's multi-object search tasks on one building: `count` tasks of 1-3 objects each, drawn
 * (seeded) among the objects a look around their room shows, so every task can be solved.
 */
export function explorationTasks(world: SceneGraph, count: number, seed: number): string[][] {
  const visible = nodesOfKind(world, 'room').flatMap((room) =>
    perceive(world, 'around', room, 'task-draw')
      .seen.filter((node) => node.type === 'object')
      .map((node) => node.id),
  );
  const random = mulberry32(seed);
  const tasks: string[][] = [];
  for (let i = 0; i < count && visible.length >= 3; i++) {
    const size = 1 + (i % 3);
    const targets = new Set<string>();
    while (targets.size < size) targets.add(visible[Math.floor(random() * visible.length)]!);
    tasks.push([...targets]);
  }
  return tasks;
}

/** The shortest route from where the robot stands through the rooms of every target, in the best order (the SPL reference). */
export function shortestTour(world: SceneGraph, targets: readonly string[]): number | undefined {
  const start = agentLocation(world);
  if (start === undefined) return undefined;
  const rooms = [...new Set(targets.map((id) => roomOf(world, id)))];
  if (rooms.some((room) => room === undefined)) return undefined;
  const length = (from: string, to: string) => {
    const route = shortestPath(world, from, to);
    return route.ok ? route.value.length : Number.POSITIVE_INFINITY;
  };
  let best = Number.POSITIVE_INFINITY;
  for (const order of permutations(rooms as string[])) {
    let total = 0;
    let here = start;
    for (const room of order) {
      total += length(here, room);
      here = room;
    }
    best = Math.min(best, total);
  }
  return Number.isFinite(best) ? best : undefined;
}

/** Success weighted by path length (Anderson et al. 2018): shortest / max(travelled, shortest) when found, else 0. */
export function spl(found: boolean, shortest: number, travelled: number): number {
  if (!found) return 0;
  if (shortest === 0) return 1;
  return shortest / Math.max(travelled, shortest);
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
