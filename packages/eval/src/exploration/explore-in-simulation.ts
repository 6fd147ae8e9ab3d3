import { lookSteps } from '@groundplan/grounding';
import type { ChooseRoomInput, ChooseRoomResult, LlmActivities } from '@groundplan/llm';
import { type FrontierRoom, frontier, shortestPath } from '@groundplan/path-planner';
import { rankNodes, type SceneIndexCache, spoken } from '@groundplan/retrieval';
import { perceive } from '@groundplan/robot';
import {
  agentLocation,
  type PlanStep,
  roomOf,
  type SceneGraph,
  type SceneStore,
  unknownBuilding,
} from '@groundplan/scene-graph';
import { advanceBelief, lookKind, sceneParent } from '@groundplan/simulator';
import {
  DEFAULT_LOOKS_PER_ROOM,
  PRIOR_FRONTIER,
  SAYNAV_OPTIONS,
} from '@groundplan/workflows/explore-contract';
import { shortestOrder } from './exploration-tasks.js';

/**
 * How the next room is picked: the model among the nearest frontier rooms (saynav), the nearest
 * unexplored room (frontier), the frontier room best by the retrieval prior (frontier-prior),
 * knowing where the targets are (oracle), or knowing the full graph and searching it by the
 * retrieval prior, no exploration (full-graph: SayPlan's setting, the upper bound of a planner).
 */
export type ExplorerKind = 'saynav' | 'frontier' | 'frontier-prior' | 'oracle' | 'full-graph';

/** SayNav's choice among frontier rooms: the LLM activity itself (chooseRoomToExplore) in the benchmark. */
export type RoomChooser = (input: ChooseRoomInput) => Promise<ChooseRoomResult>;

/** What the explorers use besides the world: the same LLM-queue activities the workflow calls. */
export type ExplorationDeps = {
  /** The retrieval prior (per-room plan, room order); it reads beliefs by ref from `scenes`. */
  prior: Pick<LlmActivities, 'nextRoomLook' | 'rankRoomsByPrior'>;
  scenes: SceneStore;
  /** The full-graph explorer's search over the true world. */
  retrieval?: SceneIndexCache;
  /** saynav: the model's room choice. */
  chooseRoom?: RoomChooser;
  /** saynav: offer the rooms best by the prior instead of the nearest. */
  roomPrior?: boolean;
};

export type ExplorationTask = {
  /** Object ids of the true world the robot must see (1-3 in SayNav's multi-object search). */
  targets: string[];
  /** Start knowing the floor plan (rooms, poses, ways) instead of only where the robot stands. */
  floorPlan?: boolean;
  /** Metres the robot may drive; rooms whose route would pass it are not entered. */
  maxDistance?: number;
  /** Looks around the robot may make. */
  maxRooms?: number;
  /** Assets looked at per room after its look around (default: the workflow's default). */
  looksPerRoom?: number;
};

export type ExplorationOutcome = {
  status: 'found' | 'not-found' | 'budget';
  found: string[];
  /** Rooms looked around, in order, and how many nodes the belief held after each look. */
  explored: string[];
  beliefSizes: number[];
  /** Assets looked at by the per-room plan ("room/asset"), in order. */
  assetLooks: string[];
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
 * unknownBuilding(world), every skill moves it (advanceBelief), and looks report what the true
 * world holds (perceive). In each room the robot looks around, then runs the per-room plan (the
 * workflow's nextRoomLook activity: the assets best by the prior, containers opened). The
 * frontier explorers use only their belief; the oracle and full-graph know the building and
 * drive its true shortest routes, each room at most once.
 */
export async function exploreInSimulation(
  world: SceneGraph,
  task: ExplorationTask,
  kind: ExplorerKind,
  deps: ExplorationDeps,
): Promise<ExplorationOutcome> {
  let truth = world;
  let truthAccessed: string | null = null;
  const knowsBuilding = kind === 'oracle' || kind === 'full-graph';
  // The oracle and full-graph know the building: they drive routes the robot has not seen yet.
  let belief = unknownBuilding(world, { floorPlan: knowsBuilding || (task.floorPlan ?? false) });
  if (belief === undefined) throw new Error('the world has no robot standing anywhere');
  let beliefAccessed: string | null = null;
  const outcome = {
    explored: [] as string[],
    beliefSizes: [] as number[],
    assetLooks: [] as string[],
    distance: 0,
    steps: 0,
    llm: { calls: 0, promptTokens: 0, completionTokens: 0 },
  };
  const maxDistance = task.maxDistance ?? Number.POSITIVE_INFINITY;
  const maxRooms = task.maxRooms ?? Number.POSITIVE_INFINITY;
  const looksPerRoom = task.looksPerRoom ?? DEFAULT_LOOKS_PER_ROOM;
  const end = (status: ExplorationOutcome['status'], unreachable: string[] = []): ExplorationOutcome => ({
    status,
    ...outcome,
    found: task.targets.filter((id) => belief!.hasNode(id)),
    unreachable,
    belief: belief!,
  });
  const missing = () => task.targets.filter((id) => !belief!.hasNode(id));

  /** Runs one skill in the true world and the belief; false when the true world refuses it (nothing changes). */
  const act = (step: PlanStep): boolean => {
    const moved = advanceBelief(truth, { step, accessed: truthAccessed });
    if (!moved.ok) return false;
    const from = agentLocation(truth)!;
    if (step.action === 'goto') outcome.distance += navigationLength(truth, from, step.args[0]!);
    truth = moved.belief;
    truthAccessed = moved.accessed;
    const look = lookKind(step.action);
    const observation = look ? perceive(truth, look, step.args[0]!, `look-${outcome.steps}`) : undefined;
    const next = advanceBelief(belief!, {
      step,
      accessed: beliefAccessed,
      ...(observation ? { observation } : {}),
    });
    if (!next.ok)
      throw new Error(`the belief refuses ${step.action}(${step.args.join(', ')}): ${next.error}`);
    belief = next.belief;
    beliefAccessed = next.accessed;
    outcome.steps++;
    return true;
  };

  /** Look around, then SayNav's per-room plan: the assets best by the prior, until the targets are seen. */
  const explore = async (room: string) => {
    act({ action: 'look_around', args: [room] });
    const looked: string[] = [];
    while (looked.length < looksPerRoom) {
      // The oracle knows which asset holds each target; the others ask the prior.
      const known = kind === 'oracle' ? trueHolder(truth, belief!, room, missing(), looked) : undefined;
      const look = known
        ? { asset: known, steps: lookSteps(belief!, known) }
        : await deps.prior.nextRoomLook({
            beliefRef: await deps.scenes.put(belief!),
            room,
            targets: task.targets,
            looked,
          });
      if (look.asset === undefined) break;
      looked.push(look.asset);
      outcome.assetLooks.push(`${room}/${look.asset}`);
      for (const step of look.steps) if (!act(step)) break;
    }
    outcome.explored.push(room);
    outcome.beliefSizes.push(belief!.order);
  };

  const byPrior = kind === 'frontier-prior' || (kind === 'saynav' && deps.roomPrior === true);
  const chosen = kind === 'full-graph' ? await fullGraphChoice(world, task.targets, deps) : [];
  while (outcome.explored.length < maxRooms) {
    if (missing().length === 0) return end('found');
    let next: FrontierRoom | undefined;
    if (kind === 'oracle') next = oracleRoom(truth, belief, task.targets, outcome.explored);
    else if (kind === 'full-graph') next = fullGraphRoom(truth, belief, chosen, outcome.explored);
    else {
      let options = frontier(
        belief,
        outcome.explored,
        byPrior ? PRIOR_FRONTIER : kind === 'saynav' ? SAYNAV_OPTIONS : 1,
      ).rooms;
      if (byPrior && options.length > 1) {
        const ranked = await deps.prior.rankRoomsByPrior({
          beliefRef: await deps.scenes.put(belief),
          targets: missing(),
          rooms: options.map(({ room }) => room),
        });
        const all = options;
        options = ranked.rooms.map(({ room }) => all.find((option) => option.room === room)!);
      }
      next = options[0];
      if (kind === 'saynav' && options.length > 1) {
        if (deps.chooseRoom === undefined)
          throw new Error('the saynav explorer needs a room chooser (the model)');
        const choice = await deps.chooseRoom({
          targets: missing(),
          options: options.slice(0, SAYNAV_OPTIONS).map(({ room, roomType, distance }) => ({
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
    }
    if (next === undefined)
      return end('not-found', knowsBuilding ? [] : frontier(belief, outcome.explored).unreachable);
    if (outcome.distance + next.distance > maxDistance) return end('budget');
    for (const step of next.route)
      if (!act(step)) throw new Error(`the true world refuses the route's ${step.args[0]}`);
    await explore(next.room);
  }
  return end(missing().length === 0 ? 'found' : 'budget');
}

/** The true shortest route from where the robot stands to a room, as gotos over the places on it. */
function trueRoute(truth: SceneGraph, room: string): FrontierRoom | undefined {
  const route = shortestPath(truth, agentLocation(truth)!, room);
  if (!route.ok) return undefined;
  return {
    room,
    distance: route.value.length,
    route: route.value.path.slice(1).map((place) => ({ action: 'goto', args: [place] })),
  };
}

/** The oracle's per-room look: the asset (in the belief, not looked at yet) that truly holds a target still missing in this room. */
function trueHolder(
  truth: SceneGraph,
  belief: SceneGraph,
  room: string,
  missing: readonly string[],
  looked: readonly string[],
): string | undefined {
  for (const target of missing) {
    if (roomOf(truth, target) !== room) continue;
    let parent = sceneParent(truth, target)?.parent;
    while (parent !== undefined && truth.getNodeAttribute(parent, 'kind') !== 'asset')
      parent = sceneParent(truth, parent)?.parent;
    if (parent !== undefined && belief.hasNode(parent) && !looked.includes(parent)) return parent;
  }
  return undefined;
}

/** The oracle's next room: the nearest (in the true world) unexplored room holding a target it has not seen. */
function oracleRoom(
  truth: SceneGraph,
  belief: SceneGraph,
  targets: readonly string[],
  explored: readonly string[],
): FrontierRoom | undefined {
  let best: FrontierRoom | undefined;
  for (const target of targets) {
    const room = roomOf(truth, target);
    if (belief.hasNode(target) || room === undefined || explored.includes(room)) continue;
    const route = trueRoute(truth, room);
    if (route !== undefined && (best === undefined || route.distance < best.distance)) best = route;
  }
  return best;
}

/** Rooms full-graph visits at most per target, best candidate first. */
const FULL_GRAPH_CANDIDATES = 5;

/**
 * SayPlan with the full graph known: per target, the rooms of the objects the retrieval prior
 * finds most like it over the whole true graph (the grounded search's prior), best first. The
 * query is the target as the task and the graph name it (its id, spoken): a planner that holds
 * the graph may use it, where an explorer only knows what kind of thing it looks for.
 */
async function fullGraphChoice(
  world: SceneGraph,
  targets: readonly string[],
  deps: ExplorationDeps,
): Promise<{ target: string; rooms: string[] }[]> {
  if (deps.retrieval === undefined) throw new Error('the full-graph explorer needs retrieval');
  const index = await deps.retrieval.indexFor(await deps.scenes.put(world), world);
  const chosen: { target: string; rooms: string[] }[] = [];
  for (const target of targets) {
    const ranked = await rankNodes(index, spoken(target), { kinds: ['object'] });
    const rooms: string[] = [];
    for (const { id } of ranked) {
      const room = roomOf(world, id);
      if (room !== undefined && !rooms.includes(room)) rooms.push(room);
      if (rooms.length === FULL_GRAPH_CANDIDATES) break;
    }
    chosen.push({ target, rooms });
  }
  return chosen;
}

/**
 * full-graph's next room: for each target not yet seen, its best chosen room not explored yet;
 * the first of the shortest route through them all.
 */
function fullGraphRoom(
  truth: SceneGraph,
  belief: SceneGraph,
  chosen: readonly { target: string; rooms: string[] }[],
  explored: readonly string[],
): FrontierRoom | undefined {
  const wanted = new Set<string>();
  for (const { target, rooms } of chosen) {
    const room = belief.hasNode(target)
      ? undefined
      : rooms.find((candidate) => !explored.includes(candidate));
    if (room !== undefined) wanted.add(room);
  }
  const order = shortestOrder(truth, agentLocation(truth)!, [...wanted]);
  return order?.rooms[0] === undefined ? undefined : trueRoute(truth, order.rooms[0]);
}

function navigationLength(graph: SceneGraph, from: string, to: string): number {
  const edge = graph.undirectedEdge(from, to);
  return edge === undefined ? 0 : (graph.getEdgeAttributes(edge) as { distance: number }).distance;
}
