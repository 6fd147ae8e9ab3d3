import { BUILT_IN_SKILLS, PERCEPTION_SKILLS, shippedTable } from '../skills/built-in-skills.js';
import type { ActionSpec } from './action-spec.js';

/** Every skill the robot has: the planning actions and the looks. The robot and the belief use this. */
export const ROBOT_SKILL_SPECS: readonly ActionSpec[] = shippedTable([BUILT_IN_SKILLS, PERCEPTION_SKILLS]);

const LOOK_NAMES = new Set(PERCEPTION_SKILLS.file.skills.map((skill) => skill.name));

/**
 * The robot's perception skills (LookPlanGraph's look actions, `src/skills/perception.skills.json`).
 * A look changes nothing in the simulated state: what it reports is merged into the belief by
 * mergeObservation. They are a file of their own so the prompts, planners and recorded cassettes
 * that read ACTION_SPECS are unchanged; pass ROBOT_SKILL_SPECS where look steps are allowed.
 */
export const PERCEPTION_SPECS: readonly ActionSpec[] = ROBOT_SKILL_SPECS.filter((spec) =>
  LOOK_NAMES.has(spec.name),
);

const LOOKS: ReadonlyMap<string, 'on' | 'inside' | 'around'> = new Map([
  ['look_on', 'on'],
  ['look_inside', 'inside'],
  ['look_around', 'around'],
]);

/** The observation kind a perception action produces, or undefined for any other action. */
export function lookKind(action: string): 'on' | 'inside' | 'around' | undefined {
  return LOOKS.get(action);
}
