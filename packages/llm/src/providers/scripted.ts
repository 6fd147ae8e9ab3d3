import { err, ok, type Result } from '@groundplan/scene-graph';
import type { PlanStep } from '@groundplan/simulator';
import type { Completion, CompletionRequest, LlmFailure, LlmProvider } from '../provider.js';
import { countUsage } from '../usage.js';

/**
 * The answers a scripted provider gives, in order: search steps, plans, and goals written as facts
 * (the goal-writer planner's `{"put", "on"}`, `{"put", "in"}`, `{"set", "to"}`); the last one repeats.
 */
export type LlmScript = {
  search: Array<{ command: 'expand' | 'contract' | 'done'; node: string; reasoning?: string }>;
  plans: PlanStep[][];
  goals?: Record<string, string>[][];
};

/**
 * A provider that answers semantic-search and plan requests from a script, as a model that knows
 * the right answer would. For demos, tests and recording cassettes; it is not a planner. Its
 * answers still pass through the output contracts, so a script naming a node the view does not
 * show is rejected like a model's would be.
 */
export function scriptedProvider(
  script: LlmScript,
  model = 'scripted',
): LlmProvider & { calls: () => number } {
  let searchIndex = 0;
  let planIndex = 0;
  let goalsIndex = 0;
  let calls = 0;
  return {
    name: 'scripted',
    model,
    calls: () => calls,
    async complete(request: CompletionRequest): Promise<Result<Completion, LlmFailure>> {
      calls += 1;
      let answer: unknown;
      if (request.schemaName === 'semantic_search_step') {
        const step = script.search[searchIndex] ?? script.search.at(-1);
        if (!step) return err({ kind: 'bad-config', message: 'the script has no semantic-search answers' });
        searchIndex += 1;
        answer = {
          ...(asksForThought(request) ? { chain_of_thought: `scripted step ${searchIndex}` } : {}),
          command: step.command,
          node: step.node,
          reasoning: step.reasoning ?? `${step.command} ${step.node}`,
        };
      } else if (request.schemaName === 'written_goals') {
        const goals = script.goals?.[goalsIndex] ?? script.goals?.at(-1);
        if (!goals) return err({ kind: 'bad-config', message: 'the script has no written goals' });
        goalsIndex += 1;
        answer = { goals };
      } else {
        const plan = script.plans[planIndex] ?? script.plans.at(-1);
        if (!plan) return err({ kind: 'bad-config', message: 'the script has no plans' });
        planIndex += 1;
        answer = {
          ...(asksForThought(request) ? { chain_of_thought: `scripted plan ${planIndex}` } : {}),
          plan,
        };
      }
      const text = JSON.stringify(answer);
      return ok({
        text,
        json: answer,
        usage: countUsage(request.messages, text),
        latencyMs: 0,
        provider: 'scripted',
        model,
        attempts: 1,
      });
    },
  };
}

/** Whether the request's contract has a chain of thought (it is switchable per provider). */
function asksForThought(request: CompletionRequest): boolean {
  return JSON.stringify(request.schema ?? {}).includes('"chain_of_thought"');
}
