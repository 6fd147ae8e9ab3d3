import { childrenOf, type SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import type { SearchTraceEntry } from '@groundplan/workflows/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { revealedSteps, searchStepViews } from './search-steps.js';

let scene: SceneGraph;

beforeAll(async () => {
  scene = await datasetScene('office');
});

const entry = (step: number, command: SearchTraceEntry['command'], node: string, error?: string) => ({
  step,
  command,
  node,
  reasoning: '',
  viewTokens: 100 + step,
  ...(error ? { error } : {}),
});

describe('a run’s search, step by step', () => {
  it('replays expand and contract from the collapsed view, leaving the view alone on refused or invalid steps', () => {
    const steps = searchStepViews(scene, [
      entry(0, 'expand', 'jasons_office'),
      entry(1, 'expand', 'nowhere', 'there is no node "nowhere" in the scene'),
      entry(2, 'expand', 'cabinet_3'),
      entry(3, 'invalid', '', 'not JSON'),
      entry(4, 'contract', 'jasons_office'),
      entry(5, 'done', 'cabinet_3'),
    ]);
    expect(steps.map((s) => s.expanded)).toEqual([
      ['jasons_office'],
      ['jasons_office'],
      ['cabinet_3', 'jasons_office'],
      ['cabinet_3', 'jasons_office'],
      [],
      [],
    ]);
    const [first, , second, , contracted] = steps;
    for (const id of childrenOf(scene, 'jasons_office')) expect(first!.visible).toContain(id);
    for (const id of childrenOf(scene, 'cabinet_3')) {
      expect(first!.visible).not.toContain(id);
      expect(second!.visible).toContain(id);
    }
    // Contracting the room hides what lies beneath it too.
    expect(contracted!.visible).not.toContain(childrenOf(scene, 'jasons_office')[0]);
    expect(steps[1]).toMatchObject({ command: 'expand', node: 'nowhere', viewTokens: 101 });
    expect(steps[1]!.error).toContain('no node "nowhere"');
  });
});

describe('when the search first showed each node', () => {
  it('is 0 for the first view, then the step (counted from 1) whose expand revealed it; never for the rest', () => {
    const steps = searchStepViews(scene, [
      entry(0, 'expand', 'jasons_office'),
      entry(1, 'expand', 'cabinet_3'),
      entry(2, 'contract', 'jasons_office'),
      entry(3, 'done', 'cabinet_3'),
    ]);
    const revealed = revealedSteps(scene, steps);
    expect(revealed.jasons_office).toBe(0);
    expect(revealed.cabinet_3).toBe(1);
    for (const child of childrenOf(scene, 'cabinet_3')) expect(revealed[child]).toBe(2);
    expect(revealed.stapler_2).toBeUndefined();
    expect(revealedSteps(scene, [])).toEqual({});
  });
});
