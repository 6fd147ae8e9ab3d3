// What the no-model planners and the ablations use: the rules' reading of an instruction, the
// legal choices of a search step, goal choice and the retrieval priors. A model only votes
// among options built here, through the Ask port that @groundplan/llm implements.
export {
  type ChooseGoalsInput,
  type ChooseGoalsResult,
  type Chooser,
  type GoalsBy,
  GROUNDED_LIMITS,
  type GroundedSearchInput,
  groundedActivities,
  MISSING_BELOW,
  type NextActionResult,
  PLAN_SCOPES,
  type PlanScope,
  type SayPlanSearchScoring,
  WRITING_LIMITS,
} from './activities.js';
export { type Ask, type CallReport, type ChatMessage, noCall, type Score } from './ask.js';
export { choiceReply, choiceSchema, goalsChoiceSchema, oneChoiceReply } from './choice-contract.js';
export { CHOICE_PROMPT_VERSION, choiceMessages } from './choice-prompt.js';
export {
  explorationPrior,
  type FullGraphRooms,
  type FullGraphRoomsInput,
  lookSteps,
  type NextRoomLook,
  type NextRoomLookInput,
  type OracleRoomLookInput,
  type RankedRooms,
  type RankRoomsInput,
} from './exploration-prior.js';
export { goalWritingSchema, MAX_WRITTEN_GOALS, writingCandidates } from './goal-writing-contract.js';
export { GOAL_WRITING_PROMPT_VERSION, goalWritingMessages } from './goal-writing-prompt.js';
export { activitySignal, keepAlive } from './keep-alive.js';
export { likeliestPerToken } from './likeliest.js';
export {
  DONE_LABEL,
  NEXT_ACTION_OPTIONS,
  type NextActionInput,
  type NextActionOracle,
  nextActionMessages,
  stepGloss,
} from './next-action.js';
export { oneOf } from './one-of.js';
export { type Option, type SearchOption, searchOptions } from './options.js';
export { absentReadThings, excludedNodes } from './read-things.js';
export {
  type GroundedPhrase,
  type QuestionForm,
  type Reader,
  type Reading,
  type ReadingCost,
  type ReadingDetails,
  readInstruction,
} from './reading.js';
export {
  asksForRoom,
  mayAnswerWithRoom,
  SEARCH_COMMANDS,
  type SearchChoices,
  type SearchCommand,
  searchChoices,
} from './search-choices.js';
export { appliedStep, invalidStep, type SemanticSearchStepResult, VIEW_TOKEN_LIMIT } from './search-step.js';
export { targetName } from './target-name.js';
