// What the view's server sends its page, as JSON: types only, shared by both sides.
import type { NodeKind, SceneEdge, SceneFile, SceneNode } from '@groundplan/scene-graph';
import type { Question } from '@groundplan/workflows/contract';
import type { RunRow } from '../run-row.js';

/**
 * The scene drawn by the page: a validated scene file, whole for a building the search sees flat
 * (the office, the home); for a large one only its top, with the groups of rooms its search tree
 * makes (see scene-parts.ts).
 */
export type SceneData = { scene: SceneFile; grouped?: GroupedScene };

/** A group of rooms of a large building's search tree, drawn as one node until it is opened. */
export type GroupData = {
  id: string;
  /** The floor or group it is in, and the floor beneath it all. */
  parent: string;
  floor: string;
  /** Its gloss, as the search's view gives it: how many rooms, the commonest room types. */
  rooms: number;
  roomTypes: string;
  /** Where it is on its floor's plan: the middle of its rooms. */
  x: number;
  y: number;
};

/** What opening a group adds: its sub-groups, its rooms with all they hold and the poses beside them, and every edge of those. */
export type ScenePart = { group: string; groups: GroupData[]; nodes: SceneNode[]; edges: SceneEdge[] };

/** The x and y ranges a drawing covers. */
type Box = { x: [number, number]; y: [number, number] };

/** The top of a large building: its groups, the parts already opened (a run's), and the layout of the whole building. */
export type GroupedScene = {
  /** The scene's reference, for `/api/scene/<ref>/group/<id>`. */
  ref: string;
  /** How many rooms and nodes the whole building has. */
  rooms: number;
  nodes: number;
  /** The groups drawn at the start: those right under a floor. */
  groups: GroupData[];
  /** Groups opened from the start, each after the group it is in: a run's search and route lie in them. */
  opened: ScenePart[];
  /** Where the whole building is drawn, so opening a group moves nothing already drawn. */
  layout: {
    /** The floors' places on the plan (they have no position of their own). */
    points: { id: string; x: number; y: number }[];
    width: number;
    /** What the whole building covers, by layers and from above. */
    layers: Box;
    plan: Box;
  };
};

/** A node or group of rooms a search of the whole scene found, and what the page needs to draw it. */
export type SearchHit = {
  id: string;
  kind: NodeKind | 'group';
  /** How it matched: its id exactly, the start of its id, within its id, within its attributes or state. */
  match: 'id' | 'id-start' | 'id-within' | 'attributes';
  /** The groups of rooms to open, outermost first, to draw it (none when the top has it). */
  groups: string[];
  /** A node in no group (a corridor's pose) and not in the top: sent with its edges. */
  loose?: { nodes: SceneNode[]; edges: SceneEdge[] };
};

/** What `/api/scene/<ref>/search/<text>` answers: the best hits first, and how many matched in all. */
export type SceneSearch = { query: string; hits: SearchHit[]; total: number };

/** One step of a run's semantic search, with the view it left (replayed with expand/contract). */
export type SearchStepView = {
  step: number;
  command: 'expand' | 'contract' | 'done' | 'invalid';
  node: string;
  viewTokens: number;
  error?: string;
  /** The expanded nodes (and groups of rooms) after the step, and every node and group the view shows then. */
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
  /** The stage a running run is in (awaiting-approval, awaiting-answer, ...); absent once it ended. */
  stage?: string;
  /** What the instruction was read to mean, in words (as the CLI prints it). */
  reading?: string;
  /** The question the run asks now (stage awaiting-answer), or asked and had answered. */
  question?: Question & { answer?: string };
  /** A question's answer, in words. */
  answer?: string;
  /** The goals the plan was made for (goal-directed planners). */
  goals: string[];
  /** What the plan changes that no goal names, one line each. */
  sideEffects: string[];
  /** What the execution changed in the robot's belief ("what moved"): objects moved from where to where, states changed. */
  changes: string[];
  /** What the robot did, one line per skill it ran, with how it went. */
  steps: { step: string; status: string; seconds: number; error?: string }[];
  /** The nodes the plan acts on besides where it drives (accessed, picked up, opened, ...). */
  touched: string[];
  /** Where the agent stands when the run starts. */
  start?: string;
  /** Per node: the search step whose view first showed it to the planner (0: the first view). */
  revealed: Record<string, number>;
  /** An exploration's rooms looked around, in order (what it found is `touched`). */
  explored?: string[];
};

/** The runs at `/`: the latest a user started, newest first, as `groundplan list --json` gives them. */
export type RunListData = { runs: RunRow[] };

/** What the page sends to steer a run: approve, reject (with a reason) or answer its question. */
export type SteerRequest =
  | { action: 'approve' }
  | { action: 'reject'; reason?: string }
  | { action: 'answer'; choice: string };

/** What the server says it did, in one line (as the CLI prints it). */
export type SteerReply = { done: string };

/** What the page shows instead of a drawing when there is nothing to draw. */
export type ViewError = { error: string };
