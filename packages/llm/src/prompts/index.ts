export {
  PLAN_PROMPT_VERSION,
  type PlanFeedback,
  type PlannerMode,
  type PlanPromptInput,
  planMessages,
} from './plan.js';
export {
  SEMANTIC_SEARCH_PROMPT_VERSION,
  type SemanticSearchPromptInput,
  semanticSearchMessages,
  semanticSearchPromptStart,
} from './semantic-search.js';
