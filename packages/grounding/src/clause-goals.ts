import type { SceneGraph } from '@groundplan/scene-graph';
import { consistentGoals, type Goal } from '@groundplan/simulator';
import { namedNodes, subjectOf } from './asked-goals.js';
import { requestOpening } from './clauses.js';
import { byScore, FOUND_NODE_BONUS, type Option } from './options.js';

/**
 * How far below the instruction's best goal a clause's best may score and still join the
 * conjunction: as far as the bonus of the node the search found, which lifts the instruction's best
 * when the search found one of two things asked for ("bring me an apple from Peter and a pepsi from
 * Tobi": the search found the pepsi; the apple's clause still joins). It was 0.1 before, which left
 * that clause out; on the 90 tasks nothing else changed.
 */
export const CLAUSE_MARGIN = FOUND_NODE_BONUS;

/** How far down its ranking a clause's pick is swapped for the next conjunctions. */
const SWAP_DEPTH = 3;

/**
 * Goal conjunctions for an instruction of several clauses, most likely first: the best goal of
 * each request clause that scores within CLAUSE_MARGIN of the instruction's best ("make Niko a
 * coffee" -> coffee in his mug; "place the mug on his desk" -> the mug on his desk); then the
 * same with one pick swapped for its next best, cheapest swap first. Each clause takes the best
 * goal not taken yet and consistent with those taken (one place per object, held excludes
 * placed), at most `limit` goals.
 */
export function clauseConjunctions(
  whole: readonly Option<Goal>[],
  perClause: readonly (readonly Option<Goal>[])[],
  limit: number,
  /**
   * Per clause, whether it asks for a change no other goal accounts for (not "locate the office",
   * not a request whose goals the scene says); all are when not given.
   */
  open?: readonly boolean[],
  /**
   * Per clause, whether it says where a thing goes and its best goal puts a thing there ("leave it
   * on the bench for him"): it joins however its words match the instruction's best goal.
   */
  placed?: readonly boolean[],
): string[][] {
  const best = whole[0];
  if (best === undefined) return [];
  // A clause joins when its best goal comes close to the instruction's: a clause that only says
  // where things are ("there is coffee on the floor") matches every goal weakly.
  const joins = perClause.map(
    (ranked, c) =>
      ranked.length > 0 && (ranked[0]!.score >= best.score - CLAUSE_MARGIN || placed?.[c] === true),
  );
  const joining = perClause.filter((_, c) => joins[c]);
  if (joining.length === 0) return [];
  // Two clauses or more say the whole request between them; the last picks first, since goals
  // describe the end and a later clause's placement is where a thing ends ("make a coffee in the
  // mug and place it on his desk"). One clause joins the instruction's own best goal, which
  // stands for the open clauses that did not join; when none is left open it stands for nothing
  // ("locate the office, throw away the fruit and get them a fresh apple": the fruit's goal is
  // the scene's, locating changes nothing, and the instruction's best would put the apple in
  // the cabinet besides bringing one).
  const unjoinedOpen = open === undefined || open.some((isOpen, c) => isOpen && !joins[c]);
  const clauses = joining.length > 1 ? [...joining].reverse() : unjoinedOpen ? [whole, ...joining] : joining;
  const variants: { skips: number[]; loss: number }[] = [{ skips: clauses.map(() => 0), loss: 0 }];
  for (const [c, ranked] of clauses.entries())
    for (let skip = 1; skip <= SWAP_DEPTH && skip < ranked.length; skip++)
      variants.push({
        skips: clauses.map((_, i) => (i === c ? skip : 0)),
        loss: ranked[0]!.score - ranked[skip]!.score,
      });
  variants.sort((a, b) => a.loss - b.loss);
  const seen = new Set<string>();
  const conjunctions: string[][] = [];
  for (const { skips } of variants) {
    const goals = pickPerClause(clauses, skips, limit);
    const key = [...goals].sort().join(' & ');
    if (goals.length === 0 || seen.has(key)) continue;
    seen.add(key);
    conjunctions.push(goals);
  }
  return conjunctions;
}

/** Each clause's pick in turn: its `skips[c]`-th goal not taken yet and consistent with those taken. */
function pickPerClause(
  clauses: readonly (readonly Option<Goal>[])[],
  skips: readonly number[],
  limit: number,
): string[] {
  const taken: Option<Goal>[] = [];
  for (const [c, ranked] of clauses.entries()) {
    if (taken.length >= limit) break;
    let skip = skips[c]!;
    for (const option of ranked) {
      if (taken.some((goal) => goal.label === option.label)) continue;
      if (consistentGoals([...taken.map((goal) => goal.value), option.value]).dropped.length > 0) continue;
      if (skip-- > 0) continue;
      taken.push(option);
      break;
    }
  }
  return taken.map((option) => option.label);
}

/**
 * A clause's ranking of the goals: the mean of the goal's score against the clause and against the
 * whole instruction, so the rest of the instruction still says who "his" or "it" is.
 */
export function clauseRanking(
  whole: readonly Option<Goal>[],
  clause: readonly Option<Goal>[],
): Option<Goal>[] {
  const own = new Map(clause.map((option) => [option.label, option.score]));
  return whole
    .map((option) => ({ ...option, score: (option.score + (own.get(option.label) ?? option.score)) / 2 }))
    .sort(byScore);
}

/**
 * What the model is offered: the instruction's best goals and each clause's, taken in turn (the
 * instruction's first, then each clause's first, then the seconds ...), without repeats, at most `limit`.
 */
export function offeredGoals(
  whole: readonly Option<Goal>[],
  perClause: readonly (readonly Option<Goal>[])[],
  limit: number,
): Option<Goal>[] {
  const rankings = [whole, ...perClause];
  const offered = new Map<string, Option<Goal>>();
  const deepest = Math.max(...rankings.map((ranked) => ranked.length));
  for (let depth = 0; depth < deepest && offered.size < limit; depth++)
    for (const ranked of rankings) {
      const option = ranked[depth];
      if (option !== undefined && !offered.has(option.label) && offered.size < limit)
        offered.set(option.label, whole.find((goal) => goal.label === option.label) ?? option);
    }
  return [...offered.values()];
}

/**
 * Each request clause's ranking with the goals about what the clause itself names first: such a
 * goal gains as the found node's does, and a placement of a thing only another clause names loses
 * as much ("switch on the console and the TV in the living room" switches the TV for its second
 * clause, not the console again; "warm the ham, leave it on the bench, along with the sourdough"
 * puts the sourdough there, not the ham twice). A clause whose object is "it" or "them" names what
 * the clause before it names too, and its "in there" is read by the room said before it. A state
 * whose value the clause says and that names a thing is the clause's own ("make Niko a coffee" is
 * about the mug the next clause names), not one whose value is a particle ("switch on").
 */
export function towardOwnThings(context: {
  graph: SceneGraph;
  instruction: string;
  /** The request clauses as read (a name for "his"), and as said, to find where each stands. */
  clauses: readonly string[];
  said: readonly string[];
  /** Each clause's ranking of the goals asked for. */
  rankings: readonly (readonly Option<Goal>[])[];
}): Option<Goal>[][] {
  const { graph, instruction, clauses, said, rankings } = context;
  const owns: Set<string>[] = [];
  for (const [c, clause] of clauses.entries()) {
    const at = instruction.indexOf(said[c]!);
    const own = namedNodes(graph, clause, at > 0 ? { before: instruction.slice(0, at) } : {});
    owns.push(
      c > 0 && OBJECT_PRONOUN.test(requestOpening(clause)) ? new Set([...owns[c - 1]!, ...own]) : own,
    );
  }
  const words = clauses.map((clause) => new Set(clause.toLowerCase().match(/[a-z]+/g) ?? []));
  const thingValues = new Map<string, boolean>();
  const namesThing = (value: string) => {
    if (!thingValues.has(value)) thingValues.set(value, namedNodes(graph, value).size > 0);
    return thingValues.get(value)!;
  };
  return rankings.map((ranked, c) => {
    const own = owns[c]!;
    const others = new Set(owns.flatMap((other, o) => (o === c ? [] : [...other])));
    return ranked
      .map((option) => {
        const goal = option.value;
        const subject = subjectOf(goal) ?? '';
        const says =
          goal.kind === 'state' && words[c]!.has(goal.value.toLowerCase()) && namesThing(goal.value);
        const change =
          own.has(subject) || says
            ? FOUND_NODE_BONUS
            : others.has(subject) && goal.kind !== 'state'
              ? -FOUND_NODE_BONUS
              : 0;
        return change === 0 ? option : { ...option, score: option.score + change };
      })
      .sort(byScore);
  });
}

/** A request whose object points back: "leave it on the bench", "take them to her". */
const OBJECT_PRONOUN = /^\S+\s+(?:it|them)\b/i;
