// The task sets of single instructions (sayplan, held-out, blind, blind2 to blind17): planTask, scored on its plan.
import { appendFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import type { PlanScope } from '@groundplan/grounding';
import { createProvider, type LlmProvider, type ProviderConfig, recordingProvider } from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { collapse, countTokens, fileSceneStore, renderView } from '@groundplan/scene-graph';
import { runOutcome, startPlanTask } from '@groundplan/workflows/client';
import {
  DEFAULT_PLAN_SCOPE,
  type PlannerVariant,
  type PlanTaskResult,
  type Progress,
  progressQuery,
  type Reader,
  type SearchTraceEntry,
  traitsOf,
} from '@groundplan/workflows/contract';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { CODE_COMMIT } from '../code-commit.js';
import { conductOf, scoreAnswer } from '../conduct.js';
import type { GoalVariant } from '../goal-variants.js';
import { DEFAULT_ORACLE_FILE, oracleProvider, readOracle } from '../oracle.js';
import { scorePlanning } from '../planning-score.js';
import { type ProgressReporter, progressReporter } from '../progress.js';
import type { TaskRecord } from '../record.js';
import { causeChain, readJsonLines, runTaskSet, withDeadline } from '../runner.js';
import { loadEvalScenes } from '../scenes.js';
import { classifyErrors, type PlanningScore, type SearchScore, scoreSearch } from '../score.js';
import { type EvalTask, isSearchTask } from '../tasks.js';

/** A provider for the evaluation: any of the LLM package's, or the oracle (a harness check). */
export type EvalProviderConfig =
  | ProviderConfig
  | { provider: 'oracle'; oraclePath?: string; recordTo?: string };

export type RunOptions = {
  tasks: readonly EvalTask[];
  provider: EvalProviderConfig;
  planner: PlannerVariant;
  /** Tasks in flight at once (default 4). */
  concurrency?: number;
  /** JSONL file; tasks already in it are skipped, new ones appended. */
  resultsFile: string;
  maxSearchSteps?: number;
  maxReplans?: number;
  /** LLM calls at once on this process's LLM worker; default 1 for a local model, else concurrency. */
  llmConcurrency?: number;
  /** Per-task budget: a workflow still running after it is terminated and recorded as an error. */
  taskTimeoutMs?: number;
  /** Whether the sayplan prompts ask for a bounded chain of thought (default: the LLM activities', on). */
  chainOfThought?: boolean;
  /** Who reads the instruction (PlanOptions.reader); default the rules. */
  reader?: Reader;
  /** What the grounded planners' classical planner searches over (PlanOptions.planScope); default DEFAULT_PLAN_SCOPE. */
  planScope?: PlanScope;
  /** 'auto': a bar on a TTY, plain lines otherwise. */
  progress?: 'auto' | 'bar' | 'lines' | 'none';
};

export type RunOutcome = {
  /** Every record in the results file for the tasks asked for, old and new. */
  records: TaskRecord[];
  ran: number;
  skipped: number;
  /** Search tasks a baseline does not run: the baselines plan from the full graph, no search. */
  notApplicable: string[];
  provider: { name: string; model: string };
};

/**
 * SayPlan's 90, the held-out and the blind sets: each task through the real planTask workflow on
 * in-process planner, LLM and simulation workers (the one runner), N tasks at a time, appending
 * one scored JSONL record per task; tasks already in the results file are skipped.
 */
export async function runEvaluation(options: RunOptions): Promise<RunOutcome> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  // Who reads when not the rules alone: said in each record and in each run's options.
  const reader = options.reader && options.reader !== 'rules' ? { reader: options.reader } : {};
  // A planner that does not search (the baselines) plans from the whole graph: search tasks are not its.
  const searches = traitsOf(options.planner).search !== 'none';
  const applicable = options.tasks.filter((t) => searches || !isSearchTask(t));
  const notApplicable = options.tasks.filter((t) => !applicable.includes(t)).map((t) => t.id);
  const done = await readRecords(options.resultsFile);
  const doneIds = new Set(done.map((r) => r.id));
  const todo = applicable.filter((t) => !doneIds.has(t.id));

  const store = fileSceneStore(`${tmpdir()}/groundplan-eval-scenes`);
  const scenes = await loadEvalScenes(store);
  const provider = await buildProvider(options.provider, options.tasks);
  // The grounded search, and a scored SayPlan search, rank their moves by the retrieval prior.
  const traits = traitsOf(options.planner);
  const retrieval =
    traits.search === 'grounded' || traits.chooser === 'scores'
      ? await openRetrieval({ cacheDir: `${tmpdir()}/groundplan-eval-retrieval` })
      : undefined;
  if (retrieval && !retrieval.ok) throw new Error(retrieval.error);
  const records: TaskRecord[] = [];

  if (todo.length > 0) {
    await mkdir(dirname(options.resultsFile), { recursive: true });
    const llmConcurrency =
      options.llmConcurrency ?? (options.provider.provider === 'local' ? 1 : concurrency);
    const bar = progressReporter(todo.length, options.progress ?? 'auto');
    try {
      await runTaskSet(
        {
          workers: {
            roles: ['planner', 'llm', 'sim'],
            scenes: store,
            provider,
            ...(retrieval?.ok ? { retrieval: retrieval.value } : {}),
            ...(options.chainOfThought !== undefined ? { chainOfThought: options.chainOfThought } : {}),
            concurrency: { llm: llmConcurrency },
            // A model call cut off by a task timeout may not stop at once; do not wait for it forever.
            shutdownForceTime: '30 seconds',
          },
          concurrency,
          run: (task, client) => runTask(task, bar, client),
        },
        todo,
        async (task, record) => {
          records.push(record);
          await appendFile(options.resultsFile, `${JSON.stringify(record)}\n`);
          bar.finished(task.id, record);
        },
      );
    } finally {
      bar.close();
    }
    if ('saved' in provider && typeof provider.saved === 'function') await provider.saved();
  }

  const asked = new Set(applicable.map((t) => t.id));
  return {
    records: [...done, ...records].filter((r) => asked.has(r.id)),
    ran: records.length,
    skipped: applicable.length - todo.length,
    notApplicable,
    provider: { name: provider.name, model: provider.model },
  };

  async function runTask(task: EvalTask, bar: ProgressReporter, client: Client): Promise<TaskRecord> {
    const { graph, ref } = scenes.sceneFor(task);
    const collapsedTokens = countTokens(renderView(graph, collapse(graph)));
    const search = isSearchTask(task);
    const started = Date.now();
    bar.started(task.id);
    const base = {
      commit: CODE_COMMIT,
      id: task.id,
      environment: task.environment,
      family: task.family,
      instruction: task.instruction,
      planner: options.planner,
      ...reader,
      planScope: options.planScope ?? DEFAULT_PLAN_SCOPE,
      provider: provider.name,
      model: provider.model,
    };
    let workflowId = '';
    let result: PlanTaskResult;
    // Where the run had got to when it timed out or failed, so the record says how far it went.
    let reached: Progress | undefined;
    let progress: () => Promise<Progress | undefined> = async () => undefined;
    try {
      const handle = await startPlanTask(client, task.environment, {
        sceneRef: ref,
        instruction: task.instruction,
        options: {
          planner: options.planner,
          // A run that would ask which thing was meant fails with its question instead of waiting.
          ask: false,
          ...reader,
          ...(options.planScope ? { planScope: options.planScope } : {}),
          // Search tasks are scored on the search alone, so their plan gets no replans.
          ...(search
            ? { maxReplans: 0 }
            : options.maxReplans !== undefined
              ? { maxReplans: options.maxReplans }
              : {}),
          ...(options.maxSearchSteps !== undefined ? { maxSearchSteps: options.maxSearchSteps } : {}),
        },
      });
      workflowId = handle.workflowId;
      progress = () => within(PROGRESS_QUERY_MS, handle.query(progressQuery)).catch(() => undefined);
      result = await withDeadline(runOutcome(handle), options.taskTimeoutMs, async () => {
        // Asked before the run is terminated: a terminated run's history cannot answer it.
        reached = await progress();
        void handle.terminate('evaluation task timeout').catch(() => undefined);
        return `timed out after ${Math.round((options.taskTimeoutMs ?? 0) / 1000)} s (the task budget)${
          reached ? `, ${reached.stage}` : ''
        }`;
      });
    } catch (cause) {
      const latencyMs = Date.now() - started;
      const message = cause instanceof WorkflowFailedError ? causeChain(cause) : (cause as Error).message;
      // A failed run is asked after the fact: its history replays on this process's planner worker.
      reached ??= await progress();
      const trace = reached?.searchTrace ?? [];
      return {
        ...base,
        status: 'error',
        error: message,
        ...(search
          ? { search: { success: false, endedWithDone: false, named: [], answersInView: [] } }
          : { planning: { executable: false, correct: false, failedGoals: [] } }),
        errorTypes: [],
        replans: Math.max(0, (reached?.attempts ?? 0) - 1),
        searchSteps: trace.length,
        viewTokens: [collapsedTokens, ...trace.map((entry) => entry.viewTokens)],
        usage: reached?.usage ?? { promptTokens: 0, completionTokens: 0, calls: 0 },
        latencyMs,
        plan: [],
        searchCommands: trace.map(searchCommand),
        workflowId,
        finishedAt: new Date().toISOString(),
      };
    }
    const latencyMs = Date.now() - started;
    let searchScore: SearchScore | undefined;
    let planning: PlanningScore | undefined;
    const { criteria } = task;
    const executable = result.status === 'verified';
    let variant: GoalVariant | undefined;
    if (criteria.kind === 'search') searchScore = scoreSearch(graph, criteria, task.required, result);
    else if (criteria.kind === 'answer') searchScore = scoreAnswer(graph, criteria, result);
    else if (criteria.kind === 'planning')
      ({ score: planning, variant } = scorePlanning(graph, task, result));
    // A request the building cannot meet is right when the run does not claim to have met it; an
    // ambiguous one when it asks which, offering at least two of the things it may mean.
    else if (criteria.kind === 'cannot') planning = { executable, correct: !executable, failedGoals: [] };
    else {
      const offered = result.question?.options ?? [];
      const correct = !executable && criteria.options.filter((id) => offered.includes(id)).length >= 2;
      planning = { executable, correct, failedGoals: [] };
    }
    const scores = { ...(searchScore ? { search: searchScore } : {}), ...(planning ? { planning } : {}) };
    return {
      ...base,
      status: result.status,
      ...(result.reason ? { error: result.reason } : {}),
      ...scores,
      conduct: conductOf(graph, task, result, variant),
      errorTypes: classifyErrors(graph, task, result, scores),
      replans: Math.max(0, result.attempts.length - 1),
      searchSteps: result.searchTrace.length,
      viewTokens: [collapsedTokens, ...result.searchTrace.map((entry) => entry.viewTokens)],
      usage: result.usage,
      latencyMs,
      plan: result.plan,
      ...(result.attempts.at(-1)?.goals ? { goals: result.attempts.at(-1)?.goals } : {}),
      ...(result.sideEffects?.length ? { sideEffects: result.sideEffects } : {}),
      ...(result.reading?.by === 'model' && result.reading.details
        ? {
            modelRead: result.reading.details.grounding.map(({ phrase, nodes }) => ({
              phrase,
              nodes: nodes.map((node) => node.id),
            })),
          }
        : {}),
      searchCommands: result.searchTrace.map(searchCommand),
      workflowId,
      finishedAt: new Date().toISOString(),
    };
  }
}

async function buildProvider(config: EvalProviderConfig, tasks: readonly EvalTask[]): Promise<LlmProvider> {
  if (config.provider !== 'oracle') return createProvider(config);
  const oracle = await readOracle(config.oraclePath ?? DEFAULT_ORACLE_FILE);
  if (!oracle.ok) throw new Error(oracle.error);
  const provider = oracleProvider(oracle.value, tasks);
  return config.recordTo ? recordingProvider(provider, config.recordTo) : provider;
}

/** The records already in a results file; a missing file has none. */
export function readRecords(path: string): Promise<TaskRecord[]> {
  return readJsonLines<TaskRecord>(path);
}

/** How long a timed-out task's progress query may take before the task is terminated without it. */
const PROGRESS_QUERY_MS = 5000;

/** A search step as the records show it: `expand(kitchen)`, with ` !` when it was rejected. */
function searchCommand(entry: SearchTraceEntry): string {
  return `${entry.command}(${entry.node})${entry.error ? ' !' : ''}`;
}

/** The work's result, or a rejection once `ms` have passed. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
