// Writes datasets/generated/search-tasks.json: generated buildings at 10x, 100x and about 270x
// the office's 37 rooms, each with search tasks whose answers are known by construction (issue 27,
// item 2). The scenes are not committed (the largest is ~60 MB): each is regenerated from its
// options, and its sceneRef says it is the same building. `pnpm exec tsx scripts/write-generated-tasks.ts`
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSceneGraph,
  type GenerateSceneOptions,
  generateSearchTaskSet,
  MAX_SEARCH_TASKS,
  sceneRef,
} from '../src/index.js';

const out = fileURLToPath(new URL('../../../datasets/generated/search-tasks.json', import.meta.url));
const SETS: { name: string; options: GenerateSceneOptions }[] = [
  {
    name: 'office-x10',
    options: { seed: 2710, floors: 10, roomsPerFloor: 37, assetsPerRoom: 3, objectsPerAsset: 3 },
  },
  {
    name: 'office-x100',
    options: { seed: 27100, floors: 10, roomsPerFloor: 370, assetsPerRoom: 3, objectsPerAsset: 3 },
  },
  {
    name: 'rooms-1e4',
    options: { seed: 27104, floors: 20, roomsPerFloor: 500, assetsPerRoom: 3, objectsPerAsset: 2 },
  },
];

const sets = [];
for (const { name, options } of SETS) {
  const { scene, tasks } = generateSearchTaskSet(options, MAX_SEARCH_TASKS);
  const graph = buildSceneGraph(scene);
  const rooms = scene.nodes.filter((node) => node.kind === 'room').length;
  sets.push({
    name,
    options,
    tasksPerSet: MAX_SEARCH_TASKS,
    rooms,
    nodes: graph.order,
    sceneRef: sceneRef(graph),
    tasks,
  });
  console.log(name, rooms, graph.order);
}
await writeFile(
  out,
  `${JSON.stringify(
    {
      about:
        'Search tasks in generated buildings, answers known by construction: generateSearchTaskSet(options, tasksPerSet) in packages/scene-graph rebuilds each scene (sceneRef: the sha256 of its canonical JSON) with one distinctive thing per task placed in a room the seed chose, described without its name. Written by packages/scene-graph/scripts/write-generated-tasks.ts.',
      sets,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${join(out)}`);
