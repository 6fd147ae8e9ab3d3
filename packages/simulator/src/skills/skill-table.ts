import { err, ok, type Result } from '@groundplan/scene-graph';
import { type ActionSpec, requires } from '../actions/action-spec.js';
import {
  type Builder,
  CHECK_BUILDERS,
  EFFECT_BUILDERS,
  FORM_FIELDS,
  type FormArgs,
} from './skill-builders.js';
import type { EffectRow, PreconditionRow, SkillFile, SkillRow } from './skill-file.js';

/** A skill file with the name its errors are reported under (a path, or "built-in"). */
export interface SourcedSkillFile {
  readonly source: string;
  readonly file: SkillFile;
}

interface Definition {
  readonly row: SkillRow;
  readonly source: string;
}

/**
 * The robot's skills from skill files in order: a later file adds skills and replaces those of the
 * same name (in place, so the table's order stays), `like` fills a skill's missing fields from
 * another (`like` its own name: the definition it replaces). Every check, effect, parameter,
 * state and value is validated; the first problem is one line naming the file, skill and field.
 */
export function skillTable(files: readonly SourcedSkillFile[]): Result<ActionSpec[]> {
  const states = new Map<string, Set<string>>();
  const definitions = new Map<string, Definition[]>();
  for (const { source, file } of files) {
    for (const [dimension, values] of Object.entries(file.states ?? {})) {
      const known = states.get(dimension) ?? new Set<string>();
      for (const value of values) known.add(value);
      states.set(dimension, known);
    }
    const seen = new Set<string>();
    for (const row of file.skills) {
      if (seen.has(row.name)) return err(`${source}: skill '${row.name}' is defined twice`);
      seen.add(row.name);
      const layers = definitions.get(row.name) ?? [];
      layers.push({ row, source });
      definitions.set(row.name, layers);
    }
  }
  const table: ActionSpec[] = [];
  for (const [name, layers] of definitions) {
    const resolved = resolve(definitions, name, layers.length - 1, []);
    if (!resolved.ok) return resolved;
    const spec = compile(resolved.value, layers.at(-1)!.source, states);
    if (!spec.ok) return spec;
    table.push(spec.value);
  }
  return ok(table);
}

/** A skill's row with what `like` gives it filled in. */
function resolve(
  definitions: ReadonlyMap<string, readonly Definition[]>,
  name: string,
  layer: number,
  chain: readonly string[],
): Result<SkillRow> {
  const { row, source } = definitions.get(name)![layer]!;
  if (row.like === undefined) return ok(row);
  const key = `${name}@${layer}`;
  if (chain.includes(key)) {
    const names = [...chain, key].map((entry) => entry.split('@')[0]);
    return err(`${source}: skill '${name}' like: a cycle of definitions (${names.join(' -> ')})`);
  }
  const target = row.like === name ? layer - 1 : (definitions.get(row.like)?.length ?? 0) - 1;
  if (target < 0 || !definitions.has(row.like)) {
    const what = row.like === name ? `no earlier skill '${name}' to be like` : `no skill '${row.like}'`;
    return err(`${source}: skill '${name}' like: ${what}`);
  }
  const base = resolve(definitions, row.like, target, [...chain, key]);
  if (!base.ok) return base;
  const { like: _like, ...given } = row;
  return ok({ ...base.value, ...defined(given), name });
}

function defined<T extends object>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function compile(row: SkillRow, source: string, states: ReadonlyMap<string, ReadonlySet<string>>) {
  const at = (field: string) => `${source}: skill '${row.name}' ${field}`;
  for (const field of ['description', 'parameters', 'preconditions', 'effects'] as const) {
    if (row[field] === undefined) return err(`${at(field)}: missing (give it, or like: a skill that has it)`);
  }
  const parameters = row.parameters!;
  const names = parameters.map((parameter) => parameter.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) return err(`${at('parameters')}: '${twice}' is named twice`);
  const context: FormContext = { at, names, states };
  const preconditions = [];
  for (const [i, precondition] of row.preconditions!.entries()) {
    const check = build(
      CHECK_BUILDERS,
      'check',
      precondition.check,
      precondition,
      `preconditions[${i}]`,
      context,
    );
    if (!check.ok) return check;
    preconditions.push(requires(check.value, precondition.message));
  }
  const effects = [];
  for (const [i, effect] of row.effects!.entries()) {
    const built = build(EFFECT_BUILDERS, 'effect', effect.effect, effect, `effects[${i}]`, context);
    if (!built.ok) return built;
    effects.push(built.value);
  }
  const spec: ActionSpec = {
    name: row.name,
    description: row.description!,
    parameters,
    preconditions,
    effects,
    ...(row.askedBy === undefined ? {} : { askedBy: row.askedBy }),
    ...(row.seconds === undefined ? {} : { seconds: row.seconds }),
  };
  return ok(spec);
}

interface FormContext {
  readonly at: (field: string) => string;
  readonly names: readonly string[];
  readonly states: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A check or effect from its row, every field checked against its builder, the skill and the states. */
function build<T>(
  builders: ReadonlyMap<string, Builder<T>>,
  kind: 'check' | 'effect',
  name: string,
  row: PreconditionRow | EffectRow,
  path: string,
  { at, names, states }: FormContext,
): Result<T> {
  const found = builders.get(name);
  if (found === undefined) {
    return err(
      `${at(`${path}.${kind}`)}: unknown ${kind} '${name}' (known: ${[...builders.keys()].join(', ')})`,
    );
  }
  const args: Partial<Record<(typeof FORM_FIELDS)[number], string>> = {};
  for (const field of FORM_FIELDS) {
    const value = row[field];
    const needed = found.fields.includes(field);
    if (needed && value === undefined) return err(`${at(`${path}.${field}`)}: ${name} needs a ${field}`);
    if (!needed && value !== undefined) return err(`${at(`${path}.${field}`)}: ${name} takes no ${field}`);
    if (value !== undefined) args[field] = value;
  }
  if (args.param !== undefined && !names.includes(args.param)) {
    return err(
      `${at(`${path}.param`)}: '${args.param}' is not a parameter of the skill (${names.join(', ') || 'none'})`,
    );
  }
  if (args.dimension !== undefined) {
    const values = states.get(args.dimension);
    if (values === undefined) {
      return err(
        `${at(`${path}.dimension`)}: no state '${args.dimension}' (declare it under "states"; known: ${[...states.keys()].join(', ')})`,
      );
    }
    if (args.value !== undefined && !values.has(args.value)) {
      return err(
        `${at(`${path}.value`)}: '${args.value}' is not a value of ${args.dimension} (${[...values].join(', ')})`,
      );
    }
  }
  return ok(found.make(args as FormArgs));
}
