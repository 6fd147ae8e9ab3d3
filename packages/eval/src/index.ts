export { type Conduct, conductOf, scoreAnswer, untouchedKept } from './conduct.js';
export {
  beliefOf,
  DEFAULT_DYNAMIC_TASK_FILE,
  type DynamicTask,
  DynamicTaskSchema,
  loadDynamicTasks,
  storeDynamicWorlds,
  storeTrueWorld,
  type TruthEdit,
  trueWorldOf,
  VARIANT_KINDS,
  type VariantKind,
} from './dynamic-tasks.js';
export { DEFAULT_ORACLE_FILE, type OracleFile, oracleProvider, readOracle } from './oracle.js';
export { type ProgressReporter, progressReporter } from './progress.js';
export type { TaskRecord } from './record.js';
export {
  comparisonMarkdown,
  describeRun,
  passed,
  type RunInfo,
  renderMarkdown,
  type Summary,
  summarize,
  writeReport,
} from './report.js';
export { causeChain, readJsonLines, runTaskSet, type TaskSetAdapter, withDeadline } from './runner.js';
export {
  BLIND_TASK_ID,
  DATASET_FILES,
  type EvalScenes,
  HOLDING_TASK,
  loadEvalScenes,
  startsHolding,
} from './scenes.js';
export {
  classifyErrors,
  ERROR_TYPES,
  type ErrorType,
  namedNodes,
  type PlanningScore,
  type SearchScore,
  scoreSearch,
} from './score.js';
export { type ExplorationRun, type ExplorationTask, explorationTaskSet } from './task-sets/exploration.js';
export {
  type EvalProviderConfig,
  type RunOptions,
  type RunOutcome,
  readRecords,
  runEvaluation,
} from './task-sets/planned.js';
export {
  type AnswerCriteria,
  type AskCriteria,
  CATEGORIES,
  type CannotCriteria,
  type Category,
  DEFAULT_TASK_FILES,
  type Environment,
  type EvalTask,
  FAMILIES,
  type Family,
  isSearchTask,
  loadTaskSet,
  type PlanningCriteria,
  type SearchCriteria,
  selectTasks,
  TASK_SETS,
  type TaskCriteria,
  type TaskSetName,
} from './tasks.js';
export { type TokenSeries, tokenChartSvg } from './token-chart.js';
