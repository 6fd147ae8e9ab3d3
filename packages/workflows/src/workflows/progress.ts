import { setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { type Progress, progressQuery, STAGE_ATTRIBUTE, type Stage, type Usage } from '../contract.js';

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
  return progress;
}

/** Moves the run to a stage, in its progress and in the search attribute the Temporal UI filters on. */
export function enterStage(progress: Progress, stage: Stage, child?: string): void {
  progress.stage = stage;
  progress.currentChild = child;
  upsertSearchAttributes([{ key: STAGE_ATTRIBUTE, value: stage }]);
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
