// The values that cross between workflows, activities and clients: small, serializable, typed.
// Workflow code imports only types from the activity packages, never their code.
import type { View } from '@groundplan/scene-graph';
import type { PlanStep } from '@groundplan/simulator';

export type { PlanStep, View };

/** Which planner runs: SayPlan, or one of the two baselines of its evaluation. */
export type PlannerVariant = 'sayplan' | 'llm+p' | 'llm-as-planner';

export type PlanOptions = {
  planner?: PlannerVariant;
  /** Replans after the first plan when the simulator rejects it (SayPlan: 5). Baselines never replan. */
  maxReplans?: number;
  /** How many semantic-search steps the LLM may take before it must plan. */
  maxSearchSteps?: number;
  /** Seconds without a heartbeat before an LLM call counts as lost (its worker died); default 30. */
  llmHeartbeatTimeoutSeconds?: number;
};

export type Usage = { promptTokens: number; completionTokens: number; calls: number };

export type PlanTaskInput = {
  sceneRef: string;
  instruction: string;
  options?: PlanOptions;
  /** What the planner must know beyond the scene, e.g. a reported world change. */
  context?: string[];
};

export type SearchTraceEntry = {
  step: number;
  /** invalid: the model's answer broke the output contract even after its retries. */
  command: 'expand' | 'contract' | 'done' | 'invalid';
  node: string;
  reasoning: string;
  /** The error shown to the LLM when its command was invalid. */
  error?: string;
  viewTokens: number;
};

export type PlanAttempt = {
  attempt: number;
  plan: PlanStep[];
  /** Why the simulator or the path planner rejected the plan; absent for the verified one. */
  feedback?: string;
};

export type PlanTaskResult = {
  status: 'verified' | 'failed';
  planner: PlannerVariant;
  instruction: string;
  /** The LLM's last high-level plan and its expansion with every navigation step. */
  plan: PlanStep[];
  expandedPlan: PlanStep[];
  /** Why no plan was verified, for status failed. */
  reason?: string;
  explored: View;
  searchTrace: SearchTraceEntry[];
  attempts: PlanAttempt[];
  usage: Usage;
};

export type ExecutePlanInput = {
  sceneRef: string;
  plan: PlanStep[];
  robotId: string;
  /** Seconds without a heartbeat before a skill attempt counts as lost (the robot worker died). */
  heartbeatTimeoutSeconds?: number;
};

export type StepRecord = {
  index: number;
  step: PlanStep;
  status: 'done' | 'already-done' | 'failed';
  robotSeconds: number;
  resumedFrom: number;
  error?: string;
};

export type ExecutePlanResult = { status: 'completed' | 'failed'; steps: StepRecord[]; reason?: string };

export type PlanAndExecuteInput = PlanTaskInput & {
  robotId: string;
  /** Wait for an approve signal before the verified plan is executed. */
  requireApproval?: boolean;
  /** Plan only: no execution. */
  planOnly?: boolean;
  heartbeatTimeoutSeconds?: number;
};

export type PlanAndExecuteResult = {
  status: 'completed' | 'plan-failed' | 'execution-failed' | 'planned' | 'rejected';
  planning: PlanTaskResult;
  execution?: ExecutePlanResult;
  /** How many times a reported world change sent the run back to planning. */
  replannedForWorldChanges: number;
};

export type Stage = 'searching' | 'planning' | 'verifying' | 'awaiting-approval' | 'executing' | 'done';

/** What the progress query returns while a run goes on. */
export type Progress = {
  stage: Stage;
  /** The child workflow doing the current stage's work, for planAndExecute. */
  currentChild?: string;
  searchSteps: number;
  viewTokens: number;
  attempts: number;
  executedSteps: number;
  totalSteps: number;
  usage: Usage;
  lastFeedback?: string;
};
