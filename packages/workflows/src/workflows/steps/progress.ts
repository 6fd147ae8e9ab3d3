import { setCurrentDetails, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import {
  LLM_TOKENS_ATTRIBUTE,
  type Progress,
  progressQuery,
  REPLANS_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  type Stage,
  type Usage,
} from '../../contract.js';

/** A run's progress, starting at `stage`, answered by the progress query as the run updates it. */
export function trackProgress(stage: Stage, totalSteps = 0): Progress {
  const progress: Progress = {
    stage,
    searchSteps: 0,
    viewTokens: 0,
    attempts: 0,
    executedSteps: 0,
    totalSteps,
    usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
  };
  setHandler(progressQuery, () => progress);
  showProgress(progress);
  return progress;
}

/**
 * Moves the run to a stage: in its progress, in the search attributes the Temporal UI filters on
 * (stage, replans and tokens so far), and in the current details the UI shows while it runs.
 */
export function enterStage(progress: Progress, stage: Stage, child?: string): void {
  progress.stage = stage;
  progress.currentChild = child;
  upsertSearchAttributes([
    { key: STAGE_ATTRIBUTE, value: stage },
    { key: REPLANS_ATTRIBUTE, value: Math.max(0, progress.attempts - 1) },
    { key: LLM_TOKENS_ATTRIBUTE, value: progress.usage.promptTokens + progress.usage.completionTokens },
  ]);
  showProgress(progress);
}

/** The run's current details in the Temporal UI (Temporal markdown): stage, counts, last feedback. */
export function showProgress(p: Progress): void {
  const lines = [`**${p.stage}**${p.currentChild ? ` in child ${p.currentChild}` : ''}`, ''];
  if (p.searchSteps)
    lines.push(
      `- search steps: ${p.searchSteps}${p.lastSearch ? `, last ${p.lastSearch}` : ''} (view ${p.viewTokens} tokens)`,
    );
  if (p.attempts) lines.push(`- plan attempts: ${p.attempts}`);
  if (p.totalSteps) lines.push(`- skills executed: ${p.executedSteps}/${p.totalSteps}`);
  if (p.usage.calls)
    lines.push(`- LLM: ${p.usage.calls} calls, ${p.usage.promptTokens}+${p.usage.completionTokens} tokens`);
  if (p.lastFeedback) lines.push(`- last feedback: ${p.lastFeedback}`);
  if (p.question) lines.push(`- asks: which ${p.question.phrase}? ${p.question.options.join(', ')}`);
  if (p.answer) lines.push(`- answer: ${p.answer}`);
  setCurrentDetails(lines.join('\n'));
}

/** Adds an LLM activity's tokens and model calls (one, or every try of an answer that stayed invalid) to a run's usage. */
export function spend(
  usage: Usage,
  answer: { usage: { usage: { promptTokens: number; completionTokens: number } }; calls?: number },
): void {
  usage.promptTokens += answer.usage.usage.promptTokens;
  usage.completionTokens += answer.usage.usage.completionTokens;
  usage.calls += answer.calls ?? 1;
}
