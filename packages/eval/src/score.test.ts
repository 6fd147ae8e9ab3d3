import { tmpdir } from 'node:os';
import { fileSceneStore } from '@groundplan/scene-graph';
import type { SearchTraceEntry } from '@groundplan/workflows/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EvalScenes, loadEvalScenes } from './scenes.js';
import { scoreSearch } from './score.js';
import { type EvalTask, loadTaskSet, selectTasks } from './tasks.js';

let scenes: EvalScenes;
let tasks: EvalTask[];
beforeAll(async () => {
  scenes = await loadEvalScenes(fileSceneStore(`${tmpdir()}/groundplan-eval-score-${process.pid}`));
  const loaded = await loadTaskSet();
  if (!loaded.ok) throw new Error(loaded.error);
  tasks = loaded.value;
});

const done = (node: string, reasoning = ''): SearchTraceEntry => ({
  step: 0,
  command: 'done',
  node,
  reasoning,
  viewTokens: 0,
});
function judge(id: string, expanded: string[], last: SearchTraceEntry | undefined, memory = expanded) {
  const task = tasks.find((t) => t.id === id)!;
  if (task.criteria.kind !== 'search') throw new Error('not a search task');
  const { graph } = scenes.sceneFor(task);
  return scoreSearch(graph, task.criteria, task.required, {
    explored: { expanded: [...expanded].sort(), memory: [...memory].sort() },
    searchTrace: last ? [last] : [],
  });
}

describe('the task set', () => {
  it('has the 90 instructions in four families with criteria for each', () => {
    expect(tasks).toHaveLength(90);
    expect(tasks.filter((t) => t.criteria.kind === 'planning')).toHaveLength(30);
    const home = selectTasks(tasks, 'home');
    expect(home.ok && home.value).toHaveLength(30);
    expect(selectTasks(tasks, 'office-simple-search-99')).toEqual({
      ok: false,
      error: expect.stringContaining('unknown task id office-simple-search-99'),
    });
  });

  it('runs every office task but the holding one without the can in the gripper', () => {
    const holding = tasks.find((t) => t.id === 'office-simple-planning-15')!;
    const other = tasks.find((t) => t.id === 'office-simple-planning-01')!;
    expect(scenes.sceneFor(holding).graph.hasNode('coke_can')).toBe(true);
    expect(scenes.sceneFor(other).graph.hasNode('coke_can')).toBe(false);
  });
});

describe('search success', () => {
  it('needs the answer in the final view, named by the done node', () => {
    expect(
      judge('office-simple-search-02', ['meeting_room2', 'meeting_table_2'], done('carrot')).success,
    ).toBe(true);
    // Named but hidden again by a contract: not in the final explored subgraph.
    expect(judge('office-simple-search-02', [], done('carrot'), ['meeting_room2']).success).toBe(false);
    // Visible but a different node named.
    expect(
      judge('office-simple-search-04', ['kitchen', 'fruit_bowl'], done('banana_3', 'not the banana')).success,
    ).toBe(false);
  });

  it('fails a search that never says done', () => {
    const score = judge('office-simple-search-02', ['meeting_room2', 'meeting_table_2'], undefined);
    expect(score).toMatchObject({ success: false, endedWithDone: false });
  });

  it('needs every answer named, in the done node or its reasoning, for match all', () => {
    expect(judge('home-simple-search-15', [], done('bedroom2', 'bedroom2 and bedroom3')).success).toBe(true);
    expect(judge('home-simple-search-15', [], done('bedroom2', 'bedroom2 only')).success).toBe(false);
  });

  it('counts answers in view for counting tasks', () => {
    const rooms = ['dining_room0', 'dining_room1', 'dining_room2'];
    expect(
      judge('home-complex-search-13', rooms, done('dining_room0_chair_1', 'fifteen chairs')).success,
    ).toBe(true);
    expect(judge('home-complex-search-13', rooms.slice(0, 2), done('dining_room0_chair_1')).success).toBe(
      false,
    );
  });

  it('passes a no-result search only after every room is searched and nothing is claimed', () => {
    const rooms = ['meeting_room1', 'meeting_room2', 'meeting_room3', 'meeting_room4'];
    expect(judge('office-complex-search-12', [], done('floor0', 'none has one'), rooms).success).toBe(true);
    expect(judge('office-complex-search-12', [], done('floor0'), rooms.slice(1)).success).toBe(false);
    expect(judge('office-complex-search-12', rooms, done('projector')).success).toBe(false);
  });
});
