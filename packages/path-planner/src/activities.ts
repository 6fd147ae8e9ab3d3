import {
  agentLocation,
  type PlanStep,
  requireScene,
  type SceneRef,
  type SceneStore,
  unknownBuilding,
} from '@groundplan/scene-graph';
import { expandPlanTraced } from './expand-plan.js';
import { type Frontier, type FrontierRoom, frontier } from './frontier.js';
import { type RoomCandidates, roomKnowingBuilding } from './knowing-building.js';
import { type Lookout, nextLookout } from './next-lookout.js';

export type ExpandPathInput = { sceneRef: SceneRef; plan: PlanStep[] };
/** The expanded plan and, per expanded step, the index of the plan step it came from; or why it cannot be expanded. */
export type ExpandPathResult =
  | { ok: true; value: PlanStep[]; origins: number[] }
  | { ok: false; error: string };

/** The path-planning activities (task queue groundplan-sim, beside the simulator's): milliseconds of CPU. */
export function createPathActivities(deps: { scenes: SceneStore }) {
  return {
    /** Fills in the navigation between the plan's places; an unreachable place is feedback, not a failure. */
    async expandPath(input: ExpandPathInput): Promise<ExpandPathResult> {
      const expanded = expandPlanTraced(await requireScene(deps.scenes, input.sceneRef), input.plan);
      if (!expanded.ok) return { ok: false, error: expanded.error.message };
      return { ok: true, value: expanded.value.steps, origins: expanded.value.origins };
    },

    /** Where the robot should look next for nodes its belief lost (nearest room not yet looked around). */
    async nextLookout(input: { beliefRef: SceneRef; wanted: string[]; looked: string[] }): Promise<Lookout> {
      return nextLookout(await requireScene(deps.scenes, input.beliefRef), input.wanted, input.looked);
    },

    /**
     * What a robot knows arriving in a scene it has never seen (its room, or the floor plan): the
     * belief's ref. With the robot's belief (beliefRef), it stands where that belief puts it.
     */
    async unknownBuildingBelief(input: {
      sceneRef: SceneRef;
      floorPlan: boolean;
      beliefRef?: SceneRef;
    }): Promise<SceneRef> {
      const world = await requireScene(deps.scenes, input.sceneRef);
      const at =
        input.beliefRef === undefined
          ? undefined
          : agentLocation(await requireScene(deps.scenes, input.beliefRef));
      const belief = unknownBuilding(world, { floorPlan: input.floorPlan, ...(at ? { at } : {}) });
      if (belief === undefined)
        throw new Error(
          at === undefined
            ? 'the scene has no robot standing anywhere: nothing to explore from'
            : `the robot's belief puts it at ${at}, which the scene does not have: nothing to explore from`,
        );
      return deps.scenes.put(belief);
    },

    /** Which targets the belief holds, and the rooms an exploring robot could look around next, nearest first. */
    async explorationFrontier(input: {
      beliefRef: SceneRef;
      targets: string[];
      looked: string[];
      limit: number;
    }): Promise<Frontier & { found: string[] }> {
      const belief = await requireScene(deps.scenes, input.beliefRef);
      const found = input.targets.filter((id) => belief.hasNode(id));
      return { found, ...frontier(belief, input.looked, input.limit) };
    },

    /**
     * The next room of an explorer that knows the building (the deployment scene is the truth):
     * the oracle's, or full-graph's given its candidates; null when there is none.
     */
    async roomKnowingBuilding(input: {
      sceneRef: SceneRef;
      beliefRef: SceneRef;
      targets: string[];
      explored: string[];
      candidates?: RoomCandidates;
    }): Promise<FrontierRoom | null> {
      const truth = await requireScene(deps.scenes, input.sceneRef);
      const belief = await requireScene(deps.scenes, input.beliefRef);
      return roomKnowingBuilding(truth, belief, input) ?? null;
    },
  };
}

export type PathActivities = ReturnType<typeof createPathActivities>;
