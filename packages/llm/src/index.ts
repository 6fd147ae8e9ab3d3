export {
  type BaselinePlanInput,
  createLlmActivities,
  type GeneratePlanInput,
  LLM_FAILURE_TYPES,
  type LlmActivities,
  type LlmActivitiesConfig,
  type PlanResult,
  type ReadInstructionInput,
  type SemanticSearchStepInput,
  type SemanticSearchStepResult,
  toApplicationFailure,
  warmUpSemanticSearch,
} from './activities.js';
export { ANSWER_TOKENS, BOUNDS } from './contracts/bounds.js';
export { asksForRoom, mayAnswerWithRoom, searchChoices, typedActions } from './contracts/choices.js';
export { type JsonSchema, toModelJsonSchema } from './contracts/json-schema.js';
export { type PlanAnswer, planAnswerSchema, type TypedAction } from './contracts/plan-answer.js';
export { type ReadingAnswer, readingAnswerSchema } from './contracts/reading-answer.js';
export {
  type AnswerOptions,
  SEARCH_COMMANDS,
  type SearchChoices,
  type SearchCommand,
  type SemanticSearchAnswer,
  semanticSearchAnswerSchema,
} from './contracts/semantic-search-answer.js';
export {
  type ChooseRoomInput,
  type ChooseRoomResult,
  ROOM_CHOICE_PROMPT_VERSION,
  type RoomOption,
  targetName,
} from './explore/choose-room.js';
export {
  type FullGraphRooms,
  type FullGraphRoomsInput,
  lookSteps,
  type NextRoomLook,
  type NextRoomLookInput,
  type OracleRoomLookInput,
  type RankedRooms,
  type RankRoomsInput,
} from './explore/exploration-prior.js';
export {
  type ChooseGoalsInput,
  type ChooseGoalsResult,
  type Chooser,
  GROUNDED_LIMITS,
  type GroundedSearchInput,
  MISSING_BELOW,
  type NextActionResult,
} from './grounded/activities.js';
export { CHOICE_PROMPT_VERSION } from './grounded/choice-prompt.js';
export {
  DONE_LABEL,
  NEXT_ACTION_OPTIONS,
  type NextActionInput,
  type NextActionOracle,
  nextActionMessages,
  stepGloss,
} from './grounded/next-action.js';
export { absentReadThings, excludedNodes } from './grounded/read-things.js';
export {
  type GroundedPhrase,
  type QuestionForm,
  type Reader,
  type Reading,
  type ReadingCost,
  type ReadingDetails,
  readInstruction,
} from './grounded/reading.js';
export {
  type CatalogueModel,
  catalogueModel,
  defaultLocalModelPath,
  localModelsDir,
  missingLocalModel,
  modelCatalogue,
  resolveLocalModel,
} from './model-catalogue.js';
export * from './prompts/index.js';
export type { PlannerMode } from './prompts/plan.js';
export type {
  CallReport,
  ChatMessage,
  Completion,
  CompletionRequest,
  LlmFailure,
  LlmProvider,
  TokenUsage,
  WarmUpReport,
} from './provider.js';
export { createProvider, type ProviderConfig, ProviderConfigSchema } from './provider-config.js';
export { classifyProviderError, isRequestRefusal } from './providers/endpoint-errors.js';
export { type LocalModelConfig, localModelInstalled, localModelProvider } from './providers/local-model.js';
export { type OpenAiCompatibleConfig, openAiCompatibleProvider } from './providers/openai-compatible.js';
export {
  type Cassette,
  CassetteSchema,
  type RecordingProvider,
  type ReplayConfig,
  readCassette,
  recordingProvider,
  replayProvider,
} from './providers/replay.js';
export { canonicalJson, requestHash } from './providers/request-hash.js';
export { type LlmScript, scriptedProvider } from './providers/scripted.js';
export { readWithModel } from './reading/model-reading.js';
export { READING_PROMPT_VERSION, readingMessages } from './reading/reading-prompt.js';
export {
  type Ask,
  askStructured,
  type StructuredAnswer,
  type StructuredCall,
  type StructuredFailure,
} from './structured-call.js';
export {
  STRUCTURED_OUTPUT_MODES,
  type StructuredOutputChoice,
  type StructuredOutputMode,
  type StructuredOutputSetting,
  StructuredOutputSettingSchema,
} from './structured-output.js';
export { countUsage, sumUsage, type UsageTotals } from './usage.js';
