import { defineQuery, defineSignal, setHandler } from '@temporalio/workflow';
import type { Progress, Stage } from './contracts.js';

/** Where the run is: stage, steps, view size in tokens, tokens spent. */
export const progressQuery = defineQuery<Progress>('progress');

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

/** Approves the verified plan of a run started with requireApproval. */
export const approveSignal = defineSignal<[]>('approve');

/** Rejects the verified plan of a run started with requireApproval; the run ends without executing. */
export const rejectSignal = defineSignal<[{ reason?: string }]>('reject');

/**
 * The world changed under the run (a door was closed, an object moved): plan again, on the new
 * scene when one is given. Sent during execution it stops the robot after its current skill.
 */
export const worldChangedSignal = defineSignal<[{ description: string; sceneRef?: string }]>('worldChanged');
