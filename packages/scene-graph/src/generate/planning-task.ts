import type { SceneFile } from '../format/schema.js';
import type { GenerateSceneOptions } from './generate-scene.js';
import { mulberry32 } from './prng.js';
import { generateSearchTaskSet } from './search-tasks.js';

/** A planning task in a generated building whose goal is known by construction. */
export type GeneratedPlanningTask = {
  id: string;
  instruction: string;
  /** The goal predicates a correct plan makes true (simulator goal syntax). */
  goal: string[];
  /** The distinctive thing to move, and the room it was placed in. */
  thing: string;
  thingRoom: string;
  /** The distinctive asset to put it on, and its room. */
  asset: string;
  assetRoom: string;
};

/**
 * A building from generateSceneFile(options) with a violin placed as the first generated search
 * task places it, and a piano (an asset the catalogue never makes) in another room the seed
 * chooses: "Put the violin on the piano." has one right goal, on(violin_1, piano_1). The same
 * options give the same scene and task.
 */
export function generatePlanningTask(options: GenerateSceneOptions): {
  scene: SceneFile;
  task: GeneratedPlanningTask;
} {
  const { scene, tasks } = generateSearchTaskSet(options, 1);
  const placed = tasks[0]!;
  const rooms = scene.nodes.filter((node) => node.kind === 'room').map((node) => node.id);
  if (rooms.length < 2)
    throw new RangeError('a generated planning task needs a building of two rooms or more');
  const random = mulberry32(options.seed ^ 0x91a0);
  let assetRoom: string;
  do assetRoom = rooms[Math.floor(random() * rooms.length)]!;
  while (assetRoom === placed.room);
  const asset = 'piano_1';
  scene.nodes.push({ id: asset, kind: 'asset', attributes: { colour: 'black' } });
  scene.edges.push({ kind: 'hierarchy', source: assetRoom, target: asset });
  return {
    scene,
    task: {
      id: `${scene.name}-violin-on-piano`,
      instruction: 'Put the violin on the piano.',
      goal: [`on(${placed.answer}, ${asset})`],
      thing: placed.answer,
      thingRoom: placed.room,
      asset,
      assetRoom,
    },
  };
}
