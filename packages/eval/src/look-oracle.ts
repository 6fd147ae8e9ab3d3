// The scripted oracle for LookPlanGraph's evaluation: it chooses each next action knowing the true
// world, which only the harness can read (the simulated robot's world file, or the variant's truth).
import type { NextActionInput, NextActionOracle } from '@groundplan/grounding';
import { readWorld, worldFilePath } from '@groundplan/robot';
import {
  nodesOfKind,
  type PlanStep,
  parentOf,
  requireScene,
  type SceneGraph,
  type SceneStore,
} from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  checkGoalText,
  formatStep,
  goalNodes,
  initialState,
  isPrior,
  parseGoals,
  roomIn,
  type SimState,
  stateOf,
  tryStep,
} from '@groundplan/simulator';
import { planForGoals, roomMoves } from '@groundplan/task-planner';
import type { DynamicTask } from './dynamic-tasks.js';

export type LookOracleOptions = {
  scenes: SceneStore;
  /** The simulated robot's data directory: where its changed true world is kept per scene. */
  dataDir: string;
  /** The variants by their belief ref (each variant deploys under its own). */
  tasks: readonly DynamicTask[];
};

/**
 * Chooses as someone who sees the true world would: done once the goal holds there (or the answer
 * has been seen); else the first step of a true-world plan when the belief allows it; else a look
 * where that step's nodes are; else the belief's own next step, so that a wrong belief fails on
 * the robot and is corrected by what it saw. Unachievable variants end with done at once.
 */
export function lookOracle(options: LookOracleOptions): NextActionOracle {
  const byBelief = new Map(options.tasks.map((task) => [task.belief.ref, task]));
  // The true-world plan per variant, followed step by step (the oracle runs in this worker's process).
  const plans = new Map<string, PlanStep[]>();
  return async (input) => {
    const task = byBelief.get(input.deployment);
    if (task === undefined) throw new Error(`the oracle knows no variant deployed at ${input.deployment}`);
    const truth = await trueState(options, task, input);
    const belief = await requireScene(options.scenes, input.sceneRef);
    const offered = new Map(input.steps.map((step) => [formatStep(step), step]));
    const pick = (step: PlanStep | undefined) => (step ? offered.get(formatStep(step)) : undefined);
    const lastAction = input.history.at(-1)?.split(':')[0];
    const looksSince = lookedSince(input.history);

    if (task.criteria.kind === 'planning') {
      const goal = task.criteria.goal;
      const holds = checkGoalText(truth.world, truth.state, goal);
      if (!holds.ok) throw new Error(`${task.id}: ${holds.error}`);
      if (holds.value.satisfied) return 'done';
      // Planned once in the true world and followed while it still reaches the goal; replanned when it does not.
      const kept = plans.get(task.id);
      const rest =
        (kept && restOf(truth.world, truth.state, goal, kept)) ?? planFor(truth.world, truth.state, goal);
      if (rest === undefined) return 'done';
      plans.set(task.id, rest);
      const next = rest[0];
      if (next === undefined) return 'done';
      return (
        pick(next) ??
        look(truth.world, truth.state, next.args, offered, looksSince) ??
        beliefStep(belief, input, goal, offered, lastAction) ??
        'done'
      );
    }
    // A search: done once an answer present in the true world has been seen (is no prior).
    const present = task.criteria.answer.filter((id) => truth.world.hasNode(id));
    if (present.length === 0) return 'done';
    const seen = present.filter((id) => belief.hasNode(id) && !isPrior(belief, id));
    if (task.criteria.match === 'any' ? seen.length > 0 : seen.length === present.length) return 'done';
    const target = present.find((id) => !seen.includes(id))!;
    const room = roomIn(truth.world, truth.state, target);
    if (room !== undefined && room !== agentRoom(truth.world, truth.state))
      return pick({ action: 'goto', args: [room] }) ?? 'done';
    const holder = holdingAsset(truth.world, target);
    if (holder !== undefined) {
      const closed = stateOf(truth.world, truth.state, holder, 'door') === 'closed';
      if (closed)
        return (
          (truth.state.accessed === holder ? undefined : pick({ action: 'access', args: [holder] })) ??
          pick({ action: 'open', args: [holder] }) ??
          look(truth.world, truth.state, [target], offered, looksSince) ??
          'done'
        );
    }
    return look(truth.world, truth.state, [target], offered, looksSince) ?? 'done';
  };
}

/** The robot's true world and state now: its world file once it has acted, else the variant's truth. */
async function trueState(
  options: LookOracleOptions,
  task: DynamicTask,
  input: NextActionInput,
): Promise<{ world: SceneGraph; state: SimState }> {
  const saved = await readWorld(worldFilePath(options.dataDir, input.robotId, input.deployment));
  const world = saved?.world ?? (await requireScene(options.scenes, task.truth.ref));
  const start = initialState(world);
  if (!start.ok) throw new Error(`${task.id}: ${start.error}`);
  return { world, state: { ...start.value, accessed: saved?.accessed ?? null } };
}

/** The looks that would show where the nodes truly are, most specific first, not yet taken since the last other action. */
function look(
  world: SceneGraph,
  state: SimState,
  ids: readonly string[],
  offered: ReadonlyMap<string, PlanStep>,
  taken: ReadonlySet<string>,
): PlanStep | undefined {
  const labels: string[] = [];
  for (const id of ids) {
    const asset =
      world.hasNode(id) && world.getNodeAttribute(id, 'kind') === 'asset' ? id : holdingAsset(world, id);
    if (asset !== undefined) labels.push(`look_inside(${asset})`, `look_on(${asset})`);
  }
  labels.push(`look_around(${agentRoom(world, state)})`);
  const label = labels.find((text) => offered.has(text) && !taken.has(text));
  return label === undefined ? undefined : offered.get(label);
}

/** The belief's own first step toward the goal, unless it is what just failed or was just done. */
function beliefStep(
  belief: SceneGraph,
  input: NextActionInput,
  goal: readonly string[],
  offered: ReadonlyMap<string, PlanStep>,
  lastAction: string | undefined,
): PlanStep | undefined {
  const start = initialState(belief);
  if (!start.ok) return undefined;
  const next = planFor(belief, { ...start.value, accessed: input.accessed }, goal)?.[0];
  if (next === undefined || formatStep(next) === lastAction) return undefined;
  return offered.get(formatStep(next));
}

/**
 * A whole plan for the goal from the state, or undefined. Searching the conjunction at once runs
 * out of the search's 20,000 expansions for a long goal (seconds to minutes per call, every step),
 * so the goals are planned in order, each from where the plan so far leaves the world and keeping
 * the goals before it true: a goal planned alone may undo an earlier one (a loop between them).
 */
export function planFor(world: SceneGraph, state: SimState, goal: readonly string[]): PlanStep[] | undefined {
  const steps: PlanStep[] = [];
  let at = state;
  for (let k = 0; k < goal.length; k++) {
    const goals = goal.slice(0, k + 1);
    const held = checkGoalText(world, at, goals);
    if (held.ok && held.value.satisfied) continue;
    const part = planPart(world, at, goals, steps);
    if (part === undefined) return undefined;
    const after = runPlan(world, at, part);
    if (after === undefined) return undefined;
    steps.push(...part);
    at = after;
  }
  return steps;
}

/**
 * A* (optimal, so a plan does not undo its own steps) toward the goals, the last of them new: over
 * its own nodes and those the plan so far used first (the sink the last dish was washed in), else
 * over the assets of their rooms too (a microwave to heat noodles in), the tool assets (a sink in
 * another room), or every asset.
 */
function planPart(
  world: SceneGraph,
  state: SimState,
  goals: readonly string[],
  before: readonly PlanStep[],
): PlanStep[] | undefined {
  const kept = [
    ...planNodes(world, state, goals.slice(0, -1), 'goal'),
    ...before.flatMap((step) => step.args),
  ];
  for (const reach of ['goal', 'rooms', 'tools', 'all'] as const) {
    const nodes = new Set([...kept, ...planNodes(world, state, goals.slice(-1), reach)]);
    const planned = planForGoals(world, goals, { nodes: [...nodes].sort(), from: state, algorithm: 'astar' });
    if (planned.ok) return planned.value.plan;
  }
  return undefined;
}

/** The state after the plan's steps (goto(room) along the path planner's route), or undefined when one cannot run. */
function runPlan(world: SceneGraph, state: SimState, steps: readonly PlanStep[]): SimState | undefined {
  const moveTo = roomMoves(world, ACTION_SPECS);
  let at: SimState | undefined = state;
  for (const step of steps) {
    if (at === undefined) return undefined;
    at = step.action === 'goto' ? moveTo(at, step.args[0]!) : tryStep(world, at, step);
  }
  return at;
}

/**
 * The rest of a plan made earlier that still reaches the goal from the state: its shortest such
 * suffix (the steps carried out since drop out; a step not taken yet, while the oracle looked, stays).
 */
function restOf(
  world: SceneGraph,
  state: SimState,
  goal: readonly string[],
  plan: readonly PlanStep[],
): PlanStep[] | undefined {
  for (let i = plan.length - 1; i >= 0; i--) {
    const rest = plan.slice(i);
    const after = runPlan(world, state, rest);
    if (after === undefined) continue;
    const held = checkGoalText(world, after, goal);
    if (held.ok && held.value.satisfied) return rest;
  }
  return undefined;
}

/**
 * The nodes a plan for the goal may use: the goal's nodes and what holds them, the held object, and
 * then the assets of their rooms, then also the assets affording the skills that make its states
 * true, or every asset; never every object (a plan over all of the office's grounds
 * thousands of steps per state).
 */
function planNodes(world: SceneGraph, state: SimState, goal: readonly string[], reach: Reach): string[] {
  const parsed = parseGoals(goal);
  if (!parsed.ok) throw new Error(parsed.error);
  const nodes = new Set<string>();
  const add = (id: string) => {
    for (
      let up: string | undefined = id;
      up !== undefined && world.hasNode(up);
      up = parentOf(world, up)?.parent
    ) {
      nodes.add(up);
      if (world.getNodeAttribute(up, 'kind') === 'room') break;
    }
  };
  for (const g of parsed.value) for (const id of goalNodes(g)) add(id);
  if (state.holding) add(state.holding);
  const rooms = new Set([...nodes].filter((id) => world.getNodeAttribute(id, 'kind') === 'room'));
  // The skills that make the goal's states true (heat for a hot kebab): assets affording them are its tools.
  const skills = new Set(
    ACTION_SPECS.filter((spec) =>
      parsed.value.some(
        (g) =>
          g.kind === 'state' &&
          spec.effects.some(
            (e) =>
              e.sets?.value === g.value && (g.dimension === undefined || e.sets?.dimension === g.dimension),
          ),
      ),
    ).map((spec) => spec.name),
  );
  for (const id of nodesOfKind(world, 'asset')) {
    const inRoom = rooms.has(roomIn(world, state, id) ?? '');
    const tool = (world.getNodeAttribute(id, 'affordances') ?? []).some((skill) => skills.has(skill));
    if (
      reach === 'all' ||
      ((reach === 'rooms' || reach === 'tools') && inRoom) ||
      (reach === 'tools' && tool)
    )
      add(id);
  }
  return [...nodes].sort();
}

/** How far a plan may reach beyond the goal's own nodes (see planNodes). */
type Reach = 'goal' | 'rooms' | 'tools' | 'all';

/** The room the agent is in (it may stand at a pose inside it). */
function agentRoom(world: SceneGraph, state: SimState): string {
  return roomIn(world, state, state.place) ?? state.place;
}

/** The asset the node lies on or in (its nearest asset ancestor), if any. */
function holdingAsset(world: SceneGraph, id: string): string | undefined {
  for (let up = world.hasNode(id) ? parentOf(world, id) : undefined; up; up = parentOf(world, up.parent))
    if (world.getNodeAttribute(up.parent, 'kind') === 'asset') return up.parent;
  return undefined;
}

/** The looks in the history since the last action that was not a look. */
function lookedSince(history: readonly string[]): Set<string> {
  const looks = new Set<string>();
  for (let i = history.length - 1; i >= 0; i--) {
    const action = history[i]!.split(':')[0]!;
    if (!action.startsWith('look_')) break;
    looks.add(action);
  }
  return looks;
}
