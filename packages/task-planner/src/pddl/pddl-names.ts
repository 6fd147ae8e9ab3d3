/**
 * PDDL names for groundplan ids, both ways. PDDL names are case-insensitive words of letters,
 * digits, `-` and `_` starting with a letter, and objects share one namespace; scene ids are any
 * string. Each id gets the lowercased id with other characters as `_` (prefixed `n` when it does
 * not start with a letter), and a numeric suffix when that name is taken.
 */
export class PddlNames {
  private readonly byId = new Map<string, string>();
  private readonly byName = new Map<string, string>();

  /** The PDDL name of an id (a node id, or any key with the name it would like), allocated on first use. */
  name(id: string, wanted = id): string {
    const known = this.byId.get(id);
    if (known !== undefined) return known;
    let base = wanted.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
    if (!/^[a-z]/.test(base)) base = `n${base}`;
    let name = base;
    for (let n = 2; this.byName.has(name) || RESERVED.has(name); n++) name = `${base}_${n}`;
    this.byId.set(id, name);
    this.byName.set(name, id);
    return name;
  }

  /** The id a PDDL name stands for (planners may change the case), or undefined. */
  id(name: string): string | undefined {
    return this.byName.get(name.toLowerCase());
  }
}

// Words of PDDL itself that a parser could read as syntax.
const RESERVED = new Set([
  'and',
  'or',
  'not',
  'imply',
  'exists',
  'forall',
  'when',
  'either',
  'object',
  'define',
]);
