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

/** How a planning task is judged: goal predicates on the world after the verified plan. */
export type PlanningCriteria = { kind: 'planning'; goal: string[] };

/** One of SayPlan's 90 instructions with the criteria it is scored by. */
export type EvalTask = {
  id: string;
  environment: Environment;
  family: Family;
  instruction: string;
  /** Nodes a correct search or plan finds or uses. */
  required: string[];
  criteria: SearchCriteria | PlanningCriteria;
  notes?: string;
};

const InstructionSchema = z.object({
  id: z.string(),
  environment: z.enum(['office', 'home']),
  family: z.enum(FAMILIES),
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
  notes: z.string().optional(),
});

const repoFile = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** Where the task files live by default: SayPlan's 90 instructions (the paper's data) and our requirements. */
export const DEFAULT_TASK_FILES = {
  instructions: repoFile('datasets/tasks/sayplan-tasks.json'),
  requirements: repoFile('datasets/tasks/requirements.json'),
};

/**
 * The task sets the evaluation runs: SayPlan's 90 instructions, and 15 office planning
 * instructions held out from the grounded planner's word rules (written after them, to measure
 * how they carry to new wordings).
 */
export const TASK_SETS = {
  sayplan: DEFAULT_TASK_FILES,
  'held-out': {
    instructions: repoFile('datasets/tasks/held-out-tasks.json'),
    requirements: repoFile('datasets/tasks/held-out-requirements.json'),
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
    const criteria: EvalTask['criteria'] = item.family.endsWith('search')
      ? {
          kind: 'search',
          answer: req.answer ?? [],
          match: req.match ?? 'any',
          ...(req.at_least ? { atLeast: req.at_least } : {}),
        }
      : { kind: 'planning', goal: req.goal ?? [] };
    if (criteria.kind === 'planning' && criteria.goal.length === 0)
      return err(`planning task ${item.id} has no goal predicates in ${files.requirements}`);
    tasks.push({
      ...item,
      required: req.required,
      criteria,
      ...(req.notes ? { notes: req.notes } : {}),
    });
  }
  return ok(tasks);
}

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

/** Whether the task is scored on search (SayPlan's search families) rather than on a plan. */
export const isSearchTask = (task: EvalTask) => task.criteria.kind === 'search';

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
