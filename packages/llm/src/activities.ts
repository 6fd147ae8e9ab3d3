import {
  ok,
  type Result,
  renderFullScene,
  renderView,
  type SceneGraph,
  type View,
  visibleNodes,
} from '@groundplan/scene-graph';
import { actionNames, type PlanStep } from '@groundplan/simulator';
import { ApplicationFailure } from '@temporalio/common';
import type { ZodType } from 'zod';
import { ANSWER_TOKENS } from './contracts/bounds.js';
import { planAnswerSchema } from './contracts/plan-answer.js';
import { type SearchCommand, semanticSearchAnswerSchema } from './contracts/semantic-search-answer.js';
import { keepAlive } from './keep-alive.js';
import { type PlanFeedback, type PlannerMode, planMessages } from './prompts/plan.js';
import { semanticSearchMessages, semanticSearchPromptStart } from './prompts/semantic-search.js';
import type { CallReport, ChatMessage, LlmFailure, LlmProvider, WarmUpReport } from './provider.js';
import { askStructured, type StructuredFailure } from './structured-call.js';

/** The ApplicationFailure types LLM activities throw; only LlmUnavailable is worth retrying. */
export const LLM_FAILURE_TYPES = {
  unavailable: 'LlmUnavailable',
  'bad-config': 'LlmBadConfig',
  'invalid-output': 'LlmInvalidOutput',
} as const satisfies Record<LlmFailure['kind'], string>;

export type LlmActivitiesConfig = {
  provider: LlmProvider;
  /** Loads a scene by its reference, e.g. from the scene store; results are cached per worker. */
  loadScene: (sceneRef: string) => Promise<SceneGraph>;
  /** Times an invalid answer is sent back to the model before failing; default 2. */
  maxInvalidRetries?: number;
  /** Actions a plan may use; default: the simulator's action table. */
  actionNames?: readonly string[];
};

export type SemanticSearchStepInput = {
  sceneRef: string;
  instruction: string;
  view: View;
  /** Why the previous command could not be applied, shown to the model. */
  lastError?: string;
};

export type SemanticSearchStepResult = {
  command: SearchCommand;
  node: string;
  reasoning: string;
  chainOfThought: string;
  usage: CallReport;
};

export type GeneratePlanInput = {
  sceneRef: string;
  instruction: string;
  /** The explored subgraph the plan must stay within. */
  view: View;
  /** Earlier plans and the simulator's feedback on each, oldest first. */
  feedback: PlanFeedback[];
};

/** SayPlan's baselines plan from the whole scene graph, in one shot. */
export type BaselinePlanInput = { sceneRef: string; instruction: string };

export type PlanResult = { plan: PlanStep[]; chainOfThought: string; usage: CallReport };

/**
 * The LLM activities (task queue groundplan-llm): load the scene by reference, render what the
 * model should see, ask the provider for a contract-checked answer and return a small result.
 */
export function createLlmActivities(config: LlmActivitiesConfig) {
  const scenes = new Map<string, Promise<SceneGraph>>();
  const actions = config.actionNames ?? actionNames();

  function scene(sceneRef: string): Promise<SceneGraph> {
    let loading = scenes.get(sceneRef);
    if (!loading) {
      loading = config.loadScene(sceneRef);
      // A failed load is not cached, so a retry of the activity loads again.
      loading.catch(() => scenes.delete(sceneRef));
      scenes.set(sceneRef, loading);
    }
    return loading;
  }

  async function ask<T>(
    messages: ChatMessage[],
    contract: ZodType<T>,
    schemaName: string,
    maxTokens: number,
  ) {
    const answer = await keepAlive(
      askStructured(config.provider, {
        messages,
        contract,
        schemaName,
        maxInvalidRetries: config.maxInvalidRetries ?? 2,
        maxTokens,
      }),
    );
    if (!answer.ok) throw toApplicationFailure(answer.error);
    return answer.value;
  }

  async function plan(
    mode: PlannerMode,
    nodeIds: string[],
    rendered: string,
    input: { instruction: string; feedback?: PlanFeedback[] },
  ): Promise<PlanResult> {
    const answer = await ask(
      planMessages(mode, {
        instruction: input.instruction,
        renderedGraph: rendered,
        feedback: input.feedback ?? [],
      }),
      planAnswerSchema(actions, nodeIds),
      'plan',
      ANSWER_TOKENS.plan,
    );
    return { plan: answer.value.plan, chainOfThought: answer.value.chain_of_thought, usage: answer.report };
  }

  return {
    /** One step of semantic search: which node to expand or contract next, or which node answers. */
    async semanticSearchStep(input: SemanticSearchStepInput): Promise<SemanticSearchStepResult> {
      const graph = await scene(input.sceneRef);
      const answer = await ask(
        semanticSearchMessages({
          instruction: input.instruction,
          renderedView: renderView(graph, input.view),
          memory: input.view.memory,
          ...(input.lastError ? { lastError: input.lastError } : {}),
        }),
        semanticSearchAnswerSchema(visibleNodes(graph, input.view)),
        'semantic_search_step',
        ANSWER_TOKENS.semanticSearch,
      );
      const { command, node, reasoning, chain_of_thought } = answer.value;
      return { command, node, reasoning, chainOfThought: chain_of_thought, usage: answer.report };
    },

    /** A high-level plan from the explored subgraph, corrected by the simulator's feedback (SayPlan). */
    async generatePlan(input: GeneratePlanInput): Promise<PlanResult> {
      const graph = await scene(input.sceneRef);
      return plan('iterative', visibleNodes(graph, input.view), renderView(graph, input.view), input);
    },

    /** Baseline LLM-As-Planner: the full plan, navigation poses included, from the whole scene; no replanning. */
    async planWithoutPathPlanner(input: BaselinePlanInput): Promise<PlanResult> {
      const graph = await scene(input.sceneRef);
      return plan('without-path-planner', graph.nodes(), renderFullScene(graph), input);
    },

    /** Baseline LLM+P: a plan whose navigation a path planner fills in, from the whole scene; no replanning. */
    async planWithPathPlannerOnly(input: BaselinePlanInput): Promise<PlanResult> {
      const graph = await scene(input.sceneRef);
      return plan('path-planner-only', graph.nodes(), renderFullScene(graph), input);
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
): Promise<Result<WarmUpReport | undefined, LlmFailure>> {
  return provider.warmUp ? provider.warmUp(semanticSearchPromptStart()) : ok(undefined);
}

/** The Temporal failure for an LLM failure: typed, retryable only when the endpoint may recover. */
export function toApplicationFailure(failure: LlmFailure | StructuredFailure): ApplicationFailure {
  const calls = 'calls' in failure ? failure.calls : failure.report ? [failure.report] : [];
  return ApplicationFailure.create({
    message: failure.message,
    type: LLM_FAILURE_TYPES[failure.kind],
    nonRetryable: failure.kind !== 'unavailable',
    // The tokens already spent, so a run's accounting includes failed calls too.
    details: [{ calls }],
  });
}
