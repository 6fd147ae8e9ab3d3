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

/**
 * Generated tokens an answer within BOUNDS can need, for providers that cap answers (the local
 * model). Free text is counted at one token per character (prose takes about one per 3.6);
 * a plan step at about 20 tokens (SmolLM2 and Gemma 3 take 9-13 for goto(kitchen), 32-39 for
 * an action with three of the office's longest ids).
 */
export const ANSWER_TOKENS = {
  semanticSearch: BOUNDS.chainOfThought + BOUNDS.reasoning + 100,
  plan: BOUNDS.chainOfThought + BOUNDS.planSteps * 20,
} as const;
