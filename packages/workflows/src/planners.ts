// The planner table: one row per planner variant, its traits as fields. The workflows, the client,
// the run description, the CLI, the evaluation and the docs read these traits; adding a variant is
// adding a row (as adding a skill is adding a row of the simulator's action table). Workflow code
// imports this file through the contract: zod only.
import type { Chooser } from '@groundplan/grounding';
import type { PlannerMode } from '@groundplan/llm';
import { z } from 'zod';

/** How a planner decides what part of the building matters before it plans. */
export type SearchTrait =
  /** SayPlan's semantic search: the model expands and contracts the collapsed graph. */
  | 'semantic'
  /** The model (or the retrieval prior) picks among the best legal expand/contract moves. */
  | 'grounded'
  /** No search: the planner sees the whole graph. */
  | 'none';

/** Who writes the plan. */
export type PlanTrait =
  /** The model writes the high-level plan (SayPlan's prompt). */
  | 'model'
  /** Goal predicates are chosen, and the classical planner (packages/task-planner) finds the plan. */
  | 'goals'
  /** The model writes the goal predicates (LLM+P as Liu et al. define it), the classical planner plans. */
  | 'written-goals'
  /** One feasible action at a time, while the robot executes (LookPlanGraph). */
  | 'while-executing';

export type PlannerTraits = {
  search: SearchTrait;
  plan: PlanTrait;
  /** The path planner fills in navigation (goto of a room becomes its pose route). */
  expandsPaths: boolean;
  /** The simulator's feedback on a rejected plan goes back for another attempt (up to maxReplans). */
  replans: boolean;
  /** Who makes the grounded choices: the model (a generated pick or its scores), or the retrieval prior alone (the no-model ablation). */
  chooser: Chooser;
  /** The prompt the model plans with, where it writes the plan. */
  prompt?: PlannerMode;
  /** Whether it runs in LookPlanGraph's comparison on worlds that differ from the belief (eval:dynamic). */
  dynamic: boolean;
  /** One line for the docs: what the variant is and who it is for. */
  about: string;
};

/**
 * Every planner variant. The first is SayPlan (Rana et al., CoRL 2023); llm+p and llm-as-planner
 * are its evaluation's baselines; grounded is the choice-based planner for small models, with its
 * no-model ablation; lookplangraph and its baseline sayplan-lite plan from a belief that execution
 * corrects.
 */
export const PLANNERS = {
  sayplan: {
    search: 'semantic',
    plan: 'model',
    expandsPaths: true,
    replans: true,
    chooser: 'model',
    prompt: 'iterative',
    dynamic: true,
    about:
      'SayPlan: the model searches the collapsed graph and writes the plan; for capable (OpenAI-compatible) models',
  },
  'sayplan-scored': {
    search: 'semantic',
    plan: 'model',
    expandsPaths: true,
    replans: true,
    chooser: 'scores',
    prompt: 'iterative',
    dynamic: false,
    about:
      "SayPlan with SayCan's scoring in its search: the local model scores the replies of the 5 best legal moves by the retrieval prior after SayPlan's search prompt, then writes the plan",
  },
  'llm+p': {
    search: 'none',
    plan: 'model',
    expandsPaths: true,
    replans: false,
    chooser: 'model',
    prompt: 'path-planner-only',
    dynamic: false,
    about: "SayPlan's baseline: the whole graph in one prompt, the path planner, no replanning",
  },
  'llm-as-planner': {
    search: 'none',
    plan: 'model',
    expandsPaths: false,
    replans: false,
    chooser: 'model',
    prompt: 'without-path-planner',
    dynamic: false,
    about: "SayPlan's baseline: the whole graph in one prompt, the model writes every step",
  },
  grounded: {
    search: 'grounded',
    plan: 'goals',
    expandsPaths: true,
    replans: true,
    chooser: 'model',
    dynamic: false,
    about:
      'the model votes among retrieval-ranked moves and goals, a classical planner plans; for the embedded model',
  },
  'grounded-scored': {
    search: 'grounded',
    plan: 'goals',
    expandsPaths: true,
    replans: true,
    chooser: 'scores',
    dynamic: false,
    about:
      "grounded with SayCan's scoring: the local model's log-probability of each option joins the prior, instead of a generated pick",
  },
  'grounded-prior': {
    search: 'grounded',
    plan: 'goals',
    expandsPaths: true,
    replans: true,
    chooser: 'prior',
    dynamic: false,
    about: 'grounded without the model: the retrieval prior makes every choice (the ablation)',
  },
  'goal-writer': {
    search: 'grounded',
    plan: 'written-goals',
    expandsPaths: true,
    replans: true,
    chooser: 'prior',
    dynamic: false,
    about:
      'the retrieval prior searches, the model writes the goal predicates, a classical planner plans and failures go back to it (LLM+P, DELTA); its ablation is grounded-prior',
  },
  lookplangraph: {
    search: 'none',
    plan: 'while-executing',
    expandsPaths: true,
    replans: false,
    chooser: 'model',
    dynamic: true,
    about: 'LookPlanGraph: one feasible action at a time from a belief that looks correct',
  },
  'lookplangraph-scored': {
    search: 'none',
    plan: 'while-executing',
    expandsPaths: true,
    replans: false,
    chooser: 'scores',
    dynamic: true,
    about:
      "LookPlanGraph with SayCan's scoring: the offered action (or done) whose reply the local model scores likeliest per token is the next action, instead of a generated pick",
  },
  'sayplan-lite': {
    search: 'none',
    plan: 'model',
    expandsPaths: true,
    replans: true,
    chooser: 'model',
    prompt: 'iterative',
    dynamic: true,
    about: "LookPlanGraph's baseline: SayPlan without search, planning from the whole belief, replanning",
  },
} as const satisfies Record<string, PlannerTraits>;

export type PlannerVariant = keyof typeof PLANNERS;
export const PLANNER_VARIANTS = Object.keys(PLANNERS) as [PlannerVariant, ...PlannerVariant[]];
export const PlannerVariantSchema = z.enum(PLANNER_VARIANTS);

/**
 * The planner a run uses when its input names none: SayPlan, the method groundplan implements.
 * Recorded histories start runs without one, so this stays what they ran with; clients that know
 * the model (the CLI) pick `recommendedPlanner` instead and name it in the input.
 */
export const DEFAULT_PLANNER: PlannerVariant = 'sayplan';

/** The planner of a run's options, the default filled in: the one place the default is applied. */
export function plannerOf(options: { planner?: PlannerVariant } | undefined): PlannerVariant {
  return options?.planner ?? DEFAULT_PLANNER;
}

/** The traits of a planner variant. */
export function traitsOf(planner: PlannerVariant): PlannerTraits {
  return PLANNERS[planner];
}

/**
 * The planner the README recommends for the configured model: SayPlan for an OpenAI-compatible
 * server's capable model; for the embedded local model (and replays of it) `grounded-prior`, the
 * cheapest variant that measures best: on every blind set's first run no variant using the
 * embedded model planned better than it, at no model call (issue 25; reports/README.md,
 * 2026-11-29-blind4-first-run), and SayPlan's prompts solve nothing with it
 * (reports/2026-11-24-sayplan-embedded); scored instead (sayplan-scored), its search finds what
 * the prior alone finds (2026-11-29-sayplan-scored). `--planner grounded` keeps the model in the choice.
 */
export function recommendedPlanner(provider: string | undefined): PlannerVariant {
  return provider === 'openai' ? 'sayplan' : 'grounded-prior';
}

/** The one line a plan-only request for a planner that plans while executing gets. */
export const planOnlyRefusal = (planner: PlannerVariant) =>
  `the ${planner} planner chooses each action while the robot executes, so it cannot plan only; drop planOnly or choose another planner`;

/** Whether a plan-only request is refused for this planner (it plans only while executing). */
export function refusesPlanOnly(planner: PlannerVariant): boolean {
  return PLANNERS[planner].plan === 'while-executing';
}
