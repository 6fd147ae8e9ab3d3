import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  agentLocation,
  collapse,
  countTokens,
  heldObject,
  nodesOfKind,
  parentOf,
  parseScene,
  renderView,
  roomOf,
  type SceneFile,
  type SceneGraph,
  visibleGroups,
  visibleNodes,
} from './index.js';

// The campus and its search tasks, as datasets/src/campus.ts writes them.
const datasets = new URL('../../../datasets/', import.meta.url);
const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, datasets), 'utf8')) as T;
const sources = { office: read<SceneFile>('office.json'), home: read<SceneFile>('home.json') };
const parsed = parseScene(read('campus.json'));
if (!parsed.ok) throw new Error(`campus.json: ${JSON.stringify(parsed.error.slice(0, 5))}`);
const campus: SceneGraph = parsed.value;
const tasks = read<{ tasks: { id: string; building: 'office' | 'home'; answer: string[] }[] }>(
  'tasks/campus-search-tasks.json',
).tasks;

describe('the campus', () => {
  it('holds every node of the office and the home under its building prefix, of the same kind, in the same room', () => {
    for (const [name, file] of Object.entries(sources))
      for (const node of file.nodes) {
        if (node.kind === 'agent') continue;
        const id = `${name}_${node.id}`;
        expect(campus.getNodeAttribute(id, 'kind')).toBe(node.kind);
        if (node.kind === 'asset' || node.kind === 'object')
          expect(roomOf(campus, id)?.startsWith(`${name}_`)).toBe(true);
      }
    expect(nodesOfKind(campus, 'room')).toHaveLength(65);
  });

  it("keeps each building's floors under it, both buildings under the campus, and one robot where the office had it", () => {
    expect(parentOf(campus, 'home_floor2')?.parent).toBe('home_building');
    expect(parentOf(campus, 'office_floor0')?.parent).toBe('office_building');
    expect(parentOf(campus, 'home_building')?.parent).toBe('campus');
    expect(nodesOfKind(campus, 'agent')).toEqual(['agent']);
    expect(agentLocation(campus)).toBe('office_pose_s0');
    expect(heldObject(campus)).toBe('office_coke_can');
  });

  it('starts the search from the two buildings, in a step-0 view well under the 2,000-token prompt budget', () => {
    const view = collapse(campus);
    expect(visibleNodes(campus, view)).toEqual(
      expect.arrayContaining(['campus', 'home_building', 'office_building']),
    );
    expect(visibleNodes(campus, view)).not.toContain('home_kitchen');
    expect(visibleGroups(campus, view)).toEqual([]);
    expect(countTokens(renderView(campus, view))).toBeLessThan(1_000);
  });

  it('has search tasks whose answers are on the campus, in their building, and of a name the other building has none of', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(6);
    const base = (id: string) => id.replace(/^(office|home)_/, '').replace(/_?\d+$/, '');
    for (const task of tasks) {
      const other = task.building === 'office' ? 'home' : 'office';
      for (const answer of task.answer) {
        expect(campus.hasNode(answer)).toBe(true);
        expect(answer.startsWith(`${task.building}_`)).toBe(true);
        expect(campus.filterNodes((id) => id.startsWith(`${other}_`) && base(id) === base(answer))).toEqual(
          [],
        );
      }
    }
  });
});
