// What the view's server sends its page, as JSON: types only, shared by both sides.
import type { SceneFile } from '@groundplan/scene-graph';

/** The scene drawn by the page: a validated scene file. */
export type SceneData = { scene: SceneFile };

/** One step of a run's semantic search, with the view it left (replayed with expand/contract). */
export type SearchStepView = {
  step: number;
  command: 'expand' | 'contract' | 'done' | 'invalid';
  node: string;
  viewTokens: number;
  error?: string;
  /** The expanded nodes after the step, and every node the view shows then. */
  expanded: string[];
  visible: string[];
};

/** A run as the page draws it, read from Temporal on each poll. */
export type RunData = {
  runId: string;
  /** Temporal's status of the run: RUNNING, COMPLETED, FAILED, ... */
  status: string;
  workflowType: string;
  instruction: string;
  sceneName: string;
  sceneRef: string;
  /** The run in the Temporal Web UI, when the server has one. */
  temporalUi?: string;
  /** The run's outcome once it has one: completed, plan-failed, verified, ... */
  outcome?: string;
  reason?: string;
  /** The run's progress while it runs, as the CLI prints it. */
  progress?: string;
  search: SearchStepView[];
  /** The plan with navigation filled in, one `action(args)` per step. */
  plan: string[];
  /** The navigation nodes the robot passes, from where it starts to its last goto. */
  route: string[];
  /** How many plan steps the robot has executed. */
  executed: number;
};

/** What the page shows instead of a drawing when there is nothing to draw. */
export type ViewError = { error: string };
