import {
  activitySignal,
  appliedStep,
  explorationPrior,
  groundedActivities,
  invalidStep,
  keepAlive,
  type NextActionOracle,
  type Reader,
  type Reading,
  readInstruction,
  type SemanticSearchStepResult,
  searchChoices,
} from '@groundplan/grounding';
import type { SceneIndexCache } from '@groundplan/retrieval';
import {
  ok,
  type PlanStep,
  type Result,
  renderFullScene,
  renderView,
  requireScene,
  type SceneGraph,
  type SceneRef,
  type SceneStore,
  searchTree,
  type View,
  visibleNodes,
} from '@groundplan/scene-graph';
import { ACTION_SPECS, type ActionSpec } from '@groundplan/simulator';
import { ApplicationFailure } from '@temporalio/common';
import type { ZodType } from 'zod';
import { ANSWER_TOKENS } from './contracts/bounds.js';
import { type PlanAnswer, planAnswerSchema, typedActions } from './contracts/plan-answer.js';
import { type SemanticSearchAnswer, semanticSearchAnswerSchema } from './contracts/semantic-search-answer.js';
import { exploreActivities } from './explore/choose-room.js';
import { type PlanFeedback, type PlannerMode, planMessages } from './prompts/plan.js';
import {
  firstPromptOverBudget,
  semanticSearchMessages,
  semanticSearchPromptStart,
} from './prompts/semantic-search.js';
import type { CallReport, ChatMessage, LlmFailure, LlmProvider, WarmUpReport } from './provider.js';
import { readWithModel } from './reading/model-reading.js';
import { sayPlanReply } from './scored-search.js';
import { callsOfEarlierAttempts, notingCalls, type SpentCalls } from './spent-calls.js';
import { askStructured, type StructuredAnswer, type StructuredFailure, totalOf } from './structured-call.js';

/** The ApplicationFailure types LLM activities throw; only LlmUnavailable is worth retrying. */
export const LLM_FAILURE_TYPES = {
  unavailable: 'LlmUnavailable',
  'bad-config': 'LlmBadConfig',
  'invalid-output': 'LlmInvalidOutput',
} as const satisfies Record<LlmFailure['kind'], string>;

export type LlmActivitiesConfig = {
  provider: LlmProvider;
  /** Where scenes are loaded from by reference (cached per worker by the store). */
  scenes: SceneStore;
  /** Node embeddings per scene, for the grounded planners' retrieval prior; without it they fail in one line. */
  retrieval?: SceneIndexCache;
  /** Times an invalid answer is sent back to the model before failing; default 2. */
  maxInvalidRetries?: number;
  /** Actions a plan may use; default: the simulator's action table. */
  actions?: readonly ActionSpec[];
  /** Ask the model for a bounded chain of thought before each answer; default true. */
  chainOfThought?: boolean;
  /** The evaluation's oracle for LookPlanGraph's next action (reads the true world); never set in production. */
  actionOracle?: NextActionOracle;
};

/** An instruction to read, by the rules or by the model (whose things are grounded in the scene). */
export type ReadInstructionInput = { instruction: string; reader?: Reader; sceneRef?: SceneRef };

export type SemanticSearchStepInput = {
  sceneRef: SceneRef;
  instruction: string;
  view: View;
  /** Why the previous command could not be applied, shown to the model. */
  lastError?: string;
  /** `scores`: the model scores the best legal moves' replies (sayplan-scored); default, it generates its answer. */
  chooser?: 'model' | 'scores';
};

export type GeneratePlanInput = {
  sceneRef: SceneRef;
  instruction: string;
  /** The explored subgraph the plan must stay within. */
  view: View;
  /** Earlier plans and the simulator's feedback on each, oldest first. */
  feedback: PlanFeedback[];
};

/** SayPlan's baselines plan from the whole scene graph, in one shot. */
export type BaselinePlanInput = { sceneRef: SceneRef; instruction: string };

/** A contract-checked plan, or why the model gave none (it kept answering outside the contract). */
export type PlanResult =
  | { ok: true; plan: PlanStep[]; chainOfThought: string; usage: CallReport; calls: number }
  | { ok: false; error: string; usage: CallReport; calls: number };

/**
 * The LLM activities (task queue groundplan-llm): load the scene by reference, render what the
 * model should see, ask the provider for a contract-checked answer and return a small result.
 */
export function createLlmActivities(config: LlmActivitiesConfig) {
  const actions = config.actions ?? ACTION_SPECS;
  const answerOptions = { chainOfThought: config.chainOfThought ?? true };
  const scene = (sceneRef: SceneRef) => requireScene(config.scenes, sceneRef);

  /** A contract-checked answer; an answer that stays outside the contract is a value, anything else throws. */
  async function ask<T>(
    messages: ChatMessage[],
    contract: ZodType<T>,
    schemaName: string,
    maxTokens: number,
  ): Promise<
    { ok: true; value: StructuredAnswer<T> } | { ok: false; error: string; usage: CallReport; calls: number }
  > {
    const signal = activitySignal();
    // Calls a killed or failed earlier attempt made count too: a run pays for every call sent.
    // They come from the attempt's heartbeat, so an activity asks once.
    const spent: SpentCalls = { calls: callsOfEarlierAttempts() };
    const earlier = spent.calls.slice();
    const answer = await keepAlive(
      askStructured(notingCalls(config.provider, spent), {
        messages,
        contract,
        schemaName,
        maxInvalidRetries: config.maxInvalidRetries ?? 2,
        maxTokens,
        // A cancelled or timed-out call stops the model, so it does not eat the next task's time.
        ...(signal ? { signal } : {}),
      }),
      () => spent,
    );
    if (answer.ok) {
      const calls = [...earlier, ...answer.value.calls];
      return { ok: true, value: { ...answer.value, calls, report: totalOf(calls) } };
    }
    const calls = [...earlier, ...answer.error.calls];
    if (answer.error.kind === 'invalid-output')
      return { ok: false as const, error: answer.error.message, usage: totalOf(calls), calls: calls.length };
    throw toApplicationFailure({ ...answer.error, calls });
  }

  /** The model's log-probability of each candidate reply (SayCan's scoring); only a local model has them. */
  async function score(
    messages: ChatMessage[],
    candidates: readonly string[],
  ): Promise<{
    ok: true;
    value: { logProbs: number[]; tokens: number[]; report: CallReport; calls: number };
  }> {
    const provider = config.provider;
    if (!provider.score)
      throw ApplicationFailure.create({
        message: `the ${provider.name} provider gives no log-probabilities to score options with; scoring (the -scored planners, saynav's room scores) needs the local model`,
        type: LLM_FAILURE_TYPES['bad-config'],
        nonRetryable: true,
      });
    const signal = activitySignal();
    // As ask: heartbeats while the model scores (tens of seconds on a busy machine), carrying the
    // calls earlier attempts made, so a retried step pays for every call sent.
    const spent: SpentCalls = { calls: callsOfEarlierAttempts() };
    const scored = await keepAlive(
      notingCalls(provider, spent).score!({ messages, candidates, ...(signal ? { signal } : {}) }),
      () => spent,
    );
    if (!scored.ok) throw toApplicationFailure({ ...scored.error, calls: spent.calls });
    const calls = spent.calls;
    return {
      ok: true,
      value: {
        logProbs: scored.value.logProbs,
        tokens: scored.value.tokens,
        report: totalOf(calls),
        calls: calls.length,
      },
    };
  }

  /**
   * SayPlan's search prompt for one turn. The first turn's must fit the model's context: SayPlan
   * searches within the prompt it can send, so a building too large for it fails in one line.
   */
  function searchMessages(
    graph: SceneGraph,
    input: { instruction: string; view: View; lastError?: string },
    options: { chainOfThought: boolean },
  ): ChatMessage[] {
    const renderedView = renderView(graph, input.view);
    const turn = {
      instruction: input.instruction,
      renderedView,
      memory: input.view.memory,
      ...(input.lastError ? { lastError: input.lastError } : {}),
      ...(searchTree(graph).flat ? {} : { nested: true }),
    };
    const messages = semanticSearchMessages(turn, options);
    const overBudget =
      input.view.expanded.length === 0 ? firstPromptOverBudget(messages, renderedView) : undefined;
    if (overBudget)
      throw ApplicationFailure.create({
        type: 'SearchPromptOverBudget',
        message: overBudget,
        nonRetryable: true,
      });
    return messages;
  }

  async function plan(
    mode: PlannerMode,
    graph: SceneGraph,
    nodeIds: string[],
    rendered: string,
    input: { instruction: string; feedback?: PlanFeedback[] },
  ): Promise<PlanResult> {
    const answer = await ask(
      planMessages(
        mode,
        {
          instruction: input.instruction,
          renderedGraph: rendered,
          feedback: input.feedback ?? [],
        },
        answerOptions,
      ),
      planAnswerSchema(typedActions(graph, nodeIds, actions), answerOptions) as ZodType<PlanAnswer>,
      'plan',
      ANSWER_TOKENS.plan,
    );
    if (!answer.ok) return { ok: false, error: answer.error, usage: answer.usage, calls: answer.calls };
    const { value, report, calls } = answer.value;
    return {
      ok: true,
      plan: value.plan,
      chainOfThought: value.chain_of_thought ?? '',
      usage: report,
      calls: calls.length,
    };
  }

  const grounded = groundedActivities({
    scenes: config.scenes,
    ask,
    score,
    ...(config.retrieval ? { retrieval: config.retrieval } : {}),
    ...(config.actionOracle ? { actionOracle: config.actionOracle } : {}),
    actions,
    // Scored, the replies are the commands themselves: no chain of thought comes before them.
    sayPlanSearch: {
      messages: (graph, input) => searchMessages(graph, input, { chainOfThought: false }),
      reply: sayPlanReply,
    },
  });

  return {
    ...exploreActivities({ ask, score }),
    ...explorationPrior({
      scenes: config.scenes,
      ...(config.retrieval ? { retrieval: config.retrieval } : {}),
    }),
    ...grounded,

    /**
     * What the instruction asks: a question to answer (the robot changes nothing) or a request to
     * carry out, read once per run. The small general rules read it unless the run asks for the
     * model's reading, which also names the things, the things not to touch and the changes asked
     * for, each thing grounded to the scene's nearest nodes.
     */
    async readInstruction(input: ReadInstructionInput): Promise<Reading> {
      if (input.reader !== 'model') return readInstruction(input.instruction);
      const index =
        input.sceneRef && config.retrieval
          ? await config.retrieval.indexFor(input.sceneRef, await requireScene(config.scenes, input.sceneRef))
          : undefined;
      const read = await readWithModel(ask, input.instruction, index);
      if (!read.ok)
        throw ApplicationFailure.create({
          message: read.error,
          type: LLM_FAILURE_TYPES['invalid-output'],
          nonRetryable: true,
        });
      return read.reading;
    },

    /**
     * One step of semantic search: the model names the node to expand or contract next, or the
     * node that answers; the command is applied here and the next view comes back with its size.
     */
    async semanticSearchStep(input: SemanticSearchStepInput): Promise<SemanticSearchStepResult> {
      if (input.chooser === 'scores')
        // sayplan-scored: the best legal moves by the retrieval prior, each one's reply scored
        // after SayPlan's prompt (grounding's search step with SayPlan's prompt). Every move it
        // offers is legal, so no earlier error is shown.
        return grounded.groundedSearchStep({
          sceneRef: input.sceneRef,
          instruction: input.instruction,
          view: input.view,
          chooser: 'scores',
          scoredAfter: 'sayplan',
        });
      const graph = await scene(input.sceneRef);
      const messages = searchMessages(graph, input, answerOptions);
      const answer = await ask(
        messages,
        semanticSearchAnswerSchema(
          searchChoices(graph, input.view, input.instruction),
          answerOptions,
        ) as ZodType<SemanticSearchAnswer>,
        'semantic_search_step',
        ANSWER_TOKENS.semanticSearch,
      );
      if (!answer.ok) return invalidStep(answer);
      const { command, node, reasoning, chain_of_thought } = answer.value.value;
      const step = {
        command,
        node,
        reasoning,
        chainOfThought: chain_of_thought ?? '',
        usage: answer.value.report,
        calls: answer.value.calls.length,
      };
      return appliedStep(graph, input.view, step);
    },

    /** A high-level plan from the explored subgraph, corrected by the simulator's feedback (SayPlan). */
    async generatePlan(input: GeneratePlanInput): Promise<PlanResult> {
      const graph = await scene(input.sceneRef);
      return plan('iterative', graph, visibleNodes(graph, input.view), renderView(graph, input.view), input);
    },

    /** Baseline LLM-As-Planner: the full plan, navigation poses included, from the whole scene; no replanning. */
    async planWithoutPathPlanner(input: BaselinePlanInput): Promise<PlanResult> {
      const graph = await scene(input.sceneRef);
      return plan('without-path-planner', graph, graph.nodes(), renderFullScene(graph), input);
    },

    /** Baseline LLM+P: a plan whose navigation a path planner fills in, from the whole scene; no replanning. */
    async planWithPathPlannerOnly(input: BaselinePlanInput): Promise<PlanResult> {
      const graph = await scene(input.sceneRef);
      return plan('path-planner-only', graph, graph.nodes(), renderFullScene(graph), input);
    },
  };
}

export type LlmActivities = ReturnType<typeof createLlmActivities>;

/**
 * Readies a provider for semantic-search steps before the first one arrives: the local model
 * loads and evaluates the instructions and worked examples every step starts with. `undefined`
 * when the provider has nothing to prepare.
 */
export async function warmUpSemanticSearch(
  provider: LlmProvider,
  options: { chainOfThought?: boolean } = {},
): Promise<Result<WarmUpReport | undefined, LlmFailure>> {
  return provider.warmUp ? provider.warmUp(semanticSearchPromptStart(options)) : ok(undefined);
}

/** The Temporal failure for an LLM failure: typed, retryable only when the endpoint may recover. */
export function toApplicationFailure(failure: LlmFailure | StructuredFailure): ApplicationFailure {
  const calls = callsOf(failure);
  return ApplicationFailure.create({
    message: failure.message,
    type: LLM_FAILURE_TYPES[failure.kind],
    nonRetryable: failure.kind !== 'unavailable',
    // The HTTP client no longer waits out a 429's retry-after: the activity's next try does.
    ...(failure.kind === 'unavailable' && failure.retryAfterMs
      ? { nextRetryDelay: failure.retryAfterMs }
      : {}),
    // The tokens already spent, so a run's accounting includes failed calls too.
    details: [{ calls }],
  });
}

function callsOf(failure: LlmFailure | StructuredFailure): CallReport[] {
  return 'calls' in failure ? failure.calls : failure.report ? [failure.report] : [];
}
