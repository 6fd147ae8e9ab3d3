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
  toApplicationFailure,
  warmUpSemanticSearch,
} from './activities.js';
export { ANSWER_TOKENS, BOUNDS } from './contracts/bounds.js';
export { type JsonSchema, toModelJsonSchema } from './contracts/json-schema.js';
export {
  type PlanAnswer,
  planAnswerSchema,
  type TypedAction,
  typedActions,
} from './contracts/plan-answer.js';
export { type ReadingAnswer, readingAnswerSchema } from './contracts/reading-answer.js';
export {
  type AnswerOptions,
  type SemanticSearchAnswer,
  semanticSearchAnswerSchema,
} from './contracts/semantic-search-answer.js';
export {
  type ChooseRoomInput,
  type ChooseRoomResult,
  ROOM_CHOICE_PROMPT_VERSION,
  type RoomOption,
} from './explore/choose-room.js';
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
  ScoreRequest,
  Scores,
  TokenUsage,
  WarmUpReport,
} from './provider.js';
export { createProvider, type ProviderConfig, ProviderConfigSchema } from './provider-config.js';
export { classifyProviderError, isRequestRefusal } from './providers/endpoint-errors.js';
export { type LocalModelConfig, localModelInstalled, localModelProvider } from './providers/local-model.js';
export { threadpoolWarning } from './providers/local-model-fetch.js';
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
