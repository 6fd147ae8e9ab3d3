import type { Progress, SceneRef, SearchTraceEntry, View } from '../contract.js';
import { oneLine } from '../run-description.js';
import { showProgress, spend } from './progress.js';
import type { llmActivities } from './proxies.js';

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
 * the model at the next step.
 */
export async function semanticSearch(
  llm: ReturnType<typeof llmActivities>,
  input: SemanticSearchInput,
  progress: Progress,
): Promise<{ view: View; trace: SearchTraceEntry[] }> {
  let view = input.start.view;
  progress.viewTokens = input.start.tokens;
  const trace: SearchTraceEntry[] = [];
  let lastError: string | undefined;
  for (let step = 0; step < input.maxSearchSteps; step++) {
    progress.searchSteps = step + 1;
    // The command is the activity's answer, so the summary names the one before it.
    const after = progress.lastSearch ? ` after ${progress.lastSearch}` : '';
    const answer = await llm.semanticSearchStep.executeWithOptions(
      { summary: oneLine(`search step ${step + 1}${after} (view ${progress.viewTokens} tokens)`) },
      [
        {
          sceneRef: input.sceneRef,
          instruction: input.instruction,
          view,
          ...(lastError ? { lastError } : {}),
        },
      ],
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
      step,
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
