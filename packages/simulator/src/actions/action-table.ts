import { BUILT_IN_SKILLS, shippedTable } from '../skills/built-in-skills.js';
import type { ActionSpec } from './action-spec.js';

/** Every skill the robot has, from `src/skills/built-in.skills.json`. The vocabulary is docs/vocabulary.md. */
export const ACTION_SPECS: readonly ActionSpec[] = shippedTable([BUILT_IN_SKILLS]);

const INDEXES = new WeakMap<readonly ActionSpec[], ReadonlyMap<string, ActionSpec>>();

/** The spec of an action in a table (the built-in one by default), or undefined for an unknown one. */
export function actionSpec(
  name: string,
  table: readonly ActionSpec[] = ACTION_SPECS,
): ActionSpec | undefined {
  let index = INDEXES.get(table);
  if (index === undefined) {
    index = new Map(table.map((spec) => [spec.name, spec]));
    INDEXES.set(table, index);
  }
  return index.get(name);
}

/** Every action name, in table order. */
export function actionNames(table: readonly ActionSpec[] = ACTION_SPECS): string[] {
  return table.map((spec) => spec.name);
}

/** One line per action for LLM prompts: `goto(place): ...`. */
export function actionDescriptions(table: readonly ActionSpec[] = ACTION_SPECS): string[] {
  return table.map((spec) => spec.description);
}
