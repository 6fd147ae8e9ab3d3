import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { parseScene, type SceneGraph, type SceneRef, sceneToFile } from '@groundplan/scene-graph';

/** The robot's world as it persists on disk: the scene as changed by the steps applied so far. */
export type RobotWorld = {
  world: SceneGraph;
  appliedSteps: Set<string>;
  /** The asset within reach: not part of the scene, but part of the robot's pose. */
  accessed: string | null;
};

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
  const saved = JSON.parse(text) as { appliedSteps: string[]; accessed?: string | null; world: unknown };
  const world = parseScene(saved.world);
  if (!world.ok) throw new Error(`the robot world file ${path} is corrupt`);
  return { world: world.value, appliedSteps: new Set(saved.appliedSteps), accessed: saved.accessed ?? null };
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
