import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sceneRef } from '../io/scene-ref.js';
import { roomOf } from '../model/queries.js';
import { buildSceneGraph } from '../model/scene-graph.js';
import type { GenerateSceneOptions } from './generate-scene.js';
import { type GeneratedSearchTask, generateSearchTaskSet, MAX_SEARCH_TASKS } from './search-tasks.js';

type CommittedSet = {
  name: string;
  options: GenerateSceneOptions;
  tasksPerSet: number;
  rooms: number;
  sceneRef: string;
  tasks: GeneratedSearchTask[];
};
const committed = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../datasets/generated/search-tasks.json', import.meta.url)),
    'utf8',
  ),
) as { sets: CommittedSet[] };

describe('the committed generated search tasks', () => {
  // The 10^4-room set takes as long to rebuild as the rest together; its script checks it when writing.
  for (const set of committed.sets.filter((s) => s.rooms <= 3_700))
    it(`${set.name}: the seed rebuilds the same building, and each answer is the one thing of its kind, in its room`, () => {
      const { scene, tasks } = generateSearchTaskSet(set.options, set.tasksPerSet);
      expect(tasks).toEqual(set.tasks);
      const graph = buildSceneGraph(scene);
      expect(sceneRef(graph)).toBe(set.sceneRef);
      expect(new Set(tasks.map((task) => task.room)).size).toBe(tasks.length);
      for (const task of tasks) {
        expect(roomOf(graph, task.answer)).toBe(task.room);
        expect(graph.source(graph.inEdges(task.room)[0]!)).toBe(task.floor);
        const name = task.answer.replace(/_1$/, '');
        expect(graph.filterNodes((id) => id.startsWith(name))).toEqual([task.answer]);
        expect(task.instruction.toLowerCase()).not.toContain(name.replace('_', ' '));
      }
    });
});

describe('generateSearchTaskSet', () => {
  it(`refuses more than ${MAX_SEARCH_TASKS} tasks, or more than the building has furnished rooms, in one line`, () => {
    const options = { seed: 1, floors: 1, roomsPerFloor: 3, assetsPerRoom: 1, objectsPerAsset: 0 };
    expect(() => generateSearchTaskSet(options, 13)).toThrow(
      'a generated task set has 1 to 12 tasks, not 13',
    );
    expect(() => generateSearchTaskSet(options, 4)).toThrow(
      'the building has 3 furnished rooms, fewer than 4 tasks',
    );
  });
});
