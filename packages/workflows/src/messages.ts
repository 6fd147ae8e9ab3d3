import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { Progress } from './contracts.js';

/** Where the run is: stage, steps, view size in tokens, tokens spent. */
export const progressQuery = defineQuery<Progress>('progress');

/** Approves the verified plan of a run started with requireApproval. */
export const approveSignal = defineSignal<[]>('approve');

/** Rejects the verified plan of a run started with requireApproval; the run ends without executing. */
export const rejectSignal = defineSignal<[{ reason?: string }]>('reject');

/**
 * The world changed under the run (a door was closed, an object moved): plan again, on the new
 * scene when one is given. Sent during execution it stops the robot after its current skill.
 */
export const worldChangedSignal = defineSignal<[{ description: string; sceneRef?: string }]>('worldChanged');
