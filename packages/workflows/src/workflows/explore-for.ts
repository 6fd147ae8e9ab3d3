import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  continueAsNew,
  isCancellation,
  patched,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { type Belief, FAILURE_TYPES, type PlanStep, robotTurnSignal } from '../contract.js';
import {
  DEFAULT_LOOKS_PER_ROOM,
  DEFAULT_ROOMS_PER_RUN,
  type ExplorationSoFar,
  type ExploreForInput,
  type ExploreForResult,
  explorationQuery,
  KNOWS_BUILDING,
  MAX_FAILURES_KEPT,
  PRIOR_FRONTIER,
  SAYNAV_OPTIONS,
} from '../explore-contract.js';
import { oneLine } from '../run-description.js';
import { spend } from './steps/progress.js';
import { llmActivities, sim } from './steps/proxies.js';
import { robotSteps } from './steps/robot-steps.js';

/** Rooms named to the model as already explored (the newest ones): enough to steer it, bounded in tokens. */
const EXPLORED_SHOWN = 6;

/**
 * One exploration task in a building the robot does not know (SayNav): while a target is
 * missing from the belief, pick a room of the frontier (the model among the nearest few for
 * saynav, the nearest for frontier), drive there over the navigation layer discovered so far and
 * look around, which adds the room's contents and the places beyond its doors to the belief.
 * Every room is explored at most once, so a target that does not exist ends "not found" once
 * every reachable room is explored. In each room, after the look around, the short per-room plan
 * looks at the assets the retrieval prior finds most like the targets (opening closed
 * containers), at most looksPerRoom, the same for every explorer. frontier-prior (and saynav with
 * roomPrior) order the frontier by the prior instead of by distance. Continues as new every
 * roomsPerRun rooms, carrying its state. Sent to a robot entity, it waits for its turn and starts
 * from where the robot's belief puts it, and the entity hears of every belief version.
 */
export async function exploreFor(input: ExploreForInput): Promise<ExploreForResult> {
  const soFar: ExplorationSoFar = input.soFar ?? {
    explored: [],
    distance: 0,
    steps: 0,
    usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
    runs: 1,
  };
  // A robot entity's task waits for its turn, which brings where the robot is (a later run carries its belief).
  let turn: Belief | undefined;
  setHandler(robotTurnSignal, (signalled) => {
    turn = signalled.belief;
  });
  if (input.robotEntity && input.belief === undefined) await condition(() => turn !== undefined);
  const knowsBuilding = KNOWS_BUILDING.includes(input.explorer);
  const floorPlan = (input.floorPlan ?? false) || knowsBuilding;
  const start: Belief = input.belief ?? {
    ref: await sim.unknownBuildingBelief.executeWithOptions(
      {
        summary: `what the robot knows of the building${floorPlan ? ' (the floor plan)' : ''}${turn ? ', standing where its belief puts it' : ''}`,
      },
      [
        {
          sceneRef: input.sceneRef,
          floorPlan,
          ...(turn ? { beliefRef: turn.ref } : {}),
        },
      ],
    ),
    accessed: null,
  };
  const robot = robotSteps({
    ...input,
    belief: start,
    ...(input.robotEntity ? { reportBeliefTo: input.robotEntity } : {}),
  });
  const llm = llmActivities({ heartbeatTimeoutSeconds: input.llmHeartbeatTimeoutSeconds });
  let lastChoice: string | undefined;
  soFar.failedSkills ??= [];
  soFar.unreached ??= [];
  soFar.assetLooks ??= [];
  const unreached = soFar.unreached;
  const assetLooks = soFar.assetLooks;
  const failedSkills = soFar.failedSkills;
  setHandler(explorationQuery, () => ({
    ...soFar,
    belief: robot.state.belief,
    ...(lastChoice ? { lastChoice } : {}),
  }));
  const maxDistance = input.maxDistance ?? Number.POSITIVE_INFINITY;
  const maxSteps = input.maxSteps ?? Number.POSITIVE_INFINITY;
  const looksPerRoom = input.looksPerRoom ?? DEFAULT_LOOKS_PER_ROOM;
  const byPrior =
    input.explorer === 'frontier-prior' || (input.explorer === 'saynav' && input.roomPrior === true);
  const done = (status: ExploreForResult['status'], found: string[], unreachable: string[] = []) => ({
    status,
    explorer: input.explorer,
    found,
    unreachable,
    ...soFar,
    belief: robot.state.belief,
  });

  // full-graph's candidate rooms per target, chosen once per run from the whole graph.
  const candidates =
    input.explorer === 'full-graph'
      ? await llm.fullGraphRooms.executeWithOptions(
          { summary: oneLine(`rooms the whole graph suggests for ${input.targets.join(', ')}`) },
          [{ sceneRef: input.sceneRef, targets: input.targets }],
        )
      : undefined;

  for (let roomsThisRun = 0; ; roomsThisRun++) {
    const frontier = await sim.explorationFrontier.executeWithOptions(
      { summary: oneLine(`found yet? rooms to explore after ${soFar.explored.length} room(s)`) },
      [
        {
          beliefRef: robot.state.belief.ref,
          targets: input.targets,
          looked: soFar.explored,
          limit: byPrior ? PRIOR_FRONTIER : input.explorer === 'saynav' ? SAYNAV_OPTIONS : 1,
        },
      ],
    );
    if (frontier.found.length === input.targets.length) return done('found', frontier.found);
    if (frontier.rooms.length === 0) return done('not-found', frontier.found, frontier.unreachable);
    // Checked once there is more to explore, so a run never continues as new only to end at once.
    if (roomsThisRun >= (input.roomsPerRun ?? DEFAULT_ROOMS_PER_RUN) || workflowInfo().continueAsNewSuggested)
      return continueAsNew<typeof exploreFor>({
        ...input,
        belief: robot.state.belief,
        soFar: { ...soFar, runs: soFar.runs + 1 },
      });
    const missing = input.targets.filter((id) => !frontier.found.includes(id));
    let rooms = frontier.rooms;
    if (byPrior && rooms.length > 1) {
      const ranked = await llm.rankRoomsByPrior.executeWithOptions(
        { summary: oneLine(`rank ${rooms.length} rooms by the prior for ${missing.join(', ')}`) },
        [{ beliefRef: robot.state.belief.ref, targets: missing, rooms: rooms.map(({ room }) => room) }],
      );
      rooms = ranked.rooms.map(({ room }) => frontier.rooms.find((option) => option.room === room)!);
    }
    let next = rooms[0]!;
    if (knowsBuilding) {
      const known = await sim.roomKnowingBuilding.executeWithOptions(
        { summary: oneLine(`the next room, knowing the building (${input.explorer})`) },
        [
          {
            sceneRef: input.sceneRef,
            beliefRef: robot.state.belief.ref,
            targets: input.targets,
            explored: soFar.explored,
            ...(candidates ? { candidates } : {}),
          },
        ],
      );
      if (known === null) return done('not-found', frontier.found);
      next = known;
    }
    if (input.explorer === 'saynav' && rooms.length > 1) {
      const options = rooms.slice(0, SAYNAV_OPTIONS).map(({ room, roomType, distance }) => ({
        room,
        distance,
        ...(roomType === undefined ? {} : { roomType }),
      }));
      const choice = await llm.chooseRoomToExplore.executeWithOptions(
        { summary: oneLine(`the model picks a room: ${options.map(({ room }) => room).join(', ')}`) },
        [
          {
            targets: missing,
            options,
            explored: soFar.explored.slice(-EXPLORED_SHOWN),
            ...(input.roomScores ? { chooser: 'scores' as const } : {}),
          },
        ],
      );
      spend(soFar.usage, choice);
      lastChoice = `${choice.room}: ${choice.reasoning}`;
      next = rooms.find((room) => room.room === choice.room) ?? next;
    }
    if (soFar.distance + next.distance > maxDistance || soFar.steps + next.route.length + 1 > maxSteps)
      return done('budget', frontier.found);
    // Counted before driving: a room the robot cannot get into is not tried again.
    soFar.explored.push(next.room);
    let arrived = true;
    for (const step of next.route) {
      if (!(await run(step, `explore ${next.room}`))) {
        arrived = false;
        break;
      }
    }
    if (!arrived) {
      unreached.push(next.room);
      continue;
    }
    soFar.distance += next.distance;
    const looked = await run({ action: 'look_around', args: [next.room] }, `explore ${next.room}`);
    // A room the robot could not look around is not looked into (runs started before this went on).
    if (looked || !patched('no-looks-after-failed-look-around')) await lookInRoom(next.room);
  }

  /**
   * Runs one skill; false when the robot could not. A failure that stops the exploration (a belief
   * that cannot take what the robot saw) names the skills that failed before it: usually the cause.
   */
  async function run(step: PlanStep, label: string): Promise<boolean> {
    try {
      const ran = await robot.run(step, soFar.steps++, label);
      if (!ran.ok && failedSkills.length < MAX_FAILURES_KEPT) failedSkills.push(ran.reason);
      return ran.ok;
    } catch (error) {
      if (isCancellation(error) || failedSkills.length === 0) throw error;
      throw ApplicationFailure.create({
        type: FAILURE_TYPES.executionFailed,
        message: `after skills that failed (the first: ${failedSkills[0]}): ${causeOf(error)}`,
        nonRetryable: true,
      });
    }
  }

  /** SayNav's per-room plan: the assets best by the prior, one at a time, until the targets are in the belief. */
  async function lookInRoom(room: string): Promise<void> {
    const looked: string[] = [];
    while (looked.length < looksPerRoom) {
      const asked = { beliefRef: robot.state.belief.ref, room, targets: input.targets, looked };
      const summary = { summary: oneLine(`what to look at next in ${room}`) };
      // The oracle knows which asset holds each target; the others ask the prior.
      const look =
        input.explorer === 'oracle'
          ? await llm.oracleRoomLook.executeWithOptions(summary, [{ ...asked, sceneRef: input.sceneRef }])
          : await llm.nextRoomLook.executeWithOptions(summary, [asked]);
      if (look.asset === undefined || soFar.steps + look.steps.length > maxSteps) return;
      looked.push(look.asset);
      assetLooks.push(`${room}/${look.asset}`);
      for (const step of look.steps) {
        // An asset the robot cannot open or reach: on to the next one.
        if (!(await run(step, `look in ${room}`))) break;
      }
    }
  }
}

/** The innermost message of an activity's failure: the activity's own words. */
function causeOf(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
