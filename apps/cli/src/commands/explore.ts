import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { workflowUiUrl } from '@groundplan/temporal-runtime';
import { InvalidRunInput, startExploration } from '@groundplan/workflows/client';
import {
  EXPLORERS,
  type ExplorationSoFar,
  type ExploreForResult,
  type Explorer,
  explorationQuery,
  MAX_FAILURES_KEPT,
} from '@groundplan/workflows/explore-contract';
import type { WorkflowHandle } from '@temporalio/client';
import type { CliConfig } from '../config.js';
import { connect, runResult } from '../connect.js';
import { followRun } from '../follow-run.js';
import { sceneFileError } from '../scene-file-error.js';
import { EXIT, UserError } from '../user-error.js';

export type ExploreFlags = {
  targets: string;
  explorer: string;
  roomPrior?: boolean;
  roomScores?: boolean;
  budgetM?: number;
  robot?: string;
  json?: boolean;
};

/**
 * `groundplan explore`: starts an exploration task (exploreFor) in a building the robot does not
 * know, prints its progress as rooms are explored and the one-line outcome. Exit 0 when every
 * target was found, 2 when not (not found, budget spent).
 */
export async function exploreCommand(
  scenePath: string | undefined,
  flags: ExploreFlags,
  config: CliConfig,
): Promise<number> {
  const targets = flags.targets
    .split(',')
    .map((target) => target.trim())
    .filter(Boolean);
  if (targets.length === 0)
    throw new UserError('--targets names no object: give object ids separated by commas, e.g. apple,mug');
  if (!(EXPLORERS as readonly string[]).includes(flags.explorer))
    throw new UserError(`unknown explorer '${flags.explorer}'; use ${EXPLORERS.join(', ')}`);
  if (flags.roomPrior && flags.explorer !== 'saynav')
    throw new UserError(
      `--room-prior orders the rooms offered to saynav's model; the ${flags.explorer} explorer has none`,
    );
  if (flags.roomScores && flags.explorer !== 'saynav')
    throw new UserError(
      `--room-scores has saynav's model score the rooms offered; the ${flags.explorer} explorer has none`,
    );
  if (scenePath === undefined)
    throw new UserError(
      'name the scene graph JSON file to explore, e.g. groundplan explore --targets apple datasets/office.json',
    );
  const scene = await loadSceneFile(scenePath);
  if (!scene.ok) throw sceneFileError(scenePath, scene.error);
  const sceneName = scene.value.getAttribute('name');
  const sceneRef = await fileSceneStore(config.sceneStoreDir).put(scene.value);
  const client = await connect(config);
  const handle = await startExploration(client, sceneName, {
    robotId: flags.robot ?? config.robotId,
    sceneRef,
    targets,
    explorer: flags.explorer as Explorer,
    ...(flags.roomPrior ? { roomPrior: true } : {}),
    ...(flags.roomScores ? { roomScores: true } : {}),
    ...(flags.budgetM === undefined ? {} : { maxDistance: flags.budgetM }),
  }).catch((error: unknown) => {
    throw error instanceof InvalidRunInput ? new UserError(error.message) : error;
  });
  const ui = workflowUiUrl(config.temporal, handle.workflowId);
  if (!flags.json) console.log(`Run ${handle.workflowId}${ui ? `\nTemporal UI: ${ui}` : ''}`);
  const result = await follow(handle, !flags.json);
  if (flags.json) console.log(JSON.stringify({ runId: handle.workflowId, ui, result }));
  else {
    console.log(explorationOutcome(targets, result));
    if (ui) console.log(`Temporal UI: ${ui}`);
  }
  return result.status === 'found' ? EXIT.ok : EXIT.planFailed;
}

/** Waits for the result, printing a line whenever the exploration's progress changes. */
function follow(handle: WorkflowHandle, show: boolean): Promise<ExploreForResult> {
  const result = runResult(handle) as Promise<ExploreForResult>;
  if (!show) return result;
  const progress = async () => {
    const soFar = await handle.query(explorationQuery);
    return soFar ? explorationLine(soFar) : undefined;
  };
  return followRun(result, progress, explorationLine);
}

/** One progress line: rooms explored (the newest), metres, skills, model use. */
export function explorationLine(p: ExplorationSoFar & { lastChoice?: string }): string {
  const parts = [`[exploring] ${p.explored.length} room(s) explored`];
  if (p.explored.length > 0) parts.push(`last ${p.explored.at(-1)}`);
  parts.push(`${p.distance.toFixed(1)} m`, `${p.steps} skills`);
  if (p.usage.calls)
    parts.push(`LLM ${p.usage.calls} call(s), ${p.usage.promptTokens + p.usage.completionTokens} tokens`);
  return parts.join('  ');
}

/** The one-line outcome a person reads. */
export function explorationOutcome(targets: readonly string[], r: ExploreForResult): string {
  const missing = targets.filter((id) => !r.found.includes(id));
  const failed = r.failedSkills?.length
    ? `; ${r.failedSkills.length}${r.failedSkills.length >= MAX_FAILURES_KEPT ? '+' : ''} skill(s) failed, the first: ${r.failedSkills[0]}`
    : '';
  const cost = `${roomsExplored(r)}, ${r.distance.toFixed(1)} m, ${r.steps} skills, LLM ${r.usage.calls} call(s) (${r.explorer})${failed}`;
  if (r.status === 'found') return `Found ${r.found.join(', ')}: ${cost}`;
  const found = r.found.length > 0 ? `; found ${r.found.join(', ')}` : '';
  if (r.status === 'budget') return `Budget spent before finding ${missing.join(', ')}${found}: ${cost}`;
  const unreachable = r.unreachable.length > 0 ? `; no route reaches ${r.unreachable.join(', ')}` : '';
  const tried = r.unreached?.length
    ? 'after trying every room it could plan a route to'
    : 'after exploring every reachable room';
  return `Not found: ${missing.join(', ')} ${tried}${unreachable}${found}: ${cost}`;
}

/** "5 room(s) explored", or "2 room(s) explored, 3 not reached" when the robot could not get into some. */
export function roomsExplored(r: Pick<ExploreForResult, 'explored' | 'unreached'>): string {
  const unreached = r.unreached?.length ?? 0;
  const into = `${r.explored.length - unreached} room(s) explored`;
  return unreached > 0 ? `${into}, ${unreached} not reached` : into;
}
