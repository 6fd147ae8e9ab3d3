import type { SemanticSearchStepResult } from '@groundplan/llm';
import type { Progress, SceneRef, SearchTraceEntry, View } from '../contract.js';
import { spend } from './progress.js';

/** One search step: the view and why the last command failed, to the command applied (an LLM activity). */
export type SearchStep = (view: View, lastError: string | undefined) => Promise<SemanticSearchStepResult>;

export type SemanticSearchInput = {
  sceneRef: SceneRef;
  instruction: string;
  /** The collapsed view the search starts from, and its size in tokens. */
  start: { view: View; tokens: number };
  maxSearchSteps: number;
};

/**
 * SayPlan's semantic search: one LLM activity per step expands or contracts a node of the view
 * (kept here as a small value) until the model says it has the subgraph it needs, or the steps
 * run out. A command that could not be applied, or an answer outside the contract, is shown to
 * the model at the next step. `step` is SayPlan's free choice or the grounded choice.
 */
export async function semanticSearch(
  step: SearchStep,
  input: SemanticSearchInput,
  progress: Progress,
): Promise<{ view: View; trace: SearchTraceEntry[] }> {
  let view = input.start.view;
  progress.viewTokens = input.start.tokens;
  const trace: SearchTraceEntry[] = [];
  let lastError: string | undefined;
  for (let index = 0; index < input.maxSearchSteps; index++) {
    progress.searchSteps = index + 1;
    const answer = await step(view, lastError);
    spend(progress.usage, answer);
    if (answer.next) {
      view = answer.next.view;
      progress.viewTokens = answer.next.tokens;
    }
    const { command, node, reasoning, error } = answer;
    trace.push({
      step: index,
      command,
      node,
      reasoning,
      ...(error ? { error } : {}),
      viewTokens: progress.viewTokens,
    });
    if (command === 'done') break;
    lastError = command === 'invalid' ? `your last answer was not valid: ${error}` : error;
  }
  return { view, trace };
}
