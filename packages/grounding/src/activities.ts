import { cosine, rankByVector, type SceneIndex, type SceneIndexCache, spoken } from '@groundplan/retrieval';
import type { PlanStep, SceneGraph } from '@groundplan/scene-graph';
import {
  requireScene,
  roomOf,
  type SceneRef,
  type SceneStore,
  type View,
  visibleNodes,
} from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  type ActionSpec,
  consistentGoals,
  formatGoal,
  type Goal,
  goalNodes,
  initialState,
} from '@groundplan/simulator';
import { type Ambiguity, ambiguousThings } from './ambiguous-things.js';
import { type Ask, type CallReport, type ChatMessage, noCall, type Score } from './ask.js';
import { askedGoals, asksForChange, leavesAsIs, namedNodes, placingVerbs, subjectOf } from './asked-goals.js';
import { inBuildingWords } from './building-words.js';
import { choiceReply, choiceSchema, goalsChoiceSchema, oneChoiceReply } from './choice-contract.js';
import { choiceMessages } from './choice-prompt.js';
import { clauseConjunctions, clauseRanking, offeredGoals, towardOwnThings } from './clause-goals.js';
import { instructionClauses, isRequest } from './clauses.js';
import {
  destinationPhrase,
  FITTING_BIN,
  lastPlaceBefore,
  namedRoom,
  personBefore,
  roomNamer,
  towardDestination,
  withNamesForPronouns,
} from './destination.js';
import {
  destinationAssets,
  isDefinite,
  isPlaceQuestion,
  personSaidAt,
  placeQuestion,
  wherePeopleAre,
} from './destination-assets.js';
import { excludedByWords } from './excluded-words.js';
import { plainRequests } from './indirect-requests.js';
import { likeliestPerToken } from './likeliest.js';
import { describedNowhere, missingThings, unknownPhrases } from './missing-things.js';
import {
  DONE_LABEL,
  NEXT_ACTION_OPTIONS,
  type NextActionInput,
  type NextActionOracle,
  nextActionMessages,
  nextActionOptions,
} from './next-action.js';
import {
  currentPlacements,
  goalOptions,
  modelScoreBonus,
  type Option,
  type SearchOption,
  searchOptions,
  withBonus,
  withModelPick,
} from './options.js';
import { isPersonOf, occupantOf, ownerOf, placeOfPerson } from './people.js';
import { buildingNodes, exploredRoomNodes, planNodes } from './plan-nodes.js';
import { ambiguousOwners } from './pronoun-people.js';
import { asksForFit, plainWords } from './quantified.js';
import { absentReadThings, excludedNodes } from './read-things.js';
import { type Reading, readInstruction } from './reading.js';
import { requestGoals } from './request-goals.js';
import { restingPlaces } from './resting-places.js';
import { countedThings, placesWithout, thingsApartFrom } from './scene-answers.js';
import { appliedStep, invalidStep, type SemanticSearchStepResult } from './search-step.js';
import { plainSwitching } from './switching-idioms.js';
import {
  inNamedRoom,
  onlyOneInRoomsSaid,
  roomsOfKindSaid,
  thingsInRooms,
  thingsNotInRooms,
} from './things-in-rooms.js';
import { askedWhetherThere } from './whether-there.js';
import { writeGoals } from './written-goals.js';

/**
 * Who makes a grounded choice: the model among the best options by generating its pick (`model`)
 * or by its scores of every option's reply (`scores`, SayCan), or the retrieval prior alone
 * (`prior`, the ablation).
 */
export type Chooser = 'model' | 'scores' | 'prior';

/** How goals come about: chosen among the ranked goal options, or written by the model (LLM+P). */
export type GoalsBy = 'choice' | 'model';

export type GroundedSearchInput = {
  sceneRef: SceneRef;
  instruction: string;
  view: View;
  chooser: Chooser;
  /**
   * Which prompt the `scores` chooser scores the moves' replies after: the short choice prompt
   * (default, grounded-scored) or SayPlan's own search prompt (sayplan-scored).
   */
  scoredAfter?: 'choice' | 'sayplan';
};

/**
 * SayPlan's search prompt and its reply to a move, which @groundplan/llm (which owns that prompt)
 * supplies so the `scores` chooser can score the moves after it (sayplan-scored).
 */
export type SayPlanSearchScoring = {
  messages: (graph: SceneGraph, input: GroundedSearchInput) => ChatMessage[];
  reply: (option: SearchOption) => string;
};

export type ChooseGoalsInput = {
  sceneRef: SceneRef;
  instruction: string;
  /** The explored subgraph; goals range over its nodes and the things retrieval ranks highest. */
  view: View;
  chooser: Chooser;
  /** Goal sets chosen before and why the planner could not reach them, oldest first. */
  rejected: { goals: string[]; feedback: string }[];
  /** The node the search ended on (its done), if any: goals about it rank higher. */
  found?: string;
  /** What the user answered when the run asked which thing a phrase meant: that node is the one. */
  resolved?: { phrase: string; node: string }[];
  /** The model's reading of the instruction, when the run has one: its things and exclusions are used. */
  reading?: Reading;
  /**
   * The reading is the model's second, asked for because the rules' reading named a thing the
   * building lacks: a thing it names is there only if the building has its word. Nearness in
   * meaning, which the rules' phrase already failed, does not overturn a NotFound ("toaster" is
   * not the bread), so a second reading can only translate a word into the building's own.
   */
  secondReading?: true;
  /** What the classical planner may use: the nodes the goals need (default), all in the explored rooms, or the whole building. */
  planScope?: PlanScope;
  /** Choice among ranked options (default), or goals the model writes over the candidate nodes. */
  goalsBy?: GoalsBy;
};

/** What the classical planner searches over (issue 26, "plan over what is there"). */
export const PLAN_SCOPES = ['goal-nodes', 'explored-rooms', 'whole-building'] as const;
export type PlanScope = (typeof PLAN_SCOPES)[number];

/** The goals chosen, and the nodes the classical planner may use to reach them. */
export type ChooseGoalsResult =
  | { ok: true; goals: string[]; nodes: string[]; usage: CallReport; calls: number }
  | {
      ok: false;
      error: string;
      usage: CallReport;
      calls: number;
      /** The request names things the building does not have (missingThings), and the nearest there are. */
      notFound?: { missing: string[]; nearest: string[] };
      /** The request names a thing the building has several of by that name: ask which (ambiguousThings). */
      ambiguous?: Ambiguity;
    };

/** The next LookPlanGraph action (a step among those offered, or done), or why the model gave none. */
export type NextActionResult =
  | { ok: true; choice: PlanStep | 'done'; offered: number; usage: CallReport; calls: number }
  | { ok: false; error: string; usage: CallReport; calls: number };

/**
 * How close (cosine, all-MiniLM-L6-v2) the nearest thing must come to a phrase of unknown words for
 * the phrase to name it: below it the thing is missing. Set from a dozen probes on the office and
 * home, SayPlan's words among them (couch -> sofa 0.51-0.67, fruit -> banana 0.52-0.58 are there;
 * giraffe 0.25-0.33, unicorn 0.23-0.29, healthy snack 0.37-0.38 are not), so tuned, not held out.
 */
export const MISSING_BELOW = 0.45;

/** A place said after "on", "in", "onto" or "into", to the end of its clause. */
const PLACE_SAID = /\b(?:on|in|onto|into)\s+(the\s+[a-z][a-z -]*?)(?=\s*(?:[,.;:!?]|$)|\s[-–—]\s)/gi;

/** How many assets retrieval adds for a destination the instruction names ("on his desk"). */
const DESTINATION_THINGS = 3;

/** How much closer to a destination phrase an asset comes per word of its name its request says. */
const CLAUSE_WORD_BONUS = 0.05;

/** How much closer a destination in the room its phrase names comes ("the bed in bedroom 1"). */
const IN_NAMED_ROOM_BONUS = 0.5;

/** How many things a run offers when it asks which thing an instruction that names none means. */
const ASKED_OPTIONS = 4;

/** How many places a run offers when it asks which of several a destination means, closest first. */
const ASKED_PLACES = 6;

/** Goal glosses kept embedded per worker (384 floats each: about 30 MB at the bound). */
const MAX_CACHED_GLOSSES = 20_000;

/** How many nodes (assets and objects, best first) and rooms the model may write goals about. */
export const WRITING_LIMITS = { nodes: 30, rooms: 4 } as const;

/** How many options the model sees, how many goals it may pick, and how many things retrieval adds. */
export const GROUNDED_LIMITS = { searchOptions: 5, goalOptions: 8, goals: 3, retrievedThings: 10 } as const;

const NO_CALL = noCall('retrieval');

/** The run's question which of several places a destination means, before anything was tried. */
function whichPlace(place: string, options: readonly string[]) {
  return {
    ok: false as const,
    error: `which place for "${place}": ${options.join(', ')}?`,
    ambiguous: { phrase: placeQuestion(place), options: [...options] },
    usage: NO_CALL,
    calls: 0,
  };
}

/**
 * Grounded choices for small models: the scene graph and the simulator say what is legal, the
 * retrieval prior orders it, and the model only picks among the best few options (or, as the
 * ablation, the prior picks the first).
 */
export function groundedActivities(deps: {
  scenes: SceneStore;
  retrieval?: SceneIndexCache;
  ask: Ask;
  /** Scores options' replies by the model's log-probabilities: the `scores` chooser needs it. */
  score?: Score;
  /** The evaluation's oracle, choosing LookPlanGraph's actions instead of the model. */
  actionOracle?: NextActionOracle;
  /** The robot's skills, from its skill file; the built-in ones by default. */
  actions?: readonly ActionSpec[];
  /** SayPlan's search prompt, for search scored after it (`scoredAfter: 'sayplan'`). */
  sayPlanSearch?: SayPlanSearchScoring;
}) {
  const actions = deps.actions ?? ACTION_SPECS;
  // A replan offers mostly the same goals again: their glosses are embedded once per worker.
  const glosses = new Map<string, Float32Array>();
  const glossVectors = (index: SceneIndex) => async (texts: readonly string[]) => {
    if (glosses.size + texts.length > MAX_CACHED_GLOSSES) glosses.clear();
    const missing = [...new Set(texts.filter((text) => !glosses.has(`${index.model}\n${text}`)))];
    const vectors = missing.length > 0 ? await index.embedder.embed(missing) : [];
    for (const [i, text] of missing.entries()) glosses.set(`${index.model}\n${text}`, vectors[i]!);
    return texts.map((text) => glosses.get(`${index.model}\n${text}`)!);
  };

  /** The phrases of unknown words whose nearest thing is not near in meaning either. */
  async function absentThings(index: SceneIndex, unknown: readonly string[]) {
    const nearestTo = (await glossVectors(index)(unknown)).map(
      (vector) => rankByVector(index, vector, { kinds: ['asset', 'object'], contents: 0, limit: 1 })[0],
    );
    return unknown.flatMap((phrase, i) =>
      (nearestTo[i]?.score ?? 0) < MISSING_BELOW ? [{ phrase, nearest: nearestTo[i]?.id ?? 'nothing' }] : [],
    );
  }

  /** The options re-ranked by the model's scores of each one's reply (the `scores` chooser). */
  async function scoreOptions<T>(
    options: readonly Option<T>[],
    prompt: { messages: ChatMessage[]; replies: string[] },
  ): Promise<
    | { ok: true; bonus: Map<string, number>; report: CallReport; calls: number }
    | { ok: false; error: string; usage: CallReport; calls: number }
  > {
    if (!deps.score)
      throw new Error(
        'the scores chooser needs a model that scores: start the llm role with the local model',
      );
    const scored = await deps.score(prompt.messages, prompt.replies);
    if (!scored.ok) return scored;
    const labels = options.map((option) => option.label);
    const { logProbs, report, calls } = scored.value;
    return { ok: true, bonus: modelScoreBonus(labels, logProbs), report, calls };
  }

  /** The choice prompt and each option's reply to it. */
  const choicePrompt = <T>(
    kind: 'search' | 'goals',
    instruction: string,
    options: readonly Option<T>[],
    note?: string,
  ) => ({
    messages: choiceMessages(kind, instruction, options, note),
    replies: options.map((option) => choiceReply(kind, option.label)),
  });

  /** The prompt the search moves are scored after: the choice prompt or SayPlan's. */
  function searchPrompt(graph: SceneGraph, input: GroundedSearchInput, options: readonly SearchOption[]) {
    if (input.scoredAfter !== 'sayplan') return choicePrompt('search', input.instruction, options);
    if (!deps.sayPlanSearch)
      throw new Error("scoring after SayPlan's search prompt needs the llm package's prompt");
    return {
      messages: deps.sayPlanSearch.messages(graph, input),
      replies: options.map(deps.sayPlanSearch.reply),
    };
  }

  /**
   * The scene, its index, and the instruction in the building's words (inBuildingWords), its
   * indirect requests and switching idioms said plainly (plainRequests, plainSwitching), and
   * embedded.
   */
  async function prepare(sceneRef: SceneRef, said: string) {
    if (!deps.retrieval)
      throw new Error('grounded planning needs retrieval: start the llm role with an embedding model');
    const graph = await requireScene(deps.scenes, sceneRef);
    const index = await deps.retrieval.indexFor(sceneRef, graph);
    const instruction = plainSwitching(inBuildingWords(graph, plainRequests(said)));
    const [query] = await index.embedder.embed([instruction]);
    return { graph, index, query: query!, instruction };
  }

  return {
    /**
     * The nodes a question's answer is, read from the scene by its words, when it is a how-many
     * question (countedThings: "How many chairs are in meeting room 2?") or asks which places lack
     * a thing (placesWithout: "Which of the bedrooms don't have a nightstand?") or about things
     * besides those it sets aside (thingsApartFrom: "Apart from the ones in the kitchen, where are
     * the fire extinguishers?"); empty otherwise,
     * and the search's answer stands. No model call.
     */
    async sceneAnswer(input: { sceneRef: SceneRef; instruction: string }): Promise<string[]> {
      const graph = await requireScene(deps.scenes, input.sceneRef);
      return (
        countedThings(graph, input.instruction) ??
        placesWithout(graph, input.instruction) ??
        thingsApartFrom(graph, input.instruction) ??
        []
      );
    },

    /** One search step: the best legal (command, node) pairs by the prior; the model or the prior picks one. */
    async groundedSearchStep(given: GroundedSearchInput): Promise<SemanticSearchStepResult> {
      const { graph, index, query, instruction } = await prepare(given.sceneRef, given.instruction);
      const input = { ...given, instruction };
      // "Have we got a mop anywhere in the house?": a thing the building lacks is answered "none
      // found" (done with no node), not with the nearest thing a search would end on; so is one no
      // thing of the building answers to as a whole ("a vending machine" among coffee machines).
      // "Scotch tape or packing tape": none found only when neither is there.
      const asked = askedWhetherThere(instruction);
      // "Is there a microwave apart from the one in the kitchen?": none, when that is the only one.
      if (
        readInstruction(instruction).kind === 'question' &&
        thingsApartFrom(graph, instruction)?.length === 0
      )
        return {
          command: 'done',
          node: '',
          reasoning: 'none in the building besides those the question sets aside',
          chainOfThought: '',
          usage: NO_CALL,
          calls: 0,
        };
      const lacking = [
        ...(await absentThings(index, unknownPhrases(graph, asked))),
        ...describedNowhere(graph, asked),
      ].filter((thing, i, all) => all.findIndex((other) => other.phrase === thing.phrase) === i);
      if (asked.length > 0 && lacking.length === asked.length)
        return {
          command: 'done',
          node: '',
          reasoning: lacking
            .map((thing) => `no ${thing.phrase} in the building (the nearest thing: ${thing.nearest})`)
            .join('; '),
          chainOfThought: '',
          usage: NO_CALL,
          calls: 0,
        };
      const options = searchOptions(graph, input.view, input.instruction, index, query).slice(
        0,
        GROUNDED_LIMITS.searchOptions,
      );
      let chosen = options[0]!;
      let usage = NO_CALL;
      let calls = 0;
      if (input.chooser === 'scores' && options.length > 1) {
        const scored = await scoreOptions(options, searchPrompt(graph, input, options));
        if (!scored.ok) return invalidStep(scored);
        chosen = withBonus(options, scored.bonus)[0]!;
        usage = scored.report;
        calls = scored.calls;
      } else if (input.chooser === 'model' && options.length > 1) {
        const answer = await deps.ask(
          choiceMessages('search', input.instruction, options),
          choiceSchema(options.map((option) => option.label)),
          'grounded_search_choice',
          48,
        );
        if (!answer.ok) return invalidStep(answer);
        chosen = withModelPick(options, [answer.value.value.choice])[0]!;
        usage = answer.value.report;
        calls = answer.value.calls.length;
      }
      const { command, node } = chosen.value;
      const step = { command, node, reasoning: `chose ${chosen.label}`, chainOfThought: '', usage, calls };
      return appliedStep(graph, input.view, step);
    },

    /**
     * LookPlanGraph's step: the model picks the next action among the best feasible ones by the
     * retrieval prior, or done. With no feasible action, done is the only choice and no call is made.
     */
    async chooseNextAction(input: NextActionInput): Promise<NextActionResult> {
      if (deps.actionOracle) {
        const choice = await deps.actionOracle(input);
        return { ok: true, choice, offered: input.steps.length, usage: NO_CALL, calls: 0 };
      }
      const prepared = await prepare(input.sceneRef, input.instruction);
      const { graph, index, query } = prepared;
      input = { ...input, instruction: prepared.instruction };
      const options = (await nextActionOptions(graph, input, glossVectors(index), query)).slice(
        0,
        NEXT_ACTION_OPTIONS,
      );
      if (options.length === 0) return { ok: true, choice: 'done', offered: 0, usage: NO_CALL, calls: 0 };
      const labels = [...options.map((option) => option.label), DONE_LABEL];
      const messages = nextActionMessages(input.instruction, input.history, options);
      if (input.chooser === 'scores') {
        // SayCan: feasibility (the simulator's) and the prior chose what is offered; the model's
        // likeliest reply among them and done, per token, is the action.
        if (!deps.score)
          throw new Error(
            'the scores chooser needs a model that scores: start the llm role with the local model',
          );
        const scored = await deps.score(messages, labels.map(oneChoiceReply));
        if (!scored.ok) return scored;
        const { logProbs, tokens, report, calls } = scored.value;
        const chosen = options[likeliestPerToken(logProbs, tokens)];
        return {
          ok: true,
          choice: chosen === undefined ? 'done' : chosen.value,
          offered: options.length,
          usage: report,
          calls,
        };
      }
      const answer = await deps.ask(messages, choiceSchema(labels), 'next_action_choice', 48);
      if (!answer.ok) return answer;
      const label = answer.value.value.choice;
      const chosen = options.find((option) => option.label === label);
      return {
        ok: true,
        choice: chosen === undefined ? 'done' : chosen.value,
        offered: options.length,
        usage: answer.value.report,
        calls: 1,
      };
    },

    /**
     * Goal predicates for the instruction, from the explored nodes and the things retrieval ranks
     * highest for it, its clauses and the places it names; one goal per request clause when it has
     * several. The planner gets the nodes those goals need.
     */
    async chooseGoals(input: ChooseGoalsInput): Promise<ChooseGoalsResult> {
      const chosen = await chooseGoalsFor(input);
      if (!chosen.ok || input.planScope === undefined || input.planScope === 'goal-nodes') return chosen;
      // The planner may use everything in the rooms the search explored, or in the whole building,
      // not only what the goals need.
      const graph = await requireScene(deps.scenes, input.sceneRef);
      const around =
        input.planScope === 'explored-rooms' ? exploredRoomNodes(graph, input.view) : buildingNodes(graph);
      return { ...chosen, nodes: [...new Set([...chosen.nodes, ...around])].sort() };
    },
  };

  async function chooseGoalsFor(given: ChooseGoalsInput): Promise<ChooseGoalsResult> {
    const { graph, index, query, instruction } = await prepare(given.sceneRef, given.instruction);
    const input = { ...given, instruction };
    // The requests, each with "his desk" read as the named person's desk.
    const said = instructionClauses(input.instruction).filter(isRequest);
    const isPerson = (word: string) => isPersonOf(graph, word);
    // "Whose notebook: Filipe's or Aaron's?" answered settles whom "his" stands for.
    const answeredPeople = (input.resolved ?? []).flatMap((answer) => {
      const owner = graph.hasNode(answer.node)
        ? (ownerOf(graph, answer.node) ?? occupantOf(graph, answer.node))
        : undefined;
      return owner === undefined ? [] : [owner, owner.replace(/s$/, '')];
    });
    const requests = said.map((clause) =>
      withNamesForPronouns(input.instruction, clause, isPerson, answeredPeople),
    );
    // A request for something the building does not have ends here: no goal is made up for it.
    // Unknown words, and nothing near in meaning either ("the couch" in a building of sofas is there).
    // The model's reading names the things; without one, the noun phrases of the requests.
    const details = input.reading?.details;
    const absent = details
      ? absentReadThings(graph, details, input.secondReading ? Number.POSITIVE_INFINITY : MISSING_BELOW)
      : await absentThings(index, missingThings(graph, instructionClauses(input.instruction)));
    if (absent.length > 0) {
      const missing = absent.map((thing) => thing.phrase);
      const nearest = absent.map((thing) => thing.nearest);
      const said = missing.map(
        (phrase, i) => `no ${phrase} in the building (the nearest thing: ${nearest[i]})`,
      );
      return {
        ok: false,
        error: said.join('; '),
        notFound: { missing, nearest },
        usage: NO_CALL,
        calls: 0,
      };
    }
    // "The bed in bedroom 3" where bedroom 3 has none: the request cannot be met as said, and no
    // bed elsewhere stands in for it.
    // The whole instruction, so "in there" can point back across its clauses.
    const notInRoom = thingsNotInRooms(graph, [input.instruction]);
    if (notInRoom.length > 0)
      return {
        ok: false,
        error: notInRoom.map((thing) => `no ${thing.phrase} (the nearest: ${thing.nearest})`).join('; '),
        notFound: {
          missing: notInRoom.map((thing) => thing.phrase),
          nearest: notInRoom.map((thing) => thing.nearest),
        },
        usage: NO_CALL,
        calls: 0,
      };
    // "The stapler" with three staplers: the run asks which instead of guessing.
    const resolved = input.resolved ?? [];
    // "The night light goes on the nightstand - can you put it there?": the place "there" points to
    // is as unclear as if the request said it.
    const pointedAt = requests.some((request) => /\bthere\b/i.test(request))
      ? [...input.instruction.matchAll(PLACE_SAID)].map((match) => match[1]!)
      : [];
    const unresolved = ambiguousThings(
      graph,
      requests.length > 0 ? [...requests, ...pointedAt] : [input.instruction],
    ).filter((ambiguity) => !resolved.some((answer) => answer.phrase === ambiguity.phrase));
    // "I'm in the first-floor living room ... the coffee table": the room said answers which one.
    const settled = unresolved.flatMap((ambiguity) => {
      const node = onlyOneInRoomsSaid(graph, ambiguity.options, input.instruction);
      return node === undefined ? [] : [{ phrase: ambiguity.phrase, node }];
    });
    // "Filipe's off sick, so Aaron's teaching ... his notebook": whose, when both have one, is asked.
    const unclear =
      unresolved.find((ambiguity) => !settled.some((answer) => answer.phrase === ambiguity.phrase)) ??
      ambiguousOwners(
        graph,
        input.instruction,
        isPerson,
        resolved.map((answer) => answer.node),
      )[0];
    if (unclear)
      return {
        ok: false,
        error: `which ${unclear.phrase}: ${unclear.options.join(', ')}?`,
        ambiguous: unclear,
        usage: NO_CALL,
        calls: 0,
      };
    // The thing the user named is what the goals are about; a place they named is where it goes.
    const placeAnswers = resolved.filter((answer) => isPlaceQuestion(answer.phrase));
    const thingAnswers = [...resolved.filter((answer) => !isPlaceQuestion(answer.phrase)), ...settled];
    const found = thingAnswers.at(-1)?.node ?? input.found;
    const clauses = requests.length > 1 ? requests : [];
    const placing = placingVerbs(actions);
    const destinations = requests.map((clause, c) =>
      destinationPhrase(clause, {
        namesRoom: roomNamer(graph),
        placingVerbs: placing,
        speakerAt: wherePeopleAre(graph, input.instruction),
        placeSaidBefore: () => lastPlaceBefore(input.instruction, said[c]!),
        // "Take him something": to where the person named before this clause has things brought.
        placeOfPerson: () => {
          // A sentence may open with a name the building knows ("Tobi spilt soda ...").
          const person = personBefore(
            input.instruction,
            said[c]!,
            (word) => placeOfPerson(graph, word) !== undefined,
          );
          // "Locate the office ... get them a fresh apple": whoever's room the search found.
          const occupant = person ?? occupantOf(graph, found);
          if (occupant === undefined) return undefined;
          // "Omar's at the lab bench in the ag lab ... take him the screwdriver": where they are now.
          return personSaidAt(graph, input.instruction, occupant) ?? placeOfPerson(graph, occupant);
        },
      }),
    );
    const embed = glossVectors(index);
    const clauseQueries = clauses.length > 0 ? await embed(clauses) : [];
    const places = [...new Set(destinations.filter((place) => place !== undefined))];
    const placeQueries = await embed(places);
    const placeQuery = new Map(places.map((place, i) => [place, placeQueries[i]!]));
    const things = (vector: Float32Array, kinds: ('asset' | 'object')[], limit: number) =>
      rankByVector(index, vector, { kinds, contents: 0, limit }).map((entry) => entry.id);
    /** The room the user answered for a destination phrase, when the run asked which room. */
    const answeredRoom = (place: string) => {
      const node = placeAnswers.find((answer) => answer.phrase === placeQuestion(place))?.node;
      return node !== undefined && graph.hasNode(node) && graph.getNodeAttribute(node, 'kind') === 'room'
        ? node
        : undefined;
    };
    // "The table in meeting room 3": the assets of the kind a destination names, in the room it
    // names; of many, the few closest in meaning to it are candidates.
    const fitting = destinations.map((place, c) => {
      // "The right bin": the place that fits each thing (request-goals.ts), not one to choose.
      if (place === undefined || place === FITTING_BIN || asksForFit(place)) return undefined;
      const answered = placeAnswers.find((answer) => answer.phrase === placeQuestion(place));
      // A room answered for "the first-floor bedroom" is where things rest in it (placeFits).
      if (answered) return answeredRoom(place) !== undefined ? undefined : [answered.node];
      const assets = destinationAssets(graph, input.instruction, place, requests[c]);
      // "... in the first-floor living room. ... bring it to the coffee table": the one there.
      const there =
        assets !== undefined && assets.length > 1
          ? onlyOneInRoomsSaid(graph, assets, input.instruction)
          : undefined;
      return there === undefined ? assets : [there];
    });
    // Things are put where the building keeps things, or where a request says to put them: no
    // chair, and no TV the instruction only asks to switch on.
    const resting = restingPlaces(graph, destinations.filter((place) => place !== undefined).join('. '));
    // "Put the paper towels in bathroom 1": on or in something there that things are kept on.
    const roomOfPhrase = namedRoom(graph);
    const placeFits = fitting.map((fits, c) => {
      const place = destinations[c];
      const room =
        fits === undefined && place !== undefined ? (answeredRoom(place) ?? roomOfPhrase(place)) : undefined;
      if (room === undefined) return fits;
      const there = graph.filterNodes(
        (id, attributes) => attributes.kind === 'asset' && roomOf(graph, id) === room && resting(id),
      );
      return there.length > 0 ? [room, ...there] : undefined;
    });
    const fitSets = placeFits.map((fits) => (fits === undefined ? undefined : new Set(fits)));
    /** The assets of a destination's kind closest in meaning to its phrase, best first. */
    const closestFitting = (c: number, limit: number) =>
      rankByVector(index, placeQuery.get(destinations[c]!)!, { kinds: ['asset'], contents: 0 })
        .map((entry) => entry.id)
        .filter((id) => fitSets[c]!.has(id))
        .slice(0, limit);
    // "Move it down to the bathroom on the first floor" with two there: the run asks which room,
    // unless the instruction names one of them elsewhere.
    const roomsUnsure = destinations.map((place) => {
      if (place === undefined || answeredRoom(place) !== undefined) return [];
      // The room a destination names, or the room it names its asset in ("the bed in the
      // first-floor bedroom": the beds there, of which the person says which).
      const [asset, ...inRoom] = place.split(/\s+in\s+/);
      const rooms = roomsOfKindSaid(graph, inRoom.at(-1) ?? asset!);
      if (rooms.length === 0 || onlyOneInRoomsSaid(graph, rooms, input.instruction) !== undefined) return [];
      if (inRoom.length === 0) return rooms;
      const there = (destinationAssets(graph, input.instruction, asset!) ?? []).filter((id) =>
        rooms.includes(roomOf(graph, id) ?? ''),
      );
      return there.length > 1 ? there : [];
    });
    const unsureRoom = roomsUnsure.findIndex((rooms) => rooms.length > 0);
    if (unsureRoom >= 0 && input.rejected.length === 0)
      return whichPlace(destinations[unsureRoom]!, roomsUnsure[unsureRoom]!);
    // "Put it on the sofa" in a house of three sofas: the run asks which, as for a thing, before
    // anything was tried.
    const unsure = destinations.findIndex(
      (place, c) => place !== undefined && isDefinite(place) && (fitting[c]?.length ?? 0) > 1,
    );
    if (unsure >= 0 && input.rejected.length === 0)
      return whichPlace(destinations[unsure]!, closestFitting(unsure, ASKED_PLACES));
    const fittingNodes = placeFits.flatMap((fits, c) =>
      fits === undefined || fits.length <= DESTINATION_THINGS
        ? (fits ?? [])
        : closestFitting(c, DESTINATION_THINGS),
    );
    // Each clause's objects and each named destination are candidates too, not only the whole
    // instruction's best things.
    const retrieved = [
      ...[query, ...clauseQueries].flatMap((vector) =>
        things(vector, ['asset', 'object'], GROUNDED_LIMITS.retrievedThings),
      ),
      ...placeQueries.flatMap((vector) => things(vector, ['asset'], DESTINATION_THINGS)),
      ...fittingNodes,
    ];
    // What the person said not to touch is no goal's node: what the model's reading excludes and
    // what the words exclude ("everything except the chess").
    const excluded = new Set([
      ...(details ? excludedNodes(details, MISSING_BELOW) : []),
      ...excludedByWords(graph, input.instruction),
    ]);
    const nodes = [...new Set([...visibleNodes(graph, input.view), ...retrieved, ...(found ? [found] : [])])]
      .filter((id) => !excluded.has(id))
      .sort();
    const start = initialState(graph);
    if (!start.ok) return { ok: false, error: start.error, usage: NO_CALL, calls: 0 };
    if (input.goalsBy === 'model') {
      // The model writes the goal over the candidates: the nodes closest in meaning to the
      // instruction, to one of its clauses or to a place it names, best first (the node the search
      // found and the user's answers first of all), and the rooms closest to it.
      const closest = new Map<string, number>();
      for (const vector of [query, ...clauseQueries, ...placeQueries])
        for (const entry of rankByVector(index, vector, { kinds: ['asset', 'object'], contents: 0 }))
          closest.set(entry.id, Math.max(closest.get(entry.id) ?? -1, entry.score));
      const first = [...(found ? [found] : []), ...thingAnswers.map((answer) => answer.node)];
      const allowed = new Set(nodes);
      const rooms = rankByVector(index, query, { kinds: ['room'], contents: 0, limit: WRITING_LIMITS.rooms });
      const candidates = [
        ...new Set([
          ...first,
          ...[...nodes].sort((a, b) => (closest.get(b) ?? -1) - (closest.get(a) ?? -1) || (a < b ? -1 : 1)),
        ]),
      ]
        .filter((id) => allowed.has(id) && graph.getNodeAttribute(id, 'kind') !== 'room')
        .slice(0, WRITING_LIMITS.nodes)
        .concat(rooms.map((room) => room.id).filter((id) => !excluded.has(id)));
      const written = await writeGoals({
        graph,
        state: start.value,
        instruction: input.instruction,
        candidates,
        rejected: input.rejected,
        ask: deps.ask,
        actions,
      });
      if (!written.ok) return written;
      return {
        ...written,
        goals: written.goals.map((goal) => formatGoal(goal)),
        nodes: planNodes(graph, start.value, written.goals, actions),
      };
    }
    const tried = new Set(input.rejected.map((set) => [...set.goals].sort().join(' & ')));
    const restsWell = (goal: Goal) => (goal.kind !== 'on' && goal.kind !== 'inside') || resting(goal.target);
    const rankWith = async (vector: Float32Array, extra: readonly Goal[]) =>
      (await goalOptions(graph, start.value, nodes, embed, vector, found, extra, actions)).filter((option) =>
        restsWell(option.value),
      );
    // How well each asset's name matches a destination phrase, per request with one.
    const assets = nodes.filter((id) => graph.getNodeAttribute(id, 'kind') === 'asset' && resting(id));
    const assetVectors = places.length > 0 ? await embed(assets.map((id) => spoken(id))) : [];
    // An asset whose name shares more of its request's words fits a little better: "place the
    // clean cutlery in the drawer" means the cutlery drawer among equally named drawers.
    const closeness = destinations.map((place, c) => {
      const vector = place === undefined ? undefined : placeQuery.get(place);
      const fits = fitSets[c];
      const said = new Set(plainWords(requests[c] ?? ''));
      // "The coffee table in the first-floor living room": the one in that room fits best.
      const inRoom = new Set(
        place === undefined ? [] : thingsInRooms(graph, place).flatMap((thing) => thing.inRoom),
      );
      return (
        vector &&
        new Map(
          assets
            .flatMap((id, i) => (fits !== undefined && !fits.has(id) ? [] : [[id, i] as const]))
            .map(([id, i]) => [
              id,
              cosine(assetVectors[i]!, vector) +
                (inRoom.has(id) ? IN_NAMED_ROOM_BONUS : 0) +
                CLAUSE_WORD_BONUS *
                  spoken(id)
                    .split(' ')
                    .filter((word) => said.has(word)).length,
            ]),
        )
      );
    });
    const toward = (ranked: Option<Goal>[], c: number | undefined) => {
      const near = c === undefined ? undefined : closeness[c];
      return near === undefined ? ranked : towardDestination(ranked, near, fitSets[c!]);
    };
    // A clause may keep a thing where it is while another moves it: its ranking has current
    // placements too.
    const kept = clauses.length > 0 ? currentPlacements(graph, start.value, nodes) : [];
    const current = new Set(kept.map((goal) => formatGoal(goal)));
    // The whole instruction's ranking goes toward its destination when only one request says one
    // ("The TV in meeting room 3 has no remote ... leave that one on the table in meeting room 3").
    const placed = destinations.flatMap((place, c) => (place === undefined ? [] : [c]));
    const wholeAll = toward(await rankWith(query, kept), placed.length === 1 ? placed[0] : undefined);
    // The ranking offers goals about things the instruction names and states it asks to change:
    // a goal about something nobody named changes what nobody asked for (askedGoals).
    const asked = askedGoals({
      graph,
      instruction: input.instruction,
      named: thingAnswers.map((answer) => answer.node),
      actions,
      requests,
    });
    const unnamed = wholeAll.filter((option) => !current.has(option.label) && !tried.has(option.label));
    const whole = wholeAll.filter((option) => !current.has(option.label) && asked(option.value));
    const perClauseAll = await Promise.all(
      clauseQueries.map(async (vector, c) =>
        toward(clauseRanking(wholeAll, await rankWith(vector, kept)), c).filter(
          (option) => !tried.has(option.label),
        ),
      ),
    );
    const perClause = towardOwnThings({
      graph,
      instruction: input.instruction,
      clauses,
      said,
      rankings: perClauseAll.map((ranked) => ranked.filter((option) => asked(option.value))),
    });
    const options = whole.filter((option) => !tried.has(option.label)).slice(0, GROUNDED_LIMITS.goalOptions);
    const byLabel = new Map(wholeAll.map((option) => [option.label, option.value]));
    // Requests over several things, or for the place that fits a thing, say their goals through
    // the scene; once the planner has rejected them, the choice goes on without them.
    const closest = (near: Map<string, number> | undefined) =>
      near && [...near.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
    const bestOf = (kind: 'asset' | 'object') => async (phrase: string) =>
      things((await embed([phrase]))[0]!, [kind], 1)[0];
    const closestNamed = async (phrase: string, kind: 'asset' | 'object') => {
      const named = [...namedNodes(graph, phrase)].filter(
        (id) => graph.getNodeAttribute(id, 'kind') === kind,
      );
      if (named.length <= 1) return named[0];
      const [vector] = await embed([phrase]);
      return rankByVector(index, vector!, { kinds: [kind], contents: 0 }).find((entry) =>
        named.includes(entry.id),
      )?.id;
    };
    const requestedAll = await requestGoals({
      scene: { graph, state: start.value },
      requests,
      destinations,
      ranking: (c) => (clauses.length > 0 ? (perClauseAll[c] ?? []) : wholeAll),
      destinationAsset: (c) => closest(closeness[c]),
      // "From the nightstand in bedroom 2": the nightstand in that room, not the one the words fit best.
      // Else the asset its words name that is closest in meaning ("Niko's desk": of the desks,
      // Niko's; not his chair).
      assetFor: async (phrase, clause) =>
        inNamedRoom(graph, phrase, clause ?? '', 'asset') ??
        (await closestNamed(phrase, 'asset')) ??
        (await bestOf('asset')(phrase)),
      objectsFor: async (noun, limit) => things((await embed([noun]))[0]!, ['object'], limit),
      embed,
      namedIn: (text, options) => namedNodes(graph, text, options),
      instruction: input.instruction,
      ...(found !== undefined ? { found } : {}),
    });
    const requested = requestedAll.goals.filter((goal) => goalNodes(goal).every((id) => !excluded.has(id)));
    // A request whose goals the scene says is not also read from the ranking: its best guess
    // would move a second thing for the one it names.
    for (const c of requestedAll.covered) if (perClause[c]) perClause[c] = [];
    // The clauses that ask for a change no goal of the scene's accounts for; a clause that says
    // no skill's verb shares the one before it ("rinse the dirty plate and bowl" says "rinse" once),
    // unless it asks that things stay as they are ("open it up and leave it like that for her").
    const changing = clauses.map((clause) => asksForChange(clause, actions));
    const open = clauses.map(
      (clause, c) =>
        !requestedAll.covered.includes(c) &&
        (changing[c] || (c > 0 && changing[c - 1]! && !leavesAsIs(clause))),
    );
    const requestedLabels = requested.map((goal) => formatGoal(goal));
    const setTried = input.rejected.some((set) =>
      requestedLabels.every((label) => set.goals.includes(label)),
    );
    // The goals the planner gets: the requested ones first, then the chosen ones that agree with them.
    const withRequested = (chosen: readonly Goal[]) =>
      consistentGoals([...(setTried ? [] : requested), ...chosen]).kept.map((goal) => formatGoal(goal));
    // "All the ingredients": which things the words mean is for the person to say.
    const unclearSet = requestedAll.unclear;
    if (unclearSet && resolved.length === 0 && input.rejected.length === 0)
      return {
        ok: false,
        error: `which ${unclearSet.phrase}: ${unclearSet.options.join(', ')}?`,
        ambiguous: unclearSet,
        usage: NO_CALL,
        calls: 0,
      };
    // Every request says its goals through the scene: the ranking adds nothing to them.
    const allCovered = requests.length > 0 && requestedAll.covered.length === requests.length && !setTried;
    if (options.length === 0 || allCovered) {
      const alone = withRequested([]);
      // The requests over sets say the goals themselves; nothing of the ranking needs to join them.
      if (alone.length > 0 && !setTried) {
        const goals = alone;
        return {
          ok: true,
          goals,
          nodes: planNodes(graph, start.value, requested, actions),
          usage: NO_CALL,
          calls: 0,
        };
      }
      // The ranking offers only goals about things nobody named: before anything was tried, ask
      // which thing is meant; once the asked goals were tried, nothing else takes their place.
      const guesses = [...new Set(unnamed.flatMap((option) => subjectOf(option.value) ?? []))].slice(
        0,
        ASKED_OPTIONS,
      );
      if (guesses.length > 0 && resolved.length === 0 && input.rejected.length === 0)
        return {
          ok: false,
          error: `which thing for "${requests[0] ?? input.instruction}": ${guesses.join(', ')}?`,
          ambiguous: { phrase: `thing for "${requests[0] ?? input.instruction.trim()}"`, options: guesses },
          usage: NO_CALL,
          calls: 0,
        };
      return { ok: false, error: 'no goal left to try among the explored nodes', usage: NO_CALL, calls: 0 };
    }
    // The planner gets the goals' nodes, not every explored one (see planNodes).
    const nodesFor = (goals: readonly string[]) =>
      planNodes(
        graph,
        start.value,
        goals.map((label) => byLabel.get(label) ?? requested.find((goal) => formatGoal(goal) === label)!),
        actions,
      );
    const fresh = (goals: string[]) => goals.length > 0 && !tried.has([...goals].sort().join(' & '));
    const nextUntried = (
      ranked: readonly Option<Goal>[],
      clauseRanked: readonly (readonly Option<Goal>[])[] = perClause,
    ): string[] => {
      // The next untried choice by score: one goal per request clause (their conjunction);
      // when the planner rejects it, the best goal alone before the clauses' swaps; then each
      // goal alone down the ranking. No goal is added that no clause asks for: the rule that
      // joined goals about the same node ("close the cabinet" with "the keyboard inside it")
      // changed things nobody named, and on SayPlan's 90 it made no task right.
      // One goal per request clause, and at least as many as the model may choose.
      const [together, ...swaps] = clauseConjunctions(
        ranked,
        clauseRanked,
        Math.max(GROUNDED_LIMITS.goals, clauses.length),
        open,
        clauseRanked.map((clause, c) => {
          const goal = clause[0]?.value;
          return (goal?.kind === 'on' || goal?.kind === 'inside') && fitSets[c]?.has(goal.target) === true;
        }),
      );
      const first = ranked[0] ? [[ranked[0].label]] : [];
      for (const conjunction of [...(together ? [together] : []), ...first, ...swaps])
        if (fresh(conjunction)) return conjunction;
      for (const option of ranked) if (fresh([option.label])) return [option.label];
      return [];
    };
    if (input.chooser === 'prior' || options.length === 1) {
      const goals = nextUntried(options);
      if (goals.length === 0)
        return {
          ok: false,
          error: 'no goal left to try among the explored nodes',
          usage: NO_CALL,
          calls: 0,
        };
      const planned = withRequested(goals.map((label) => byLabel.get(label)!));
      return { ok: true, goals: planned, nodes: nodesFor(planned), usage: NO_CALL, calls: 0 };
    }
    const last = input.rejected.at(-1);
    const triedNote = last ? `Tried before: ${last.goals.join(' & ')}; ${last.feedback}` : undefined;
    // The model sees the instruction's best goals and each clause's, interleaved, as many as before.
    const offered = offeredGoals(options, perClause, GROUNDED_LIMITS.goalOptions);
    if (input.chooser === 'scores') {
      const scored = await scoreOptions(
        offered,
        choicePrompt('goals', input.instruction, offered, triedNote),
      );
      if (!scored.ok) return scored;
      // Each offered goal's bonus joins its prior score wherever it is ranked; the prior's rule chooses.
      const chosen = nextUntried(
        withBonus(options, scored.bonus),
        perClause.map((ranked) => withBonus(ranked, scored.bonus)),
      ).map((label) => byLabel.get(label)!);
      if (chosen.length === 0)
        return { ok: false, error: 'no goal left to try among the explored nodes', usage: NO_CALL, calls: 0 };
      const goals = withRequested(consistentGoals(chosen).kept);
      return { ok: true, goals, nodes: nodesFor(goals), usage: scored.report, calls: scored.calls };
    }
    const answer = await deps.ask(
      choiceMessages('goals', input.instruction, offered, triedNote),
      goalsChoiceSchema(
        offered.map((option) => option.label),
        GROUNDED_LIMITS.goals,
      ),
      'grounded_goal_choice',
      96,
    );
    if (!answer.ok) return answer;
    // The model's picks raise those goals' scores; the prior's rule then chooses from the result.
    const picks = answer.value.value.goals;
    const chosen = nextUntried(
      withModelPick(options, picks),
      perClause.map((ranked) => withModelPick(ranked, picks)),
    ).map((label) => byLabel.get(label)!);
    if (chosen.length === 0)
      return { ok: false, error: 'no goal left to try among the explored nodes', usage: NO_CALL, calls: 0 };
    // Picks that cannot hold together (the mug on the desk and in the fridge): the first is kept,
    // so the planner never searches for an impossible state.
    const goals = withRequested(consistentGoals(chosen).kept);
    return {
      ok: true,
      goals,
      nodes: nodesFor(goals),
      usage: answer.value.report,
      calls: answer.value.calls.length,
    };
  }
}
