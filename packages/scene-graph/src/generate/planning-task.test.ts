import { describe, expect, it } from 'vitest';
import { sceneRef } from '../io/scene-ref.js';
import { roomOf } from '../model/queries.js';
import { buildSceneGraph } from '../model/scene-graph.js';
import { generatePlanningTask } from './planning-task.js';

const options = { seed: 2702, floors: 3, roomsPerFloor: 12, assetsPerRoom: 2, objectsPerAsset: 2 };

describe('generatePlanningTask', () => {
  it('places the one violin and the one piano in two rooms, and the goal puts the first on the second', () => {
    const { scene, task } = generatePlanningTask(options);
    const graph = buildSceneGraph(scene);
    expect(task.instruction).toBe('Put the violin on the piano.');
    expect(task.goal).toEqual([`on(${task.thing}, ${task.asset})`]);
    expect(roomOf(graph, task.thing)).toBe(task.thingRoom);
    expect(roomOf(graph, task.asset)).toBe(task.assetRoom);
    expect(task.thingRoom).not.toBe(task.assetRoom);
    expect(graph.filterNodes((id) => id.startsWith('violin') || id.startsWith('piano')).sort()).toEqual(
      [task.asset, task.thing].sort(),
    );
    expect(graph.getNodeAttribute(task.asset, 'kind')).toBe('asset');
    expect(graph.getNodeAttribute(task.thing, 'affordances')).toContain('pickup');
  });

  it('is the same building and task from the same options, another from another seed', () => {
    const first = generatePlanningTask(options);
    const again = generatePlanningTask(options);
    expect(again.task).toEqual(first.task);
    expect(sceneRef(buildSceneGraph(again.scene))).toBe(sceneRef(buildSceneGraph(first.scene)));
    const other = generatePlanningTask({ ...options, seed: 2703 });
    expect([other.task.thingRoom, other.task.assetRoom]).not.toEqual([
      first.task.thingRoom,
      first.task.assetRoom,
    ]);
  });

  it('needs two rooms', () => {
    expect(() => generatePlanningTask({ ...options, floors: 1, roomsPerFloor: 1 })).toThrow(/two rooms/);
  });
});
