import { z } from 'zod';
import { BOUNDS } from './bounds.js';
import { nodeEnum } from './semantic-search-answer.js';

/**
 * The contract for a plan answer, built for the actions the simulator knows and the nodes of the
 * explored subgraph, so every step names a real action and real nodes.
 */
export function planAnswerSchema(actionNames: readonly string[], nodeIds: readonly string[]) {
  const actions = [...new Set(actionNames)];
  if (actions.length === 0) throw new Error('a plan contract needs at least one action name');
  return z
    .object({
      chain_of_thought: z.string().max(BOUNDS.chainOfThought),
      plan: z
        .array(
          z
            .object({
              action: z.enum(actions as [string, ...string[]]),
              args: z.array(nodeEnum(nodeIds)).max(BOUNDS.actionArgs),
            })
            .strict(),
        )
        .max(BOUNDS.planSteps),
    })
    .strict();
}

export type PlanAnswer = z.infer<ReturnType<typeof planAnswerSchema>>;
