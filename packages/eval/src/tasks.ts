import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from '@groundplan/scene-graph';
import { z } from 'zod';

export const FAMILIES = [
  'simple-search',
  'complex-search',
  'simple-planning',
  'long-horizon-planning',
] as const;
export type Family = (typeof FAMILIES)[number];
export type Environment = 'office' | 'home';

/** How a search task is judged: which nodes answer it and how many of them are needed. */
export type SearchCriteria = {
  kind: 'search';
  /** Nodes a correct answer may name; empty when the scene has none (a no-result task). */
  answer: string[];
  match: 'any' | 'all';
  /** For counting tasks: how many answer nodes must be found. */
  atLeast?: number;
};

/**
 * How a planning task is judged: goal predicates on the world after the verified plan, and the
 * nodes the plan must leave as they started (same parent, relation and state; a held object
 * still held).
 */
export type PlanningCriteria = {
  kind: 'planning';
  goal: string[];
  untouched?: string[];
  /** Nodes accepted instead of one the goal or the required list names (goal-variants.ts). */
  accepted?: [string, string[]][];
};

/**
 * How a question is judged (the blind set): the nodes that answer it, and the robot does nothing.
 * An empty answer means none exists; `count` is the number a how-many question asks for.
 */
export type AnswerCriteria = { kind: 'answer'; answer: string[]; match: 'any' | 'all'; count?: number };

/** A request nothing in the building can meet: what is missing, and what exists nearest to it. */
export type CannotCriteria = { kind: 'cannot'; missing: string; nearest?: string };

/** An ambiguous reference a good robot asks about: the nodes it may mean equally well. */
export type AskCriteria = { kind: 'ask'; options: string[] };

export type TaskCriteria = SearchCriteria | PlanningCriteria | AnswerCriteria | CannotCriteria | AskCriteria;

/** The blind set's kinds of instruction (datasets/tasks/blind-tasks.json). */
export const CATEGORIES = [
  'question',
  'impossible',
  'negation',
  'ambiguous',
  'side-effect',
  'request',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** One evaluation instruction (SayPlan's 90, the held-out set, the blind set) with the criteria it is scored by. */
export type EvalTask = {
  id: string;
  environment: Environment;
  family: Family;
  /** What kind of instruction it is (the blind set only). */
  category?: Category;
  instruction: string;
  /** Nodes a correct search or plan finds or uses. */
  required: string[];
  criteria: TaskCriteria;
  notes?: string;
};

const InstructionSchema = z.object({
  id: z.string(),
  environment: z.enum(['office', 'home']),
  family: z.enum(FAMILIES),
  category: z.enum(CATEGORIES).optional(),
  instruction: z.string(),
});
const RequirementSchema = z.object({
  id: z.string(),
  environment: z.enum(['office', 'home']),
  required: z.array(z.string()),
  match: z.enum(['any', 'all']).optional(),
  answer: z.array(z.string()).optional(),
  at_least: z.number().int().positive().optional(),
  goal: z.array(z.string()).optional(),
  accepted: z.record(z.string(), z.array(z.string())).optional(),
  notes: z.string().optional(),
  // The blind set says how each task is judged; the older sets leave it to the family.
  expect: z.enum(['answer', 'plan', 'cannot', 'ask']).optional(),
  count: z.number().int().nonnegative().optional(),
  untouched: z.array(z.string()).optional(),
  missing: z.string().optional(),
  nearest: z.string().optional(),
  options: z.array(z.string()).optional(),
});
type Requirement = z.infer<typeof RequirementSchema>;

const repoFile = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** Where the task files live by default: SayPlan's 90 instructions (the paper's data) and our requirements. */
export const DEFAULT_TASK_FILES = {
  instructions: repoFile('datasets/tasks/sayplan-tasks.json'),
  requirements: repoFile('datasets/tasks/requirements.json'),
};

/**
 * The task sets the evaluation runs: SayPlan's 90 instructions, 15 office planning
 * instructions held out from the grounded planner's word rules (written after them, to measure
 * how they carry to new wordings), and the blind set of office and home instructions (questions,
 * impossible requests, negations, ambiguous references, side-effect traps; issue 24), the second
 * the third, the fourth, the fifth, the sixth, the seventh, the eighth, the ninth, the tenth, the eleventh, the twelfth, the thirteenth, the fourteenth, the fifteenth, the sixteenth and the seventeenth (blind2 to blind17; the third to the seventeenth mainly requests
 * with goal predicates), each written before any planner ran on it (TASKS.md).
 */
export const TASK_SETS = {
  sayplan: DEFAULT_TASK_FILES,
  'held-out': {
    instructions: repoFile('datasets/tasks/held-out-tasks.json'),
    requirements: repoFile('datasets/tasks/held-out-requirements.json'),
  },
  blind: {
    instructions: repoFile('datasets/tasks/blind-tasks.json'),
    requirements: repoFile('datasets/tasks/blind-requirements.json'),
  },
  blind2: {
    instructions: repoFile('datasets/tasks/blind2-tasks.json'),
    requirements: repoFile('datasets/tasks/blind2-requirements.json'),
  },
  blind3: {
    instructions: repoFile('datasets/tasks/blind3-tasks.json'),
    requirements: repoFile('datasets/tasks/blind3-requirements.json'),
  },
  blind4: {
    instructions: repoFile('datasets/tasks/blind4-tasks.json'),
    requirements: repoFile('datasets/tasks/blind4-requirements.json'),
  },
  blind5: {
    instructions: repoFile('datasets/tasks/blind5-tasks.json'),
    requirements: repoFile('datasets/tasks/blind5-requirements.json'),
  },
  blind6: {
    instructions: repoFile('datasets/tasks/blind6-tasks.json'),
    requirements: repoFile('datasets/tasks/blind6-requirements.json'),
  },
  blind7: {
    instructions: repoFile('datasets/tasks/blind7-tasks.json'),
    requirements: repoFile('datasets/tasks/blind7-requirements.json'),
  },
  blind8: {
    instructions: repoFile('datasets/tasks/blind8-tasks.json'),
    requirements: repoFile('datasets/tasks/blind8-requirements.json'),
  },
  blind9: {
    instructions: repoFile('datasets/tasks/blind9-tasks.json'),
    requirements: repoFile('datasets/tasks/blind9-requirements.json'),
  },
  blind10: {
    instructions: repoFile('datasets/tasks/blind10-tasks.json'),
    requirements: repoFile('datasets/tasks/blind10-requirements.json'),
  },
  blind11: {
    instructions: repoFile('datasets/tasks/blind11-tasks.json'),
    requirements: repoFile('datasets/tasks/blind11-requirements.json'),
  },
  blind12: {
    instructions: repoFile('datasets/tasks/blind12-tasks.json'),
    requirements: repoFile('datasets/tasks/blind12-requirements.json'),
  },
  blind13: {
    instructions: repoFile('datasets/tasks/blind13-tasks.json'),
    requirements: repoFile('datasets/tasks/blind13-requirements.json'),
  },
  blind14: {
    instructions: repoFile('datasets/tasks/blind14-tasks.json'),
    requirements: repoFile('datasets/tasks/blind14-requirements.json'),
  },
  blind15: {
    instructions: repoFile('datasets/tasks/blind15-tasks.json'),
    requirements: repoFile('datasets/tasks/blind15-requirements.json'),
  },
  blind16: {
    instructions: repoFile('datasets/tasks/blind16-tasks.json'),
    requirements: repoFile('datasets/tasks/blind16-requirements.json'),
  },
  blind17: {
    instructions: repoFile('datasets/tasks/blind17-tasks.json'),
    requirements: repoFile('datasets/tasks/blind17-requirements.json'),
  },
} as const;
export type TaskSetName = keyof typeof TASK_SETS;

/** Joins the instructions with their machine-checkable criteria; every instruction needs criteria. */
export async function loadTaskSet(files = DEFAULT_TASK_FILES): Promise<Result<EvalTask[], string>> {
  const instructions = await readJsonList(files.instructions, InstructionSchema);
  if (!instructions.ok) return instructions;
  const requirements = await readJsonList(files.requirements, RequirementSchema);
  if (!requirements.ok) return requirements;
  const byId = new Map(requirements.value.map((r) => [r.id, r]));
  const tasks: EvalTask[] = [];
  for (const item of instructions.value) {
    const req = byId.get(item.id);
    if (!req) return err(`task ${item.id} has no entry in ${files.requirements}`);
    const criteria = criteriaOf(item.id, item.family, req);
    if (!criteria.ok) return err(`${criteria.error} in ${files.requirements}`);
    tasks.push({
      ...item,
      required: req.required,
      criteria: criteria.value,
      ...(req.notes ? { notes: req.notes } : {}),
    });
  }
  return ok(tasks);
}

/**
 * The criteria of one task: from `expect` when the requirements state it (the blind set), else
 * from the family as SayPlan's sets have it (search families are searches, the rest plans).
 */
function criteriaOf(id: string, family: Family, req: Requirement): Result<TaskCriteria, string> {
  const search = family.endsWith('search');
  switch (req.expect) {
    case undefined:
      if (search)
        return ok({
          kind: 'search',
          answer: req.answer ?? [],
          match: req.match ?? 'any',
          ...(req.at_least ? { atLeast: req.at_least } : {}),
        });
      if ((req.goal ?? []).length === 0) return err(`planning task ${id} has no goal predicates`);
      return ok({ kind: 'planning', goal: req.goal ?? [], ...acceptedOf(req) });
    case 'answer':
      if (!search) return err(`task ${id} expects an answer but its family ${family} is not a search`);
      return ok({
        kind: 'answer',
        answer: req.answer ?? [],
        match: req.match ?? 'any',
        ...(req.count !== undefined ? { count: req.count } : {}),
      });
    case 'plan':
      if (search) return err(`task ${id} expects a plan but its family ${family} is a search`);
      if ((req.goal ?? []).length === 0) return err(`planning task ${id} has no goal predicates`);
      return ok({
        kind: 'planning',
        goal: req.goal ?? [],
        ...(req.untouched && req.untouched.length > 0 ? { untouched: req.untouched } : {}),
        ...acceptedOf(req),
      });
    case 'cannot':
      if (!req.missing) return err(`task ${id} expects a refusal but says nothing is missing`);
      return ok({ kind: 'cannot', missing: req.missing, ...(req.nearest ? { nearest: req.nearest } : {}) });
    case 'ask':
      if ((req.options ?? []).length < 2)
        return err(`task ${id} expects a question back but has fewer than 2 options`);
      return ok({ kind: 'ask', options: req.options ?? [] });
  }
}

/** The substitutes a planning task accepts, as pairs (a node id is never an object key here). */
const acceptedOf = (req: Requirement) =>
  req.accepted && Object.keys(req.accepted).length > 0 ? { accepted: Object.entries(req.accepted) } : {};

/** Picks tasks by `all`, an environment, a family, or a comma-separated list of ids. */
export function selectTasks(tasks: readonly EvalTask[], selector: string): Result<EvalTask[], string> {
  if (selector === 'all') return ok([...tasks]);
  if (selector === 'office' || selector === 'home')
    return ok(tasks.filter((t) => t.environment === selector));
  if ((FAMILIES as readonly string[]).includes(selector))
    return ok(tasks.filter((t) => t.family === selector));
  const ids = selector
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const known = new Set(tasks.map((t) => t.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    return err(
      `unknown task id${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; use all, office, home, one of ${FAMILIES.join(', ')}, or ids like office-simple-search-01`,
    );
  return ok(tasks.filter((t) => ids.includes(t.id)));
}

/** A task that asks a question (SayPlan's searches, the blind set's answers): answered, nothing changed. */
export const isSearchTask = (task: EvalTask) =>
  task.criteria.kind === 'search' || task.criteria.kind === 'answer';

async function readJsonList<T>(path: string, schema: z.ZodType<T>): Promise<Result<T[], string>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (cause) {
    return err(`cannot read task file ${path}: ${(cause as Error).message}`);
  }
  const parsed = z.object({ tasks: z.array(schema) }).safeParse(data);
  if (!parsed.success)
    return err(`${path} is not a task file: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return ok(parsed.data.tasks);
}
