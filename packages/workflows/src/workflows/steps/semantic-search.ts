import type { SemanticSearchStepResult } from '@groundplan/grounding';
import type { Progress, SceneRef, SearchTraceEntry, View } from '../../contract.js';
import { oneLine } from '../../run-description.js';
import { showProgress, spend } from './progress.js';

/**
 * One search step: the view, why the last command failed and the activity's summary for the
 * Temporal UI, to the command applied (an LLM activity).
 */
export type SearchStep = (
  view: View,
  lastError: string | undefined,
  summary: string,
) => Promise<SemanticSearchStepResult>;

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
  // The progress query answers with the trace as it grows (a query, so no history changes).
  progress.searchTrace = trace;
  let lastError: string | undefined;
  for (let index = 0; index < input.maxSearchSteps; index++) {
    progress.searchSteps = index + 1;
    // The command is the activity's answer, so the summary names the one before it.
    const after = progress.lastSearch ? ` after ${progress.lastSearch}` : '';
    const answer = await step(
      view,
      lastError,
      oneLine(`search step ${index + 1}${after} (view ${progress.viewTokens} tokens)`),
    );
    spend(progress.usage, answer);
    if (answer.next) {
      view = answer.next.view;
      progress.viewTokens = answer.next.tokens;
    }
    const { command, node, reasoning, error } = answer;
    progress.lastSearch = `${command}(${node})${error ? ' refused' : ''}`;
    showProgress(progress);
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
