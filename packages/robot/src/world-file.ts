import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { parseScene, type SceneGraph, type SceneRef, sceneToFile } from '@groundplan/scene-graph';

/** The robot's world as it persists on disk: the scene as changed by the steps applied so far. */
export type RobotWorld = {
  world: SceneGraph;
  appliedSteps: Set<string>;
  /** The asset within reach: not part of the scene, but part of the robot's pose. */
  accessed: string | null;
};

/** The failure type of a robot world file that cannot be read; retrying cannot help. */
export const ROBOT_WORLD_CORRUPT = 'RobotWorldCorrupt';

/** A robot world file that cannot be read: the robot refuses to act rather than start over silently. */
export class RobotWorldCorrupt extends Error {
  override readonly name = ROBOT_WORLD_CORRUPT;
}

/** The file holding one robot's world for one scene. */
export function worldFilePath(dataDir: string, robotId: string, sceneRef: SceneRef): string {
  return `${dataDir}/robots/${encodeURIComponent(robotId)}/${sceneRef.replace(/^sha256:/, '')}.json`;
}

/** Reads the robot's world, or undefined when this robot has not yet acted in this scene. */
export async function readWorld(path: string): Promise<RobotWorld | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  let saved: { appliedSteps?: unknown; accessed?: unknown; world?: unknown };
  try {
    saved = JSON.parse(text);
  } catch {
    throw new RobotWorldCorrupt(
      `the robot world file ${path} is corrupt (not JSON); move it away to start over`,
    );
  }
  const steps = saved?.appliedSteps;
  const accessed = saved?.accessed ?? null;
  if (
    !Array.isArray(steps) ||
    !steps.every((id) => typeof id === 'string') ||
    (accessed !== null && typeof accessed !== 'string')
  )
    throw new RobotWorldCorrupt(
      `the robot world file ${path} is corrupt (no list of applied steps); move it away to start over`,
    );
  const world = parseScene(saved.world);
  if (!world.ok)
    throw new RobotWorldCorrupt(
      `the robot world file ${path} is corrupt (its world is not a valid scene); move it away to start over`,
    );
  return { world: world.value, appliedSteps: new Set(steps), accessed };
}

/** Writes the world and the applied step ids together, atomically (a crash leaves old or new, never half). */
export async function writeWorld(path: string, state: RobotWorld): Promise<void> {
  await mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(
    temp,
    JSON.stringify({
      appliedSteps: [...state.appliedSteps],
      accessed: state.accessed,
      world: sceneToFile(state.world),
    }),
  );
  await rename(temp, path);
}
