import { cosine, rankNodes, type SceneIndexCache, spoken } from '@groundplan/retrieval';
import {
  childrenOf,
  type PlanStep,
  requireScene,
  roomOf,
  type SceneGraph,
  type SceneRef,
  type SceneStore,
} from '@groundplan/scene-graph';
import { initialState, sceneParent } from '@groundplan/simulator';
import { ApplicationFailure } from '@temporalio/common';
import { keepAlive } from './keep-alive.js';
import { targetName } from './target-name.js';

/** The failure type of a worker set up without what the activity needs: the llm role's, not worth retrying. */
const BAD_CONFIG = 'LlmBadConfig';

export type NextRoomLookInput = {
  beliefRef: SceneRef;
  /** The room the robot stands in, looked around already. */
  room: string;
  /** What the robot looks for (object ids; their names are embedded). */
  targets: string[];
  /** Assets of this room looked at already. */
  looked: string[];
};

/** Which targets the belief holds, and the next asset to look at with the skills that look (none: all found or none left). */
export type NextRoomLook = { found: string[]; asset?: string; score?: number; steps: PlanStep[] };

export type RankRoomsInput = { beliefRef: SceneRef; targets: string[]; rooms: string[] };
/** The rooms best first by the prior; equal scores keep the order given (nearest first). */
export type RankedRooms = { rooms: { room: string; score: number }[] };

/** The oracle's per-room look: the deployment scene is the truth it knows. */
export type OracleRoomLookInput = NextRoomLookInput & { sceneRef: SceneRef };

export type FullGraphRoomsInput = { sceneRef: SceneRef; targets: string[] };
/** Per target, the rooms full-graph may look in, best first. */
export type FullGraphRooms = { target: string; rooms: string[] }[];

/** Rooms full-graph visits at most per target, best candidate first. */
const FULL_GRAPH_CANDIDATES = 5;

/** Target names embedded once per worker; a handful per task. */
const MAX_CACHED_NAMES = 5_000;

/**
 * The retrieval prior of an exploration (no model): how like the targets' names a node's text
 * is, the best over the targets still missing. It orders the assets a robot looks at in a room
 * and the rooms it may explore next. Activities on the LLM queue, where the embedding model is.
 */
export function explorationPrior(deps: { scenes: SceneStore; retrieval?: SceneIndexCache }) {
  const names = new Map<string, Float32Array>();

  /** score(id) = max over the missing targets of cosine(target's name, node's text). */
  async function scorer(beliefRef: SceneRef, targets: readonly string[]) {
    // A worker without the embedding model cannot do better on a retry.
    if (!deps.retrieval)
      throw ApplicationFailure.nonRetryable(
        'the exploration prior needs retrieval: start the llm role with an embedding model (GROUNDPLAN_EMBEDDING_MODEL is off)',
        BAD_CONFIG,
      );
    const belief = await requireScene(deps.scenes, beliefRef);
    const index = await deps.retrieval.indexFor(beliefRef, belief);
    const missing = targets.filter((id) => !belief.hasNode(id));
    const wanted = [...new Set(missing.map(targetName))];
    const fresh = wanted.filter((name) => !names.has(`${index.model}\n${name}`));
    if (names.size + fresh.length > MAX_CACHED_NAMES) names.clear();
    const vectors = fresh.length > 0 ? await index.embedder.embed(fresh) : [];
    fresh.forEach((name, i) => {
      names.set(`${index.model}\n${name}`, vectors[i]!);
    });
    const queries = wanted.map((name) => names.get(`${index.model}\n${name}`)!);
    const position = new Map(index.nodes.map((node, i) => [node.id, i]));
    const score = (id: string) => {
      const at = position.get(id);
      if (at === undefined || queries.length === 0) return 0;
      return Math.max(...queries.map((query) => cosine(index.vectors[at]!, query)));
    };
    return { belief, found: targets.filter((id) => belief.hasNode(id)), score };
  }

  async function nextRoomLook(input: NextRoomLookInput): Promise<NextRoomLook> {
    const { belief, found, score } = await scorer(input.beliefRef, input.targets);
    if (found.length === input.targets.length || !belief.hasNode(input.room)) return { found, steps: [] };
    const done = new Set(input.looked);
    const assets = childrenOf(belief, input.room)
      .filter((id) => belief.getNodeAttribute(id, 'kind') === 'asset' && !done.has(id))
      .map((asset) => ({ asset, score: score(asset) }))
      .sort((a, b) => b.score - a.score || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
    const best = assets[0];
    if (best === undefined) return { found, steps: [] };
    return { found, asset: best.asset, score: best.score, steps: lookSteps(belief, best.asset) };
  }

  return {
    /**
     * SayNav's per-room plan, one asset at a time: the room's asset most like a missing target
     * that is not looked at yet, and how to look (open a closed container first). The workflow
     * asks again after each look, so it stops as soon as every target is in the belief.
     */
    async nextRoomLook(input: NextRoomLookInput): Promise<NextRoomLook> {
      return keepAlive(nextRoomLook(input));
    },

    /**
     * The oracle's per-room look (the benchmark's upper bound): the asset of the belief, not looked
     * at yet, that truly holds a target still missing in this room; else the prior's choice.
     */
    async oracleRoomLook(input: OracleRoomLookInput): Promise<NextRoomLook> {
      return keepAlive(
        (async () => {
          const truth = await requireScene(deps.scenes, input.sceneRef);
          const belief = await requireScene(deps.scenes, input.beliefRef);
          const found = input.targets.filter((id) => belief.hasNode(id));
          for (const target of input.targets) {
            if (found.includes(target) || roomOf(truth, target) !== input.room) continue;
            let parent = sceneParent(truth, target)?.parent;
            while (parent !== undefined && truth.getNodeAttribute(parent, 'kind') !== 'asset')
              parent = sceneParent(truth, parent)?.parent;
            if (parent !== undefined && belief.hasNode(parent) && !input.looked.includes(parent))
              return { found, asset: parent, steps: lookSteps(belief, parent) };
          }
          return nextRoomLook(input);
        })(),
      );
    },

    /**
     * full-graph's candidates (SayPlan with the whole graph known): per target, the rooms of the
     * objects the retrieval prior finds most like it over the deployment scene, queried with the
     * target's id spoken: a planner that holds the graph may use it, where an explorer only knows
     * what kind of thing it looks for.
     */
    async fullGraphRooms(input: FullGraphRoomsInput): Promise<FullGraphRooms> {
      return keepAlive(
        (async () => {
          if (!deps.retrieval)
            throw ApplicationFailure.nonRetryable(
              'the full-graph explorer needs retrieval: start the llm role with an embedding model (GROUNDPLAN_EMBEDDING_MODEL is off)',
              BAD_CONFIG,
            );
          const world = await requireScene(deps.scenes, input.sceneRef);
          const index = await deps.retrieval.indexFor(input.sceneRef, world);
          const chosen: FullGraphRooms = [];
          for (const target of input.targets) {
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
        })(),
      );
    },

    /** The rooms offered, best first by the prior (the room's name and type against the targets'); ties nearest first. */
    async rankRoomsByPrior(input: RankRoomsInput): Promise<RankedRooms> {
      return keepAlive(
        (async () => {
          const { score } = await scorer(input.beliefRef, input.targets);
          const rooms = input.rooms.map((room, order) => ({ room, score: score(room), order }));
          rooms.sort((a, b) => b.score - a.score || a.order - b.order);
          return { rooms: rooms.map(({ room, score }) => ({ room, score })) };
        })(),
      );
    },
  };
}

/**
 * How the robot looks at an asset: inside a container (access and open it first when it is
 * closed, as a plan would), on anything else. The steps are checked by the action table when run.
 */
export function lookSteps(belief: SceneGraph, asset: string): PlanStep[] {
  const affordances = belief.getNodeAttribute(asset, 'affordances') ?? [];
  const closed = belief.getNodeAttribute(asset, 'state')?.door === 'closed';
  // A closed container the robot cannot open (not openable, or its gripper is full: opening
  // needs the empty gripper) shows only what lies on it.
  const canOpen = affordances.includes('open') && !holdsSomething(belief);
  if (!affordances.includes('contain') || (closed && !canOpen)) return [{ action: 'look_on', args: [asset] }];
  return [
    ...(closed
      ? [
          { action: 'access', args: [asset] },
          { action: 'open', args: [asset] },
        ]
      : []),
    { action: 'look_inside', args: [asset] },
  ];
}

/** Whether the robot of the belief holds an object (the simulator's state says what it holds). */
function holdsSomething(belief: SceneGraph): boolean {
  const state = initialState(belief);
  return state.ok && state.value.holding !== null;
}
