import {
  ApplicationFailure,
  condition,
  patched,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import {
  answerUpdate,
  DEFAULT_PLAN_SCOPE,
  FAILURE_TYPES,
  type PlanTaskInput,
  type PlanTaskResult,
  planningBudgets,
  planOnlyRefusal,
  type Question,
  refusesPlanOnly,
  STATUS_ATTRIBUTE,
  traitsOf,
  type View,
} from '../contract.js';
import { oneLine } from '../run-description.js';
import { chooseGoalsAndPlan } from './steps/choose-goals-and-plan.js';
import { llmStepFailure } from './steps/llm-step-failure.js';
import { failWithOutcome } from './steps/outcome.js';
import { planUntilVerified } from './steps/plan-until-verified.js';
import { enterStage, spend, trackProgress } from './steps/progress.js';
import { llmActivities, sim } from './steps/proxies.js';
import { type SearchStep, semanticSearch } from './steps/semantic-search.js';

/**
 * SayPlan as a durable workflow: semantic search over the collapsed scene graph, then plan ->
 * expand navigation -> verify, replanning on the simulator's feedback. The baselines of SayPlan's
 * evaluation skip the search (they plan from the whole graph) and never replan. No verified plan
 * fails the workflow (PlanFailed), with the full result in the failure's details.
 */
export async function planTask(input: PlanTaskInput): Promise<PlanTaskResult> {
  try {
    return await searchAndPlan(input);
  } catch (error) {
    throw llmStepFailure(error, input.options) ?? error;
  }
}

/**
 * The run's first reading of the instruction: by the rules, or by the model when the options ask
 * (its cost counts in the run's usage). Rules readings keep the activity input runs recorded before.
 * With `rules-then-model` the model reads it again only if the goal choice finds the rules'
 * reading names a thing the building lacks (chooseGoalsAndPlan).
 */
async function readTheInstruction(llm: ReturnType<typeof llmActivities>, input: PlanTaskInput) {
  if (input.options?.reader !== 'model')
    return llm.readInstruction.executeWithOptions({ summary: 'read the instruction' }, [
      { instruction: input.instruction },
    ]);
  return readByModel(llm, input, 'the model reads the instruction');
}

/** The model's reading of the instruction, its things grounded in the run's scene. */
function readByModel(llm: ReturnType<typeof llmActivities>, input: PlanTaskInput, summary: string) {
  const { instruction, sceneRef } = input;
  return llm.readInstruction.executeWithOptions({ summary }, [{ instruction, sceneRef, reader: 'model' }]);
}

async function searchAndPlan(input: PlanTaskInput): Promise<PlanTaskResult> {
  // Every variant with a trait gets the same budget for it (planningBudgets).
  const { planner, maxReplans, maxSearchSteps } = planningBudgets(input.options);
  const traits = traitsOf(planner);
  if (refusesPlanOnly(planner))
    throw ApplicationFailure.create({
      type: FAILURE_TYPES.invalidInput,
      message: planOnlyRefusal(planner),
      nonRetryable: true,
    });
  const { sceneRef, instruction } = input;
  const llm = llmActivities({
    heartbeatTimeoutSeconds: input.options?.llmHeartbeatTimeoutSeconds,
    maxAttempts: input.options?.llmMaxAttempts,
    deadlineSeconds: input.options?.llmStepDeadlineSeconds,
  });
  const progress = trackProgress('searching');

  // What the instruction asks, read once (runs recorded before the reading have none).
  const reading = patched('read-instruction') ? await readTheInstruction(llm, input) : undefined;
  if (reading?.cost) spend(progress.usage, reading.cost);
  const question = reading?.kind === 'question';
  if (question && traits.search === 'none')
    throw ApplicationFailure.create({
      type: FAILURE_TYPES.invalidInput,
      message: `"${instruction}" is a question, and the ${planner} planner does not search the building to answer it; ask with a planner that searches (grounded, sayplan)`,
      nonRetryable: true,
    });

  enterStage(progress, 'searching');
  const start = await sim.collapseScene.executeWithOptions({ summary: 'collapse the scene graph' }, [
    { sceneRef },
  ]);
  // A planner that does not search but replans (SayPlan Lite) plans from the whole graph, every
  // node in view; the one-shot baselines read the whole scene in their own activity.
  let explored: View =
    traits.search === 'none' && traits.replans
      ? (await sim.fullView.executeWithOptions({ summary: 'the whole scene graph' }, [{ sceneRef }])).view
      : start.view;
  let searchTrace: PlanTaskResult['searchTrace'] = [];
  const { chooser } = traits;
  if (traits.search !== 'none') {
    const step: SearchStep =
      traits.search === 'grounded'
        ? (view, _lastError, summary) =>
            llm.groundedSearchStep.executeWithOptions({ summary }, [{ sceneRef, instruction, view, chooser }])
        : (view, lastError, summary) =>
            llm.semanticSearchStep.executeWithOptions({ summary }, [
              {
                sceneRef,
                instruction,
                view,
                ...(lastError ? { lastError } : {}),
                ...(chooser === 'scores' ? { chooser } : {}),
              },
            ]);
    const searched = await semanticSearch(step, { sceneRef, instruction, start, maxSearchSteps }, progress);
    explored = searched.view;
    searchTrace = searched.trace;
  }

  if (question) return answered(input, { planner, explored, searchTrace, reading, progress, llm });

  const outcome =
    traits.plan === 'goals' || traits.plan === 'written-goals'
      ? await chooseGoalsAndPlan(
          llm,
          {
            sceneRef,
            instruction,
            chooser,
            ...(traits.plan === 'written-goals' ? { goalsBy: 'model' as const } : {}),
            view: explored,
            maxReplans,
            ...foundBy(searchTrace),
            ask: asker(input, progress),
            ...(reading?.by === 'model' ? { reading } : {}),
            ...(input.options?.reader === 'rules-then-model'
              ? { readAgain: () => readByModel(llm, input, 'the model reads the instruction again') }
              : {}),
            planScope: input.options?.planScope ?? DEFAULT_PLAN_SCOPE,
          },
          progress,
        )
      : await planUntilVerified(
          llm,
          { sceneRef, instruction, planner, view: explored, maxReplans, context: input.context ?? [] },
          progress,
        );
  enterStage(progress, 'done');
  const result: PlanTaskResult = {
    planner,
    instruction,
    explored,
    searchTrace,
    usage: progress.usage,
    ...(reading ? { reading } : {}),
    // The reading the goals were chosen by, when the model read the instruction again.
    ...outcome,
  };
  upsertSearchAttributes([
    { key: STATUS_ATTRIBUTE, value: outcome.status === 'verified' ? 'verified' : 'plan-failed' },
  ]);
  if (result.status === 'failed')
    failWithOutcome(
      result.notFound
        ? FAILURE_TYPES.notFound
        : result.question && result.question.answer === undefined
          ? FAILURE_TYPES.needsAnswer
          : FAILURE_TYPES.planFailed,
      result.reason ?? 'no verified plan',
      result,
    );
  return result;
}

/**
 * A question's result: the node its search ended on (with done) is the answer, with where it
 * rests and its state; no done is "none found" and the rooms searched. Nothing is planned.
 */
async function answered(
  input: PlanTaskInput,
  run: Pick<PlanTaskResult, 'planner' | 'explored' | 'searchTrace'> & {
    reading: NonNullable<PlanTaskResult['reading']>;
    progress: ReturnType<typeof trackProgress>;
    llm: ReturnType<typeof llmActivities>;
  },
): Promise<PlanTaskResult> {
  const searched = foundBy(run.searchTrace).found;
  // "How many chairs are in meeting room 2?": every one counted; "which of the bedrooms don't
  // have a nightstand?": each one without; not the one node the search ended on. Every question
  // asks, since the scene's answer decides whether it is one ("My parents are staying over - how
  // many beds have we got?" is read as a question of no form); runs recorded before asked only
  // for a how-many or which form, and runs before that took the search's node.
  const asksTheScene =
    run.reading.kind === 'question' &&
    (patched('scene-answer-every-question') ||
      ((run.reading.form === 'how-many' || run.reading.form === 'which') && patched('scene-answer')));
  const listed = asksTheScene
    ? await run.llm.sceneAnswer.executeWithOptions({ summary: 'read the answer from the scene' }, [
        { sceneRef: input.sceneRef, instruction: input.instruction },
      ])
    : [];
  const found = listed.length > 0 ? listed : searched ? [searched] : [];
  const answer = await sim.answerQuestion.executeWithOptions(
    { summary: oneLine(`answer ${found.length > 0 ? `with ${found.join(', ')}` : 'none found'}`) },
    [{ sceneRef: input.sceneRef, found, searched: run.explored.memory }],
  );
  run.progress.answer = answer.text;
  enterStage(run.progress, 'done');
  upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: 'answered' }]);
  return {
    status: 'answered',
    planner: run.planner,
    instruction: input.instruction,
    plan: [],
    expandedPlan: [],
    explored: run.explored,
    searchTrace: run.searchTrace,
    attempts: [],
    usage: run.progress.usage,
    reading: run.reading,
    answer,
  };
}

/** How long a run waits for the answer to its question unless its options say otherwise. */
const DEFAULT_ANSWER_TIMEOUT_SECONDS = 600;

/**
 * How the run asks its user which thing a phrase means: it shows the question in its progress
 * (stage awaiting-answer) and waits for answerUpdate, at most answerTimeoutSeconds; with ask false
 * (--no-ask) it does not wait, and the run fails with the question (NeedsAnswer).
 */
function asker(input: PlanTaskInput, progress: ReturnType<typeof trackProgress>) {
  let open: Question | undefined;
  let answer: string | undefined;
  setHandler(
    answerUpdate,
    ({ choice }) => {
      answer = choice;
      return { accepted: true as const };
    },
    {
      validator: ({ choice }) => {
        if (open === undefined) throw new Error('the run is not asking anything now');
        if (!open.options.includes(choice)) throw new Error(`choose one of ${open.options.join(', ')}`);
      },
    },
  );
  return async (question: Question): Promise<string | undefined> => {
    if (input.options?.ask === false) return undefined;
    const before = progress.stage;
    open = question;
    answer = undefined;
    progress.question = question;
    enterStage(progress, 'awaiting-answer');
    const seconds = input.options?.answerTimeoutSeconds ?? DEFAULT_ANSWER_TIMEOUT_SECONDS;
    const answered = await condition(() => answer !== undefined, `${seconds} seconds`, {
      summary: oneLine(`wait ${seconds} s for the answer: which ${question.phrase}?`),
    });
    open = undefined;
    delete progress.question;
    enterStage(progress, before);
    return answered ? answer : undefined;
  };
}

/** The node a search ended on with done, as the goal chooser's hint. */
function foundBy(trace: PlanTaskResult['searchTrace']): { found?: string } {
  const last = trace.at(-1);
  return last?.command === 'done' && last.node ? { found: last.node } : {};
}
