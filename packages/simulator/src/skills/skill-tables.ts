import { readFile } from 'node:fs/promises';
import { err, ok, type Result } from '@groundplan/scene-graph';
import type { ActionSpec } from '../actions/action-spec.js';
import { ACTION_SPECS } from '../actions/action-table.js';
import { ROBOT_SKILL_SPECS } from '../actions/perception-table.js';
import { BUILT_IN_SKILLS, PERCEPTION_SKILLS } from './built-in-skills.js';
import { parseSkillFile } from './skill-file.js';
import { type SourcedSkillFile, skillTable } from './skill-table.js';

/**
 * The two tables a robot's skills make: `actions`, what plans are made of (the prompts, the
 * planners, the contracts, the PDDL export), and `robot`, those and the looks, what the robot and
 * the belief accept.
 */
export interface SkillTables {
  readonly actions: readonly ActionSpec[];
  readonly robot: readonly ActionSpec[];
}

export const BUILT_IN_TABLES: SkillTables = { actions: ACTION_SPECS, robot: ROBOT_SKILL_SPECS };

/** The tables with a user's skill file layered on the built-in ones (it adds skills and replaces same-named ones). */
export function skillTables(user?: SourcedSkillFile): Result<SkillTables> {
  if (user === undefined) return ok(BUILT_IN_TABLES);
  const actions = skillTable([BUILT_IN_SKILLS, user]);
  if (!actions.ok) return actions;
  const robot = skillTable([BUILT_IN_SKILLS, PERCEPTION_SKILLS, user]);
  if (!robot.ok) return robot;
  return ok({ actions: actions.value, robot: robot.value });
}

/** A skill file from disk, validated; a missing file, bad JSON or a bad row is one line naming it. */
export async function loadSkillFile(path: string): Promise<Result<SourcedSkillFile>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return err(`${path}: cannot read the skill file (${code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`${path}: not JSON (${(error as Error).message})`);
  }
  const file = parseSkillFile(json, path);
  return file.ok ? ok({ source: path, file: file.value }) : file;
}

/** The tables of the built-in skills and, when a path is given, that skill file on top. */
export async function loadSkillTables(path: string | undefined): Promise<Result<SkillTables>> {
  if (path === undefined) return ok(BUILT_IN_TABLES);
  const file = await loadSkillFile(path);
  return file.ok ? skillTables(file.value) : file;
}
