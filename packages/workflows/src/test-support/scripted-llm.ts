import type { PlanStep } from '../contracts.js';
import type { LlmActivities, SearchStepResult } from '../llm-port.js';

export type LlmScript = {
  search: Array<Pick<SearchStepResult, 'command' | 'node'>>;
  plans: PlanStep[][];
};

/**
 * LLM activities that answer from a script, for workflow tests that are about the workflow,
 * not the model. Counts calls so tests can prove a completed call is never made again.
 */
export function scriptedLlm(script: LlmScript) {
  const calls = { search: 0, plan: 0 };
  const usage = { promptTokens: 100, completionTokens: 20 };
  const nextPlan = async () => {
    const plan = script.plans[Math.min(calls.plan, script.plans.length - 1)] ?? [];
    calls.plan += 1;
    return { plan, reasoning: `scripted plan ${calls.plan}`, usage };
  };
  const activities: LlmActivities = {
    async semanticSearchStep() {
      const answer = script.search[calls.search] ?? { command: 'done', node: '' };
      calls.search += 1;
      return { ...answer, reasoning: 'scripted', usage };
    },
    generatePlan: nextPlan,
    planWithoutPathPlanner: nextPlan,
  };
  return { activities, calls };
}
