import { writeFile } from 'node:fs/promises';
import { fileSceneStore, sceneToFile } from '@groundplan/scene-graph';
import { robotState } from '@groundplan/workflows/client';
import { RobotIdSchema, type RobotState } from '@groundplan/workflows/contract';
import type { CliConfig } from '../config.js';
import { connect } from '../connect.js';
import { EXIT, UserError } from '../user-error.js';

export const ROBOT_ACTIONS = ['status', 'belief', 'history'] as const;

/**
 * `groundplan robot status|belief|history <id>`: what a robot is doing, what it believes (the scene
 * version it plans from; `-o` writes it as a scene file) and how its belief came to be.
 */
export async function robotCommand(
  action: string,
  robotId: string,
  flags: { json?: boolean; output?: string },
  config: CliConfig,
): Promise<number> {
  if (!(ROBOT_ACTIONS as readonly string[]).includes(action))
    throw new UserError(`unknown robot action '${action}'; use ${ROBOT_ACTIONS.join(', ')}`);
  const id = RobotIdSchema.safeParse(robotId);
  if (!id.success) throw new UserError(`robot id '${robotId}': ${id.error.issues[0]!.message}`);
  const state = await robotState(await connect(config), robotId);
  if (!state)
    throw new UserError(
      `robot ${robotId} has had no task yet (send one with \`groundplan plan --robot ${robotId}\` or \`groundplan explore --robot ${robotId}\`)`,
    );
  if (action === 'belief' && flags.output) await writeBelief(state, flags.output, config);
  if (flags.json) {
    console.log(
      JSON.stringify(
        action === 'history' ? { robotId, versions: state.versions, history: state.history } : state,
      ),
    );
    return EXIT.ok;
  }
  if (action === 'status') console.log(statusText(state));
  if (action === 'belief')
    console.log(
      `robot ${robotId} believes scene ${state.belief.ref}${state.belief.accessed ? ` (within reach: ${state.belief.accessed})` : ''}` +
        `, version ${state.versions}${flags.output ? `; written to ${flags.output}` : ''}`,
    );
  if (action === 'history') {
    const shown = state.history.length;
    console.log(
      `robot ${robotId}: ${state.versions} belief versions${shown < state.versions ? ` (newest ${shown} shown)` : ''}`,
    );
    const first = state.versions - shown + 1;
    for (const [i, version] of state.history.entries())
      console.log(`${String(first + i).padStart(4)} ${version.ref.slice(7, 19)} ${version.cause}`);
  }
  return EXIT.ok;
}

function statusText(state: RobotState): string {
  const lines = [
    `robot ${state.robotId} in scene ${state.sceneRef}`,
    `  belief: ${state.belief.ref} (version ${state.versions})`,
    `  running: ${state.current ?? 'nothing'}`,
    `  waiting: ${state.waiting.length === 0 ? 'nothing' : state.waiting.join(', ')}`,
    `  done: ${state.tasksDone.length} task(s)${state.tasksDone.length ? `, last ${state.tasksDone.at(-1)!.taskId} ${state.tasksDone.at(-1)!.status}` : ''}`,
  ];
  return lines.join('\n');
}

async function writeBelief(state: RobotState, output: string, config: CliConfig): Promise<void> {
  const scene = await fileSceneStore(config.sceneStoreDir).get(state.belief.ref);
  if (!scene.ok)
    throw new UserError(
      `the belief ${state.belief.ref} is not in the scene store ${config.sceneStoreDir}: ${scene.error}`,
    );
  await writeFile(output, `${JSON.stringify(sceneToFile(scene.value), null, 1)}\n`);
}
