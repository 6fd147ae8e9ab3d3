import type { PlanScope } from '@groundplan/grounding';
import type { PlannerVariant, Reader, Usage } from '@groundplan/workflows/contract';
import type { Conduct } from './conduct.js';
import type { ErrorType, PlanningScore, SearchScore } from './score.js';
import type { Environment, Family } from './tasks.js';

/** One line of the JSONL results file: everything measured for one task. */
export type TaskRecord = {
  id: string;
  environment: Environment;
  family: Family;
  instruction: string;
  planner: PlannerVariant;
  /** Who read the instruction when not the rules alone (PlanOptions.reader). */
  reader?: Exclude<Reader, 'rules'>;
  /** What the grounded planners' classical planner planned over (PlanOptions.planScope); absent in records before it. */
  planScope?: PlanScope;
  provider: string;
  model: string;
  /** verified/failed/answered as the workflow returned; error when the workflow itself failed. */
  status: 'verified' | 'failed' | 'answered' | 'error';
  /** Why the workflow failed (for error), e.g. an LLM answer that broke the output contract. */
  error?: string;
  search?: SearchScore;
  planning?: PlanningScore;
  errorTypes: ErrorType[];
  /** Whether the run did only what was asked; absent in records written before it was judged. */
  conduct?: Conduct;
  /** Plans after the first (SayPlan's replans). */
  replans: number;
  searchSteps: number;
  /** Prompt tokens of the view before the search and after each search step (SayPlan Fig. 3). */
  viewTokens: number[];
  usage: Usage;
  /** Wall-clock from starting the workflow to its result. */
  latencyMs: number;
  /** The LLM's last high-level plan. */
  plan: { action: string; args: string[] }[];
  /** The goals of the last plan (goal-directed planners) and the side effects the planner reported. */
  goals?: string[];
  sideEffects?: string[];
  /** The things the model read the instruction to name, each with its nearest nodes, when the model read it. */
  modelRead?: { phrase: string; nodes: string[] }[];
  searchCommands: string[];
  workflowId: string;
  finishedAt: string;
  /** The commit of the code that ran the task (CODE_COMMIT); absent in records written before it was kept. */
  commit?: string;
};
