import { fileURLToPath } from 'node:url';
import { heldObject, loadSceneFile, type SceneGraph, type SceneStore } from '@groundplan/scene-graph';
import type { Environment, EvalTask } from './tasks.js';

/** The one task whose instruction is about what the office robot starts holding. */
export const HOLDING_TASK = 'office-simple-planning-15';

/**
 * The ids of the blind sets' tasks (blind-office-01, blind2-home-12, ...): they run on the scenes as
 * the files define them, the office robot holding coke_can.
 */
export const BLIND_TASK_ID = /^blind\d*-/;

/** Whether the task runs on the office as the file defines it (the robot holding coke_can). */
export const startsHolding = (task: Pick<EvalTask, 'id'>) =>
  task.id === HOLDING_TASK || BLIND_TASK_ID.test(task.id);

/** The scenes the tasks run on, each stored once; sceneFor picks the one a task needs. */
export type EvalScenes = {
  /** The scenes as the dataset files define them (token tables use these). */
  graphs: Record<Environment, SceneGraph>;
  refs: { office: string; officeEmptyHanded: string; home: string };
  /** The scene a task runs on, and its reference in the store. */
  sceneFor(task: EvalTask): { graph: SceneGraph; ref: string };
};

export const DATASET_FILES: Record<Environment, string> = {
  office: fileURLToPath(new URL('../../../datasets/office.json', import.meta.url)),
  home: fileURLToPath(new URL('../../../datasets/home.json', import.meta.url)),
};

/**
 * Loads office and home into the store. The office robot starts holding coke_can for the one
 * task about it and for the blind set (whose side-effect traps include the can in hand); every
 * other office task runs on the office without the can, as in SayPlan, where the robot starts
 * empty-handed (datasets/README.md allows either).
 */
export async function loadEvalScenes(store: SceneStore, files = DATASET_FILES): Promise<EvalScenes> {
  const load = async (path: string) => {
    const scene = await loadSceneFile(path);
    if (!scene.ok) throw new Error(`${path} does not load: ${scene.error.map((p) => p.message).join('; ')}`);
    return scene.value;
  };
  const office = await load(files.office);
  const home = await load(files.home);
  const emptyHanded = office.copy();
  const held = heldObject(emptyHanded);
  if (held !== undefined) emptyHanded.dropNode(held);
  const refs = {
    office: await store.put(office),
    officeEmptyHanded: await store.put(emptyHanded),
    home: await store.put(home),
  };
  return {
    graphs: { office, home },
    refs,
    sceneFor(task) {
      if (task.environment === 'home') return { graph: home, ref: refs.home };
      return startsHolding(task)
        ? { graph: office, ref: refs.office }
        : { graph: emptyHanded, ref: refs.officeEmptyHanded };
    },
  };
}
