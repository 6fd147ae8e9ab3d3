import { expandPlan } from '@groundplan/path-planner';
import { ancestorsOf, type SceneGraph, visibleNodes } from '@groundplan/scene-graph';
import { type PlanStep, verifyPlan } from '@groundplan/simulator';
import { type PlanTaskResult, traitsOf } from '@groundplan/workflows/contract';
import type { EvalTask, SearchCriteria } from './tasks.js';

/** SayPlan's failure categories (Table 4), as TASKS.md defines them for groundplan. */
export const ERROR_TYPES = [
  'missing action',
  'missing pose',
  'wrong action',
  'incomplete search',
  'hallucinated node',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export type SearchScore = {
  success: boolean;
  endedWithDone: boolean;
  /** The done node and every node id its reasoning mentions. */
  named: string[];
  /** Answer nodes visible in the final view. */
  answersInView: string[];
};

export type PlanningScore = {
  /** The simulator verified the plan (SayPlan's executability). */
  executable: boolean;
  /** The goal predicates hold after the plan (SayPlan's correctness); false when not executable. */
  correct: boolean;
  failedGoals: string[];
  /** The accepted substitute the plan used, when it met the goal only with one ("cloth" for "sponge"). */
  substitute?: { instead: string; use: string };
};

/**
 * Judges a search: the answer must be in the final view and named by the final done (the done
 * node for match any; the done node and the ids its reasoning mentions for match all).
 */
export function scoreSearch(
  graph: SceneGraph,
  criteria: SearchCriteria,
  required: readonly string[],
  result: Pick<PlanTaskResult, 'explored' | 'searchTrace'>,
): SearchScore {
  const last = result.searchTrace.at(-1);
  const endedWithDone = last?.command === 'done';
  // With one answer to give, the done node is the claim; several answers may be listed in the reasoning.
  const single = criteria.match === 'any' && criteria.atLeast === undefined && criteria.answer.length > 0;
  const named = !endedWithDone ? [] : single ? [last.node] : namedNodes(graph, last.node, last.reasoning);
  const visible = new Set(visibleNodes(graph, result.explored));
  const answersInView = criteria.answer.filter((id) => visible.has(id));
  const namedInView = answersInView.filter((id) => named.includes(id));
  let success: boolean;
  if (!endedWithDone) success = false;
  else if (criteria.answer.length === 0) {
    // No-result task: every room it is about was searched and no item was claimed.
    const rooms = required.filter((id) => graph.hasNode(id) && graph.getNodeAttribute(id, 'kind') === 'room');
    const searched = rooms.every((room) => result.explored.memory.includes(room));
    const claimsItem = named.some((id) => ['asset', 'object'].includes(graph.getNodeAttribute(id, 'kind')));
    success = searched && !claimsItem;
  } else if (criteria.atLeast !== undefined) {
    // Counting task: enough answers in view, and the done names one of them or what holds them.
    const holders = new Set(answersInView.flatMap((id) => ancestorsOf(graph, id)));
    success =
      answersInView.length >= criteria.atLeast &&
      named.some((id) => answersInView.includes(id) || holders.has(id));
  } else if (criteria.match === 'all') success = criteria.answer.every((id) => namedInView.includes(id));
  // One answer is enough: the done node itself must be one (its reasoning may mention others).
  else success = last !== undefined && answersInView.includes(last.node);
  return { success, endedWithDone, named, answersInView };
}

/** The done node plus node ids the reasoning mentions as whole words. */
export function namedNodes(graph: SceneGraph, node: string, reasoning: string): string[] {
  const mentioned = (reasoning.match(/[A-Za-z0-9_.:-]+/g) ?? [])
    .map((word) => word.replace(/[.:]+$/, ''))
    .filter((word) => graph.hasNode(word));
  return [...new Set([node, ...mentioned])].filter((id) => graph.hasNode(id));
}

/**
 * The error types of a task that failed, from the search trace and a re-run of the final plan
 * through the path planner and simulator (for the structured failure reason). Rules: TASKS.md.
 */
export function classifyErrors(
  graph: SceneGraph,
  task: EvalTask,
  result: PlanTaskResult,
  score: { search?: SearchScore; planning?: PlanningScore },
): ErrorType[] {
  const types = new Set<ErrorType>();
  const visible = new Set(visibleNodes(graph, result.explored));
  const searched = traitsOf(result.planner).search === 'semantic';
  if (score.search && !score.search.success) {
    const criteria = task.criteria as SearchCriteria;
    // For a no-result task, "seeing the answer" means having searched every room it is about.
    const answersSeen =
      criteria.answer.length === 0
        ? task.required
            .filter((id) => graph.hasNode(id) && graph.getNodeAttribute(id, 'kind') === 'room')
            .every((room) => result.explored.memory.includes(room))
        : score.search.answersInView.length > 0;
    const someNamed = score.search.answersInView.some((id) => score.search?.named.includes(id));
    // Stopped early, never saw an answer, or named only some of the answers: the search is incomplete.
    if (!score.search.endedWithDone || !answersSeen || someNamed) types.add('incomplete search');
    else types.add('hallucinated node');
  }
  if (score.planning && !score.planning.correct) {
    if (result.searchTrace.some((entry) => entry.error?.includes('there is no node')))
      types.add('hallucinated node');
    if (searched && task.criteria.kind === 'planning') {
      const goalNodes = task.criteria.goal.flatMap((g) => g.match(/[A-Za-z0-9_]+/g) ?? []);
      if (goalNodes.some((id) => graph.hasNode(id) && !visible.has(id))) types.add('incomplete search');
    }
    if (!score.planning.executable) {
      const failure = planFailure(graph, result.plan, traitsOf(result.planner).expandsPaths);
      if (failure) types.add(failure);
    } else types.add('missing action');
  }
  return ERROR_TYPES.filter((type) => types.has(type));
}

// Preconditions that fail when an action is applied to something that cannot take it.
const WRONG_ACTION =
  /^(affords_|accessed_affords_|has_|holds_)|^(door|power|cleanliness|contents|ripeness|temperature)_/;

function planFailure(graph: SceneGraph, plan: PlanStep[], withPathPlanner: boolean): ErrorType | undefined {
  let steps = plan;
  if (withPathPlanner) {
    const expanded = expandPlan(graph, plan);
    if (!expanded.ok)
      return expanded.error.args.some((id) => !graph.hasNode(id)) ? 'hallucinated node' : 'missing pose';
    steps = expanded.value;
  }
  const verdict = verifyPlan(graph, steps);
  if (verdict.ok) return undefined;
  const { reason, precondition } = verdict.failure;
  if (reason === 'unknown_node') return 'hallucinated node';
  if (reason === 'unknown_action' || reason === 'bad_arguments') return 'wrong action';
  if (precondition === 'next_to_agent') return 'missing pose';
  if (precondition !== undefined && WRONG_ACTION.test(precondition)) return 'wrong action';
  return 'missing action';
}
