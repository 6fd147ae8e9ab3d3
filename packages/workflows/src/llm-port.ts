import type { PlanStep, View } from './contracts.js';

/** Token usage of one LLM call, as the provider reported it (else counted). */
export type CallUsage = { promptTokens: number; completionTokens: number };

export type SearchStepInput = { sceneRef: string; instruction: string; view: View; lastError?: string };
export type SearchStepResult = {
  command: 'expand' | 'contract' | 'done';
  node: string;
  reasoning: string;
  usage: CallUsage;
};

export type PlanInput = { sceneRef: string; instruction: string; view: View; feedback: string[] };
export type PlanResult = { plan: PlanStep[]; reasoning: string; usage: CallUsage };

/**
 * The LLM activities the planning workflow calls (task queue groundplan-llm), as the workflow
 * sees them; @groundplan/llm's createLlmActivities provides them.
 */
export type LlmActivities = {
  semanticSearchStep(input: SearchStepInput): Promise<SearchStepResult>;
  /** SayPlan and LLM+P: a high-level plan; the path planner fills in navigation. */
  generatePlan(input: PlanInput): Promise<PlanResult>;
  /** LLM-As-Planner: the full plan, navigation poses included, with no path planner. */
  planWithoutPathPlanner(input: PlanInput): Promise<PlanResult>;
};
