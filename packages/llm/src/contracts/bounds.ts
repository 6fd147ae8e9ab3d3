/**
 * Size limits shared by every output contract. They keep a runaway model from filling the
 * context window and keep one local-model step within seconds.
 */
export const BOUNDS = {
  chainOfThought: 400,
  reasoning: 200,
  planSteps: 80,
  actionArgs: 3,
} as const;
