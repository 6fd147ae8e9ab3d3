import type { ActionSpec } from '../actions/action-spec.js';
import builtIn from './built-in.skills.json' with { type: 'json' };
import perception from './perception.skills.json' with { type: 'json' };
import { parseSkillFile } from './skill-file.js';
import { type SourcedSkillFile, skillTable } from './skill-table.js';

function shipped(json: unknown, source: string): SourcedSkillFile {
  const parsed = parseSkillFile(json, source);
  if (!parsed.ok) throw new Error(parsed.error);
  return { source, file: parsed.value };
}

/** The built-in skills (`built-in.skills.json`): every plan's actions unless a robot brings its own file. */
export const BUILT_IN_SKILLS: SourcedSkillFile = shipped(builtIn, 'built-in.skills.json');

/** The looks of LookPlanGraph (`perception.skills.json`), layered on the built-in skills. */
export const PERCEPTION_SKILLS: SourcedSkillFile = shipped(perception, 'perception.skills.json');

/** The table the files make; a shipped file that does not compile is a bug, so this throws. */
export function shippedTable(files: readonly SourcedSkillFile[]): readonly ActionSpec[] {
  const table = skillTable(files);
  if (!table.ok) throw new Error(table.error);
  return table.value;
}
