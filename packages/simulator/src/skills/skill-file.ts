import { err, ok, type Result } from '@groundplan/scene-graph';
import { z } from 'zod';

const word = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a lowercase word (letters, digits, _)');
const text = z.string().trim().min(1, 'must not be empty');

/** A precondition row: a check by its builder's name, the fields it takes, and its feedback template. */
const preconditionRow = z
  .object({
    check: text,
    param: word.optional(),
    skill: word.optional(),
    dimension: word.optional(),
    value: word.optional(),
    message: text,
  })
  .strict();

/** An effect row: an effect by its builder's name and the fields it takes. */
const effectRow = z
  .object({
    effect: text,
    param: word.optional(),
    skill: word.optional(),
    dimension: word.optional(),
    value: word.optional(),
  })
  .strict();

const parameterRow = z
  .object({
    name: word,
    kinds: z.array(z.enum(['room', 'pose', 'asset', 'object'])).min(1),
  })
  .strict();

/**
 * One skill. `like` names a skill (of this file or an earlier one) whose fields this one takes
 * where it gives none: `turn_off` like `turn_on` with its own preconditions and effects.
 */
const skillRow = z
  .object({
    name: word,
    like: word.optional(),
    description: text.optional(),
    parameters: z.array(parameterRow).optional(),
    /** Robot seconds the skill takes (a simulated robot's clock; navigation goes by distance and speed). */
    seconds: z.number().positive().max(86_400).optional(),
    askedBy: z.array(text).optional(),
    preconditions: z.array(preconditionRow).optional(),
    effects: z.array(effectRow).optional(),
  })
  .strict();

/**
 * A skill file: the robot's skills as data (the built-in table is one, `built-in.skills.json`).
 * `states` declares the state dimensions and values its skills may test or set, beside those of
 * the files before it; a skill whose name an earlier file has replaces that skill.
 */
export const skillFileSchema = z
  .object({
    $schema: z.string().optional(),
    about: z.string().optional(),
    states: z.record(word, z.array(word).min(1)).optional(),
    skills: z.array(skillRow),
  })
  .strict();

export type SkillFile = z.infer<typeof skillFileSchema>;
export type SkillRow = z.infer<typeof skillRow>;
export type PreconditionRow = z.infer<typeof preconditionRow>;
export type EffectRow = z.infer<typeof effectRow>;

/** A skill file from parsed JSON, or one line naming the skill and field that is wrong. */
export function parseSkillFile(json: unknown, source: string): Result<SkillFile> {
  const parsed = skillFileSchema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0]!;
  return err(`${source}: ${where(json, issue.path)}: ${issue.message}`);
}

/** `skill 'water' preconditions[1].check`, or the plain path outside a skill. */
function where(json: unknown, path: readonly PropertyKey[]): string {
  const [top, index, ...rest] = path;
  const field = (keys: readonly PropertyKey[]) =>
    keys
      .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
      .join('');
  if (top === 'skills' && typeof index === 'number') {
    const skills = (json as { skills?: unknown }).skills;
    const name = Array.isArray(skills) ? (skills[index] as { name?: unknown } | undefined)?.name : undefined;
    const label = typeof name === 'string' ? `skill '${name}'` : `skills[${index}]`;
    return rest.length === 0 ? label : `${label} ${field(rest)}`;
  }
  return path.length === 0 ? 'the file' : field(path);
}
