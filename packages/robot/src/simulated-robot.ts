import { setTimeout as sleep } from 'node:timers/promises';
import { requireScene, type SceneGraph, type SceneRef, type SceneStore } from '@groundplan/scene-graph';
import {
  type ActionSpec,
  actionSpec,
  applyStep,
  commitState,
  initialState,
  lookKind,
  ROBOT_SKILL_SPECS,
  type SimState,
} from '@groundplan/simulator';
import { type PerceptionOptions, perceive } from './simulated-perception.js';
import { DEFAULT_SKILL_SECONDS } from './skill-durations.js';
import {
  type SkillExecutor,
  SkillFailed,
  type SkillOutcome,
  type SkillProgress,
  type SkillRequest,
} from './skill-executor.js';
import { explainFailure } from './truth-failure.js';
import { type RobotWorld, readWorld, worldFilePath, writeWorld } from './world-file.js';

export type SimulatedRobotOptions = {
  robotId: string;
  scenes: SceneStore;
  /** Where the robot's world persists, so a killed worker does not reset it. */
  dataDir: string;
  /** Driving speed in metres per second. */
  speedMps?: number;
  /** Robot seconds per real second divisor: 0.01 runs a 100 s skill in 1 s. */
  timeScale?: number;
  /** Real milliseconds between heartbeats. */
  tickMs?: number;
  /**
   * The true world the robot acts in, by the deployment scene it is sent (the request's sceneRef);
   * undefined (or no function): the deployment scene itself is the truth. Read when the robot first
   * acts in a deployment; after that its world file is the truth.
   */
  trueWorld?: (deploymentRef: SceneRef) => SceneRef | undefined;
  /** Miss and false-detection rates of the simulated perception, seeded; exact truth by default. */
  perception?: PerceptionOptions;
  /** The robot's skills (actions and looks), from its skill file; the built-in ones by default. */
  skills?: readonly ActionSpec[];
};

/**
 * A simulated mobile manipulator. Its world (the truth, which may differ from what planners
 * believe) is the true scene as changed by the steps it has run, kept on disk per robot and
 * deployment scene; skills take robot time (navigation: distance / speed) and are idempotent per
 * step id. Looks report what the robot sees in its world; a skill that cannot succeed there fails
 * with a reason and what the robot saw where it works.
 */
export function createSimulatedRobot(options: SimulatedRobotOptions): SkillExecutor {
  const speed = options.speedMps ?? 0.5;
  const timeScale = options.timeScale ?? 1;
  const tickMs = options.tickMs ?? 200;
  const perception = options.perception ?? {};
  const skills = options.skills ?? ROBOT_SKILL_SPECS;
  for (const [name, rate] of Object.entries(perception))
    if (name !== 'seed' && !(typeof rate === 'number' && rate >= 0 && rate <= 1))
      throw new Error(`the perception ${name} must be a number from 0 to 1, not ${String(rate)}`);

  async function loadWorld(sceneRef: SceneRef, path: string): Promise<RobotWorld> {
    const saved = await readWorld(path);
    if (saved) return saved;
    const truth = options.trueWorld?.(sceneRef) ?? sceneRef;
    return { world: await requireScene(options.scenes, truth), appliedSteps: new Set(), accessed: null };
  }

  return {
    async runSkill(request: SkillRequest, progress: SkillProgress): Promise<SkillOutcome> {
      const path = worldFilePath(options.dataDir, options.robotId, request.sceneRef);
      const state = await loadWorld(request.sceneRef, path);
      const { action } = request.step;
      const look = lookKind(action);
      // A look changes nothing, so a retried look sees the same world with the same draws.
      const observe = () =>
        look === undefined
          ? {}
          : { observation: perceive(state.world, look, request.step.args[0]!, request.stepId, perception) };
      if (state.appliedSteps.has(request.stepId)) {
        return {
          stepId: request.stepId,
          action,
          status: 'already-done',
          robotSeconds: 0,
          resumedFrom: 0,
          ...observe(),
        };
      }
      const start = initialState(state.world);
      if (!start.ok) throw new SkillFailed(start.error);
      const sim = { ...start.value, accessed: state.accessed };
      // Check the skill can succeed before moving: a real robot would refuse, not half-act.
      const outcome = applyStep(state.world, sim, request.step, { actions: skills });
      if (!outcome.ok) {
        const failure = explainFailure(
          state.world,
          sim,
          request.step,
          outcome.failure,
          request.stepId,
          perception,
        );
        throw new SkillFailed(failure.reason, failure.observation);
      }

      const total = action === 'goto' ? distance(state.world, start.value, request.step.args[0]!) : undefined;
      const robotSeconds =
        total === undefined ? (actionSpec(action, skills)?.seconds ?? DEFAULT_SKILL_SECONDS) : total / speed;
      // Progress is metres travelled for navigation, robot seconds worked for the rest.
      const goal = total ?? robotSeconds;
      const resumedFrom = typeof progress.resumeFrom === 'number' ? Math.min(progress.resumeFrom, goal) : 0;
      const perTick = total === undefined ? tickMs / 1000 / timeScale : (speed * tickMs) / 1000 / timeScale;
      let done = resumedFrom;
      while (done < goal) {
        await sleep(Math.min(tickMs, ((goal - done) / perTick) * tickMs), undefined, {
          signal: progress.signal,
        });
        done = Math.min(goal, done + perTick);
        progress.heartbeat(done);
      }

      state.world = commitState(state.world, outcome.state);
      state.accessed = outcome.state.accessed;
      state.appliedSteps.add(request.stepId);
      await writeWorld(path, state);
      return { stepId: request.stepId, action, status: 'done', robotSeconds, resumedFrom, ...observe() };
    },
  };
}

function distance(world: SceneGraph, sim: SimState, target: string): number {
  const edge = world.hasNode(target) ? world.undirectedEdge(sim.place, target) : undefined;
  const attributes = edge === undefined ? undefined : world.getEdgeAttributes(edge);
  return attributes?.kind === 'navigation' ? attributes.distance : 0;
}
