import { absentReadThings, excludedNodes, MISSING_BELOW, type Reading } from '@groundplan/grounding';
import type { SceneGraph } from '@groundplan/scene-graph';
import type { EvalTask } from '../tasks.js';

/** The kind of reading a task calls for: search tasks and questions are answered, the rest are requests. */
export function expectedKind(task: EvalTask): 'question' | 'request' {
  return task.criteria.kind === 'search' || task.criteria.kind === 'answer' ? 'question' : 'request';
}

/** How one reading of one task is judged. */
export type ReadingScore = {
  expected: 'question' | 'request';
  kindRight: boolean;
  /** The things of the reading the building does not have (a model's reading; the rules name none here). */
  absent: string[];
  /** The nodes the reading says not to touch. */
  excluded: string[];
  /** For a request nothing can meet (criteria cannot): whether the reading names a missing thing. */
  cannotSeen?: boolean;
  /** For a task that can be done: whether the reading wrongly names a missing thing (it would end NotFound). */
  falseMissing?: boolean;
  /** For a negation task: whether the reading excludes anything. */
  exclusionSeen?: boolean;
  /** For a negation task with a plan: whether an excluded node is one the goals need (a wrong exclusion). */
  excludesNeeded?: boolean;
};

/** Judges a reading against the task's criteria and the scene. */
export function scoreReading(task: EvalTask, reading: Reading, graph: SceneGraph): ReadingScore {
  const expected = expectedKind(task);
  const details = reading.details;
  const absent = details ? absentReadThings(graph, details, MISSING_BELOW).map((thing) => thing.phrase) : [];
  const excluded = details ? [...excludedNodes(details, MISSING_BELOW)] : [];
  const cannot = task.criteria.kind === 'cannot';
  const needed =
    task.criteria.kind === 'planning'
      ? task.criteria.goal.flatMap((goal) => goal.match(/[\w-]+/g) ?? [])
      : [];
  return {
    expected,
    kindRight: reading.kind === expected,
    absent,
    excluded,
    ...(cannot ? { cannotSeen: absent.length > 0 } : {}),
    ...(existing(task) ? { falseMissing: absent.length > 0 } : {}),
    ...(task.category === 'negation'
      ? { exclusionSeen: excluded.length > 0, excludesNeeded: excluded.some((id) => needed.includes(id)) }
      : {}),
  };
}

/** Whether what the task names is there: not a request nothing can meet, not a question whose answer is none. */
function existing(task: EvalTask): boolean {
  const { criteria } = task;
  if (criteria.kind === 'cannot') return false;
  if (criteria.kind === 'search' || criteria.kind === 'answer') return criteria.answer.length > 0;
  return true;
}
