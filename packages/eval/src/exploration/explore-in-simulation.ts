import type { ChooseRoomInput, ChooseRoomResult } from '@groundplan/llm';
import { type FrontierRoom, frontier, shortestPath } from '@groundplan/path-planner';
import { perceive } from '@groundplan/robot';
import {
  agentLocation,
  type PlanStep,
  roomOf,
  type SceneGraph,
  unknownBuilding,
} from '@groundplan/scene-graph';
import { advanceBelief } from '@groundplan/simulator';
import { SAYNAV_OPTIONS } from '@groundplan/workflows/explore-contract';

/**
 * How the next room is picked: the model among the nearest frontier rooms (saynav), the nearest
 * unexplored room (frontier), or knowing where the targets are (oracle).
 */
export type ExplorerKind = 'saynav' | 'frontier' | 'oracle';

/** SayNav's choice among frontier rooms: the LLM activity itself (chooseRoomToExplore) in the benchmark. */
export type RoomChooser = (input: ChooseRoomInput) => Promise<ChooseRoomResult>;

export type ExplorationTask = {
  /** Object ids of the true world the robot must see (1-3 in SayNav's multi-object search). */
  targets: string[];
  /** Start knowing the floor plan (rooms, poses, ways) instead of only where the robot stands. */
  floorPlan?: boolean;
  /** Metres the robot may drive; rooms whose route would pass it are not entered. */
  maxDistance?: number;
  /** Looks around the robot may make. */
  maxRooms?: number;
};

export type ExplorationOutcome = {
  status: 'found' | 'not-found' | 'budget';
  found: string[];
  /** Rooms looked around, in order, and how many nodes the belief held after each look. */
  explored: string[];
  beliefSizes: number[];
  distance: number;
  steps: number;
  /** Model calls and tokens SayNav's choices took. */
  llm: { calls: number; promptTokens: number; completionTokens: number };
  /** Known rooms no route reaches, when the robot explored all it could reach. */
  unreachable: string[];
  belief: SceneGraph;
};

/**
 * A robot exploring a building it does not know, without Temporal: the belief starts as
 * unknownBuilding(world), every goto and look moves it (advanceBelief), and looks report what the
 * true world holds (perceive). The frontier explorer uses only its belief; the oracle is scripted
 * with the truth (it drives the true shortest routes to the targets' rooms) and bounds the rest.
 */
export async function exploreInSimulation(
  world: SceneGraph,
  task: ExplorationTask,
  kind: ExplorerKind,
  chooseRoom?: RoomChooser,
): Promise<ExplorationOutcome> {
  let truth = world;
  // The oracle knows the building: it drives routes the robot has not seen yet.
  let belief = unknownBuilding(world, { floorPlan: kind === 'oracle' || (task.floorPlan ?? false) });
  if (belief === undefined) throw new Error('the world has no robot standing anywhere');
  const outcome = {
    found: [] as string[],
    explored: [] as string[],
    beliefSizes: [] as number[],
    distance: 0,
    steps: 0,
    llm: { calls: 0, promptTokens: 0, completionTokens: 0 },
  };
  const maxDistance = task.maxDistance ?? Number.POSITIVE_INFINITY;
  const maxRooms = task.maxRooms ?? Number.POSITIVE_INFINITY;
  const end = (status: ExplorationOutcome['status'], unreachable: string[] = []): ExplorationOutcome => ({
    status,
    ...outcome,
    found: task.targets.filter((id) => belief!.hasNode(id)),
    unreachable,
    belief: belief!,
  });
  const act = (step: PlanStep, observe: boolean) => {
    const moved = advanceBelief(truth, { step });
    if (!moved.ok)
      throw new Error(`the true world refuses ${step.action}(${step.args.join(', ')}): ${moved.error}`);
    const from = agentLocation(truth)!;
    if (step.action === 'goto') outcome.distance += navigationLength(truth, from, step.args[0]!);
    truth = moved.belief;
    const observation = observe
      ? perceive(truth, 'around', step.args[0]!, `look-${outcome.steps}`)
      : undefined;
    const next = advanceBelief(belief!, { step, ...(observation ? { observation } : {}) });
    if (!next.ok)
      throw new Error(`the belief refuses ${step.action}(${step.args.join(', ')}): ${next.error}`);
    belief = next.belief;
    outcome.steps++;
  };

  while (outcome.explored.length < maxRooms) {
    if (task.targets.every((id) => belief!.hasNode(id))) return end('found');
    const options =
      kind === 'oracle'
        ? []
        : frontier(belief, outcome.explored, kind === 'saynav' ? SAYNAV_OPTIONS : 1).rooms;
    let next = kind === 'oracle' ? oracleRoom(truth, belief, task.targets) : options[0];
    if (kind === 'saynav' && options.length > 1) {
      if (chooseRoom === undefined) throw new Error('the saynav explorer needs a room chooser (the model)');
      const choice = await chooseRoom({
        targets: task.targets.filter((id) => !belief!.hasNode(id)),
        options: options.map(({ room, roomType, distance }) => ({
          room,
          distance,
          ...(roomType === undefined ? {} : { roomType }),
        })),
        explored: outcome.explored.slice(-6),
      });
      outcome.llm.calls += choice.calls;
      outcome.llm.promptTokens += choice.usage.usage.promptTokens;
      outcome.llm.completionTokens += choice.usage.usage.completionTokens;
      next = options.find((option) => option.room === choice.room) ?? next;
    }
    if (next === undefined) {
      return end('not-found', kind === 'oracle' ? [] : frontier(belief, outcome.explored).unreachable);
    }
    if (outcome.distance + next.distance > maxDistance) return end('budget');
    for (const step of next.route) act(step, false);
    act({ action: 'look_around', args: [next.room] }, true);
    outcome.explored.push(next.room);
    outcome.beliefSizes.push(belief.order);
  }
  return end(task.targets.every((id) => belief!.hasNode(id)) ? 'found' : 'budget');
}

/** The oracle's next room: the nearest (in the true world) room holding a target it has not seen, and the true route. */
function oracleRoom(
  truth: SceneGraph,
  belief: SceneGraph,
  targets: readonly string[],
): FrontierRoom | undefined {
  const here = agentLocation(truth)!;
  let best: FrontierRoom | undefined;
  for (const target of targets) {
    const room = roomOf(truth, target);
    if (belief.hasNode(target) || room === undefined) continue;
    const route = shortestPath(truth, here, room);
    if (!route.ok || (best !== undefined && best.distance <= route.value.length)) continue;
    best = {
      room,
      distance: route.value.length,
      route: route.value.path.slice(1).map((place) => ({ action: 'goto', args: [place] })),
    };
  }
  return best;
}

function navigationLength(graph: SceneGraph, from: string, to: string): number {
  const edge = graph.undirectedEdge(from, to);
  return edge === undefined ? 0 : (graph.getEdgeAttributes(edge) as { distance: number }).distance;
}
