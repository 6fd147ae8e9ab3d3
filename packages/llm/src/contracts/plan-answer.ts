import type { SceneGraph } from '@groundplan/scene-graph';
import type { ActionSpec } from '@groundplan/simulator';
import { z } from 'zod';
import { BOUNDS } from './bounds.js';
import { type AnswerOptions, nodeEnum } from './semantic-search-answer.js';

/** An action as a plan contract needs it: its name and, per parameter, the node ids it may take. */
export type TypedAction = { name: string; parameters: readonly (readonly string[])[] };

/**
 * The contract for a plan answer: at least one step, each a known action with exactly its number
 * of arguments, each argument a node of a kind that parameter takes. An action with a parameter
 * no node can fill is left out, so `goto(a, b, c)` or `access(kitchen)` cannot be written.
 */
export function planAnswerSchema(actions: readonly TypedAction[], options: AnswerOptions = {}) {
  const steps = actions
    .filter((action) => action.parameters.every((ids) => ids.length > 0))
    .map((action) =>
      z
        .object({
          action: z.literal(action.name),
          args:
            action.parameters.length === 0
              ? z.tuple([])
              : z.tuple(tuple(action.parameters.map((ids) => nodeEnum(ids)))),
        })
        .strict(),
    );
  const [first, ...rest] = steps;
  if (first === undefined) throw new Error('a plan contract needs at least one action it can fill');
  const step = rest.length === 0 ? first : z.discriminatedUnion('action', [first, ...rest]);
  return z
    .object({
      ...(options.chainOfThought === false
        ? {}
        : { chain_of_thought: z.string().max(BOUNDS.chainOfThought) }),
      plan: z.array(step).min(1).max(BOUNDS.planSteps),
    })
    .strict();
}

function tuple<T>(items: T[]): [T, ...T[]] {
  return items as [T, ...T[]];
}

export type PlanAnswer = { chain_of_thought?: string; plan: { action: string; args: string[] }[] };

/** Each action with, per parameter, the given nodes whose kind that parameter takes. */
export function typedActions(
  graph: SceneGraph,
  nodeIds: readonly string[],
  actions: readonly ActionSpec[],
): TypedAction[] {
  return actions.map((spec) => ({
    name: spec.name,
    parameters: spec.parameters.map((parameter) =>
      nodeIds.filter((id) => parameter.kinds.includes(graph.getNodeAttribute(id, 'kind'))),
    ),
  }));
}
