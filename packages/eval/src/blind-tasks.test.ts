import { describe, expect, it } from 'vitest';
import { loadTaskSet, TASK_SETS } from './tasks.js';
import { describeBlindSet } from './test-support/blind-set-suite.js';

// The first blind set (datasets/tasks/blind-*.json, issue 24), written 2026-11-27 from the scenes alone.
describeBlindSet({
  name: 'blind',
  title: 'the blind task set',
  buildings: { office: 37, home: 33 },
  counts: { question: 16, impossible: 11, negation: 9, ambiguous: 8, 'side-effect': 22, request: 4 },
  others: ['sayplan', 'held-out'],
  questions: { none: 3, counted: 3, aboutState: 0 },
  notesOnEveryTask: false,
});

describe('the sets before the blind ones', () => {
  it('stay as they were: searches and goals, no category', async () => {
    for (const set of ['sayplan', 'held-out'] as const) {
      const loaded = await loadTaskSet(TASK_SETS[set]);
      if (!loaded.ok) throw new Error(loaded.error);
      for (const task of loaded.value) {
        expect(['search', 'planning'], task.id).toContain(task.criteria.kind);
        expect(task.criteria.kind === 'search', task.id).toBe(task.family.endsWith('search'));
        expect(task.category, task.id).toBeUndefined();
      }
    }
  });
});
