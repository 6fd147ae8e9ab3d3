export {
  PLAN_PROMPT_VERSION,
  type PlanFeedback,
  type PlannerMode,
  type PlanPromptInput,
  planMessages,
} from './plan.js';
export {
  FIRST_SEARCH_PROMPT_TOKENS,
  firstPromptOverBudget,
  promptTokens,
  SEMANTIC_SEARCH_PROMPT_VERSION,
  type SemanticSearchPromptInput,
  semanticSearchMessages,
  semanticSearchPromptStart,
} from './semantic-search.js';
